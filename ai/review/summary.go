package review

import (
	"cmp"
	"math"
	"slices"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// A Summary is what a review says of the player's game as a whole. The
// moves the AI made (see Mover.AI) count in AI and nowhere else.
type Summary struct {
	// Accuracy is how much better than chance the player's moves were, in
	// percent: 100 if none was worse than good, 0 if they were no better on
	// the whole than moves picked at random (it is never below 0).
	//
	// A best or good move scores 1, a worse one exp(−(loss − GoodLoss)/
	// AccuracyScale): from 1 down to about 0.64 for an inaccuracy, 0.09 at
	// the line between a mistake and a blunder, 0.01 at a loss of 10%.
	// Chance scores the mean of the scores of the legal moves.
	// Accuracy is the sum, over the rated moves, of the move's score less
	// chance's, divided by the sum of 1 less chance's. A position where any
	// move is good counts for nothing, one where most moves lose much
	// counts for much; a random player scores about 0, and the AI at the
	// review setting 100 (the README has the figures of other players).
	//
	// It is meaningful only if Rated > 0.
	Accuracy float64
	Rated    int // the player's moves that count in Accuracy: all but the forced ones
	// Mattered counts the rated moves where the choice mattered: some legal
	// move was worse than good there. The others count for nothing in the
	// accuracy, whichever move was played.
	Mattered int
	// Verdicts counts the player's moves of each verdict.
	Verdicts [NumVerdicts]int
	Player   int // the moves the player made
	AI       int // the moves the AI made
}

// AccuracyScale is the loss beyond GoodLoss at which a move's score in the
// accuracy has fallen to 1/e. Most moves in 2048 lose less than a few
// percent even when played at random, so the score falls gently over the
// inaccuracies and steeply over the mistakes: a few inaccuracies in a quiet
// opening leave a high accuracy, and random play, whose moves are mistakes
// where it matters, stays near 0.
const AccuracyScale = 0.02

// moveScore returns the score in the accuracy of d on r.Board, r being the
// AI's search of that board: 1 for a best or good move, falling towards 0
// as the loss grows beyond, 0 for a move that loses at once while another
// does not.
func moveScore(r ai.Result, d engine.Direction) float64 {
	if fatal(r, d) {
		return 0
	}
	if loss := r.Gap(d); loss >= GoodLoss {
		return math.Exp(-(loss - GoodLoss) / AccuracyScale)
	}
	return 1
}

// chanceScore returns the mean score of the legal moves of r: what a move
// picked at random scores on average.
func chanceScore(r ai.Result) float64 {
	sum, n := 0.0, 0
	for d, ok := range r.Legal {
		if ok {
			sum += moveScore(r, engine.Direction(d))
			n++
		}
	}
	return sum / float64(n)
}

// Summary sums up the moves reviewed.
func (r *Review) Summary() Summary {
	var s Summary
	var above, room float64 // the score above chance's, and the most there could be
	for _, m := range r.Moves {
		if m.By.AI() {
			s.AI++
			continue
		}
		s.Player++
		s.Verdicts[m.Verdict]++
		if m.Verdict == Forced {
			continue
		}
		s.Rated++
		chance := chanceScore(m.Search)
		if chance < 1 {
			s.Mattered++
		}
		above += moveScore(m.Search, m.Played) - chance
		room += 1 - chance
	}
	switch {
	case s.Rated == 0:
	case room == 0:
		s.Accuracy = 100 // every move was good
	default:
		s.Accuracy = 100 * min(max(above/room, 0), 1) // above ≤ room; min keeps rounding from passing 100
	}
	return s
}

// Worst returns up to n of the player's moves that lost most, worst first:
// the blunders, then the others by loss, the earlier first among equals.
// Moves without loss are not among them.
func (r *Review) Worst(n int) []Move {
	var worst []Move
	for _, m := range r.Moves {
		if !m.By.AI() && (m.Loss > BestLoss || m.Verdict == Blunder) {
			worst = append(worst, m)
		}
	}
	slices.SortStableFunc(worst, func(a, b Move) int {
		if ab, bb := a.Verdict == Blunder, b.Verdict == Blunder; ab != bb {
			if ab {
				return -1
			}
			return 1
		}
		return cmp.Compare(b.Loss, a.Loss)
	})
	return worst[:min(n, len(worst))]
}
