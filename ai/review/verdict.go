package review

import (
	"fmt"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// A Verdict rates one move against the AI's best, from its loss.
type Verdict uint8

// The verdicts, from the best move to the worst. Forced is apart: the only
// legal move, which no one can play better or worse.
const (
	Best        Verdict = iota // the AI's move, or one worth as much
	Good                       // loss under GoodLoss
	Inaccuracy                 // loss under InaccuracyLoss
	Mistake                    // loss under MistakeLoss
	Blunder                    // loss of MistakeLoss or more, or a move that loses at once while another does not
	Forced                     // the only legal move
	NumVerdicts                // the number of verdicts
)

// The thresholds of the verdicts, on the loss (ai.Result.Gap of the move
// played). A loss up to BestLoss is a tie with the best move (the search
// keeps values as float32, so two equal moves may differ in the seventh
// digit); under GoodLoss the move is good, under InaccuracyLoss an
// inaccuracy, under MistakeLoss a mistake, and from MistakeLoss on a
// blunder.
//
// They come from the spread of the default heuristic's values at the
// default review depth. Its values are large sums (about 1.6 million on
// any board, plus what the board is worth), so losses are small fractions:
// on the benchmark's mid-game boards the moves that keep the big tile in
// its corner lie within 0.5% of each other, and those that pull it out
// lose 10% to 65%. Reviewed at 5 plies, a game of 2,000 moves the AI played
// at 3 plies loses under 0.1% on nine moves in ten, 1% or more on one in a
// hundred and 5% on none; a random player loses 1% or more on a quarter of
// its moves and 5% or more on one in twenty-five (the README has the
// commands).
const (
	BestLoss       = 1e-6
	GoodLoss       = 0.001
	InaccuracyLoss = 0.01
	MistakeLoss    = 0.05
)

var verdictNames = [NumVerdicts]string{"best", "good", "inaccuracy", "mistake", "blunder", "forced"}

// String returns the verdict's name: "best", "good", "inaccuracy",
// "mistake", "blunder" or "forced".
func (v Verdict) String() string {
	if v < NumVerdicts {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", uint8(v))
}

// ParseVerdict returns the verdict named s, as String writes it.
func ParseVerdict(s string) (Verdict, error) {
	for v, name := range verdictNames {
		if s == name {
			return Verdict(v), nil
		}
	}
	return 0, fmt.Errorf("unknown verdict %q", s)
}

// Judge rates the move played on r.Board, where r is the AI's search of
// that board, and returns its loss (r.Gap(played)) and verdict. A move that
// loses the game at once, whatever tile comes, while another legal move
// does not, is a blunder whatever its loss; the only legal move is forced
// with no loss. played must be legal on r.Board.
func Judge(r ai.Result, played engine.Direction) (loss float64, v Verdict) {
	if !r.Legal[played] {
		panic(fmt.Sprintf("review: Judge of %v, which changes nothing on %v", played, r.Board))
	}
	legal := 0
	for _, ok := range r.Legal {
		if ok {
			legal++
		}
	}
	if legal == 1 {
		return 0, Forced
	}
	loss = max(r.Gap(played), 0) // a move is never worth more than the best, but rounding
	switch {
	case fatal(r, played):
		return loss, Blunder
	case loss <= BestLoss:
		return loss, Best
	case loss < GoodLoss:
		return loss, Good
	case loss < InaccuracyLoss:
		return loss, Inaccuracy
	case loss < MistakeLoss:
		return loss, Mistake
	}
	return loss, Blunder
}

// fatal reports whether d on r.Board loses the game at once while another
// legal move does not: always a blunder.
func fatal(r ai.Result, d engine.Direction) bool {
	return losesAtOnce(r.Board, d) && anySurvives(r)
}

// losesAtOnce reports whether d on b leaves no legal move whatever tile
// appears next.
func losesAtOnce(b engine.Board, d engine.Direction) bool {
	after, _, moved := b.Move(d)
	if !moved {
		return false
	}
	for _, o := range after.Outcomes() {
		if o.Board.HasMove() {
			return false
		}
	}
	return true
}

// anySurvives reports whether a legal move of r.Board does not lose at once.
func anySurvives(r ai.Result) bool {
	for d := range engine.Direction(engine.NumDirections) {
		if r.Legal[d] && !losesAtOnce(r.Board, d) {
			return true
		}
	}
	return false
}
