package ai

import (
	"math"
	"time"

	"github.com/term2048/2048/engine"
)

// A Result is the answer of a search for one position.
type Result struct {
	Board engine.Board     // the position searched
	Best  engine.Direction // the move to play, if HasMove
	// Value is the expected value of each move, indexed by direction; it is
	// meaningful only where Legal is true.
	Value [engine.NumDirections]float64
	Legal [engine.NumDirections]bool // which moves change the board

	Depth    int     // plies of the deepest search completed
	Reached  int     // plies of the deepest leaf of that search (less when the cut-off stopped it)
	Auto     bool    // Depth was chosen by the position (see Searcher.AutoDepth)
	Cutoff   float64 // the cut-off probability of the search (see Searcher.Cutoff); 0 for none
	Counts           // the work done, over every search of the answer
	Threads  int     // goroutines that searched
	Elapsed  time.Duration
	Deadline bool // a time budget ended the search; Depth is the last completed
}

// Counts is the work a search did.
//
// MovesTried is what the commands and the screen call "evaluations", the
// measure of work nneonneo's program reports: every max node counts its four
// moves as tried, whether or not they change the board, and whether their
// boards are then searched further or scored by the evaluator (Leaves).
type Counts struct {
	Nodes      uint64 // positions visited: after-move and after-spawn boards
	MovesTried uint64 // moves tried at the positions after a spawn (4 a max node)
	Hits       uint64 // values found stored: in the transposition table, and leaves of a ScoreEstimator scored before
	Leaves     uint64 // positions scored by the evaluator
}

// HasMove reports whether any move is legal; if not, the game is over and
// Best means nothing.
func (r Result) HasMove() bool {
	return r.Legal[engine.Up] || r.Legal[engine.Down] || r.Legal[engine.Left] || r.Legal[engine.Right]
}

// Gap returns how far the value of the move d falls behind the best move's,
// as a fraction of the best's size: 0 for the best move, 0.01 for a move
// worth 1% less. The size is at least 1, so that a best value near 0 does
// not turn a small difference into a huge one. It is the one measure of a
// move's cost: the hint panel draws it and a review of a game rates moves by
// it. d must be legal.
func (r Result) Gap(d engine.Direction) float64 {
	best, v := r.Value[r.Best], r.Value[d]
	if v == best {
		return 0
	}
	return (best - v) / math.Max(math.Abs(best), 1)
}

// MovesTriedPerSecond returns the moves tried a second over the search: its
// "evaluations a second" (see Counts).
func (r Result) MovesTriedPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.MovesTried) / r.Elapsed.Seconds()
}

// add adds the counts of o to c.
func (c *Counts) add(o Counts) {
	c.Nodes += o.Nodes
	c.MovesTried += o.MovesTried
	c.Hits += o.Hits
	c.Leaves += o.Leaves
}
