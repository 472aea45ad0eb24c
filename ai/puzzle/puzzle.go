// Package puzzle finds the positions of a game where one move is clearly
// best, as lichess finds its puzzles in real games: the AI's best move must
// beat the second best by a wide margin, and a deeper search must agree.
//
// A position qualifies when the second best move, played there, would be at
// least a mistake by the review's own verdicts (review.Judge): a loss of
// review.InaccuracyLoss or more, the lower bound of a mistake, or a move
// that loses the game at once while the best does not. A loss is a
// fraction of the best move's value (ai.Result.Gap) whatever the
// evaluator: with one whose values are points still to come (an
// ai.ScoreEstimator), 0.05 is 5% of the points the best move expects, so
// the same thresholds hold. A position with a single legal move is forced
// and never a puzzle.
//
// Finding is in two steps. The review of a game (ai/review) has searched
// every position already: Candidate picks from those searches, for free.
// Confirm searches a candidate again, deeper, from an empty table: the
// position is a puzzle only if the deeper search keeps the same best move
// with a gap still at the threshold. FromReview does both for a game, at
// most PerGame puzzles, the player's own slips first.
//
// The package does no I/O.
package puzzle

import (
	"cmp"
	"context"
	"slices"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// PerGame is the most puzzles FromReview takes from one game.
const PerGame = 3

// MinGap is the smallest gap between the best move and the second best of
// a puzzle: the loss from which the review calls a move a mistake.
const MinGap = review.InaccuracyLoss

// ConfirmDepth is the depth of the confirming search: a ply deeper than the
// review's default.
const ConfirmDepth = review.DefaultDepth + 1

// maxTries is the most candidates of one game FromReview searches again:
// a game of many candidates that the deeper search turns down costs a
// bounded time.
const maxTries = 3 * PerGame

// A Puzzle is a position where one move is clearly best.
type Puzzle struct {
	// Search is the confirming search of the position: its Board, the Value
	// of each Legal move, the Best one, and the Depth it searched.
	Search ai.Result
	// Second is the next best move at that search.
	Second engine.Direction
	// Points is set when the values are points still to come (the
	// evaluator was an ai.ScoreEstimator): a loss is then shown in points.
	Points bool
	// Move is the number of the move of the game at the position (from 1),
	// Played the move made there, and Slip is set when the player made it
	// by hand and the review judged it a mistake or a blunder. All zero for
	// a position of no game.
	Move   int
	Played engine.Direction
	Slip   bool
}

// Board returns the position of the puzzle.
func (p Puzzle) Board() engine.Board { return p.Search.Board }

// Best returns the move that solves the puzzle.
func (p Puzzle) Best() engine.Direction { return p.Search.Best }

// Gap returns how far the second best move falls behind the best, as
// ai.Result.Gap measures it.
func (p Puzzle) Gap() float64 { return p.Search.Gap(p.Second) }

// Candidate reports whether the position r searched is a puzzle at r's
// depth, and its second best move: at least two legal moves, and the
// second best judged a mistake or a blunder.
func Candidate(r ai.Result) (second engine.Direction, ok bool) {
	second, ok = secondBest(r)
	if !ok {
		return 0, false
	}
	_, v := review.Judge(r, second)
	return second, v == review.Mistake || v == review.Blunder
}

// secondBest returns the legal move of r other than r.Best of the highest
// value, the first of the directions among equals; ok is false with fewer
// than two legal moves.
func secondBest(r ai.Result) (engine.Direction, bool) {
	if !r.HasMove() || !r.Legal[r.Best] {
		return 0, false
	}
	second, ok := engine.Direction(0), false
	for d := range engine.Direction(engine.NumDirections) {
		if d == r.Best || !r.Legal[d] {
			continue
		}
		if !ok || r.Value[d] > r.Value[second] {
			second, ok = d, true
		}
	}
	return second, ok
}

// Confirm searches b with s at depth, from an empty table, and returns the
// puzzle if that search agrees with first, the search that found b: the
// same best move, and a second best still a mistake or worse. s must
// search nothing else meanwhile. The error is the search's, ctx's when it
// is done.
func Confirm(ctx context.Context, s *ai.Searcher, first ai.Result, depth int) (Puzzle, bool, error) {
	s.Reset()
	r, err := s.Search(ctx, first.Board, ai.Limits{Depth: depth})
	if err != nil {
		return Puzzle{}, false, err
	}
	second, ok := Candidate(r)
	if !ok || r.Best != first.Best {
		return Puzzle{}, false, nil
	}
	return Puzzle{Search: r, Second: second, Points: s.EstimatesScore()}, true, nil
}

// FromReview returns the puzzles of a reviewed game, at most PerGame, each
// confirmed by s at depth: the positions where the player slipped first
// (a move of the player's own judged a mistake or a blunder), then the
// others, the widest gap first in each group; in the order of the game.
// Moves whose search is a candidate are searched again until PerGame are
// confirmed or a few were turned down.
func FromReview(ctx context.Context, s *ai.Searcher, moves []review.Move, depth int) ([]Puzzle, error) {
	type candidate struct {
		move review.Move
		gap  float64
		slip bool
	}
	var cands []candidate
	for _, m := range moves {
		second, ok := Candidate(m.Search)
		if !ok {
			continue
		}
		slip := m.By == review.ByPlayer && (m.Verdict == review.Mistake || m.Verdict == review.Blunder)
		cands = append(cands, candidate{m, m.Search.Gap(second), slip})
	}
	slices.SortStableFunc(cands, func(a, b candidate) int {
		if a.slip != b.slip {
			if a.slip {
				return -1
			}
			return 1
		}
		return cmp.Compare(b.gap, a.gap)
	})
	var found []Puzzle
	for i, c := range cands {
		if len(found) == PerGame || i == maxTries {
			break
		}
		p, ok, err := Confirm(ctx, s, c.move.Search, depth)
		if err != nil {
			return found, err
		}
		if ok {
			p.Move, p.Played, p.Slip = c.move.Number, c.move.Played, c.slip
			found = append(found, p)
		}
	}
	slices.SortFunc(found, func(a, b Puzzle) int { return cmp.Compare(a.Move, b.Move) })
	return found, nil
}

// NewSearcher returns a searcher for Confirm: one thread, a small table,
// the default heuristic (the review's evaluator).
func NewSearcher() *ai.Searcher { return ai.NewSearcher(ai.Config{Threads: 1, TableMB: 8}) }
