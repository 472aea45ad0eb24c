package review

import (
	"math"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// A Rating is what Judge says of one move of a search, as if it were
// played: the hint rates every move with it before the player moves, the
// review and the coach rate the move played.
type Rating struct {
	Loss    float64 // as Judge returns it: 0 for the best move, 0.01 for one worth 1% less
	Verdict Verdict
	// Loses is set on a move that loses the game at once, whatever tile
	// comes, while another legal move does not: a blunder whatever its loss.
	Loses bool
}

// Rate rates every legal move of r as Judge rates a move played on
// r.Board; the Rating of a move that is not legal is the zero Rating.
func Rate(r ai.Result) [engine.NumDirections]Rating {
	var rs [engine.NumDirections]Rating
	for d := range engine.Direction(engine.NumDirections) {
		if r.Legal[d] {
			rs[d].Loss, rs[d].Verdict = Judge(r, d)
			rs[d].Loses = rs[d].Verdict == Blunder && fatal(r, d)
		}
	}
	return rs
}

// Word names the rating as a player reads it: the verdict's name, but
// "loses" for a move that loses at once and "only move" for the one legal
// move.
func (r Rating) Word() string {
	switch {
	case r.Loses:
		return "loses"
	case r.Verdict == Forced:
		return "only move"
	}
	return r.Verdict.String()
}

// standingStep is the distance on Standing's scale between two verdicts
// next to each other; the loss within a verdict moves a rating by up to
// half of it.
const standingStep = 0.2

// Standing places the rating on one scale, for a display to draw, from 1
// for the best move (or the only one) down to 0 for a move that loses at
// once. Each verdict worse is a step of a fifth lower: a good move stands
// from 0.8, an inaccuracy from 0.6, a mistake from 0.4 and a blunder from
// 0.2. Within a verdict the loss, on a log scale from the verdict's lower
// threshold to its upper one, takes up to half a step more: the worse of
// two moves never stands higher, and two moves a verdict apart stand at
// least half a step apart, whatever their losses. A blunder's scale runs
// from MistakeLoss to a loss of 100%, and every larger loss stands at its
// end.
func (r Rating) Standing() float64 {
	lo, hi := 0.0, 0.0
	switch {
	case r.Loses:
		return 0
	case r.Verdict == Best, r.Verdict == Forced:
		return 1
	case r.Verdict == Good:
		lo, hi = BestLoss, GoodLoss
	case r.Verdict == Inaccuracy:
		lo, hi = GoodLoss, InaccuracyLoss
	case r.Verdict == Mistake:
		lo, hi = InaccuracyLoss, MistakeLoss
	default:
		lo, hi = MistakeLoss, 1
	}
	within := math.Log(max(r.Loss, lo)/lo) / math.Log(hi/lo)
	top := 1 - standingStep*float64(r.Verdict)
	return top - standingStep/2*min(within, 1)
}
