package ai

import (
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

	Depth    int  // plies of the deepest search completed
	Reached  int  // plies of the deepest leaf of that search (less when the cut-off stopped it)
	Auto     bool // Depth was chosen by AutoDepth
	Counts        // the work done, over every search of the answer
	Threads  int  // goroutines that searched
	Elapsed  time.Duration
	Deadline bool // a time budget ended the search; Depth is the last completed
}

// Counts is the work a search did.
type Counts struct {
	Nodes  uint64 // positions visited: after-move and after-spawn boards
	Evals  uint64 // moves tried at the positions after a spawn, as nneonneo counts
	Hits   uint64 // transposition-table hits
	Leaves uint64 // positions scored by the evaluator
}

// HasMove reports whether any move is legal; if not, the game is over and
// Best means nothing.
func (r Result) HasMove() bool {
	return r.Legal[engine.Up] || r.Legal[engine.Down] || r.Legal[engine.Left] || r.Legal[engine.Right]
}

// EvalsPerSecond returns the rate of move evaluations of the search.
func (r Result) EvalsPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Evals) / r.Elapsed.Seconds()
}

// add adds the counts of o to c.
func (c *Counts) add(o Counts) {
	c.Nodes += o.Nodes
	c.Evals += o.Evals
	c.Hits += o.Hits
	c.Leaves += o.Leaves
}
