package ai

import (
	"math"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tables"
)

// An Evaluator scores positions at the leaves of a search: the board after a
// move and before the spawn. Higher is better. Implementations must be safe
// for concurrent use; all of this package's are immutable values.
type Evaluator interface {
	// Evaluate returns the value of b.
	Evaluate(b engine.Board) float64
	// Lost returns the value of a position in which no move is possible.
	Lost() float64
}

// A ScoreEstimator is an Evaluator whose value of a board after a move is an
// estimate of the points the game will still score from it, as a learned
// afterstate value is, rather than a heuristic of the board's shape. A search
// with one adds the points each move scores to the value of the move, at
// every max node, so that the values it compares are all expected points; a
// search with a heuristic adds nothing, as nneonneo's program does.
type ScoreEstimator interface {
	Evaluator
	// EstimatesScore reports whether the values are points still to come.
	EstimatesScore() bool
}

// A SearchEffort is an Evaluator that sets how much of the tree the searches
// with it expand, in place of the cut-off and the automatic depth of
// nneonneo's program (DefaultCutoff and DepthOf). Those were set for a
// heuristic whose leaf is a few lookups in a table that fits the processor's
// caches; an evaluator whose leaves cost several times as much expands less,
// so that a search at the automatic depth, a hint or a move of autoplay,
// takes no longer with it.
type SearchEffort interface {
	Evaluator
	// Cutoff returns the probability under which a search with the
	// evaluator scores a branch rather than expanding it, when its Config
	// leaves the cut-off at 0.
	Cutoff() float64
	// AutoDepth returns the plies of a search of b at Auto, from 1 to
	// MaxDepth.
	AutoDepth(b engine.Board) int
}

// estimatesScore reports whether e is a ScoreEstimator that says so.
func estimatesScore(e Evaluator) bool {
	se, ok := e.(ScoreEstimator)
	return ok && se.EstimatesScore()
}

// Lines is an Evaluator that sums per-line values over the four rows and the
// four columns of a board: eight lookups in 65536-entry tables built once.
// Any score that adds up over lines can be written this way.
type Lines struct {
	row, col *[tables.NumLines]float32
	lost     float64
}

// NewLines returns the evaluator that scores a board as the sum of row(l)
// over its rows and col(l) over its columns (cell 0 of a column being the
// top); lost is the value of a lost position. Both tables are built here.
func NewLines(row, col func(tables.Line) float64, lost float64) *Lines {
	rt := tables.Build(func(l tables.Line) float32 { return float32(row(l)) })
	ct := rt
	if col != nil {
		ct = tables.Build(func(l tables.Line) float32 { return float32(col(l)) })
	}
	return &Lines{row: rt, col: ct, lost: lost}
}

// Evaluate returns the sum of the line values of b.
func (e *Lines) Evaluate(b engine.Board) float64 { return float64(e.sum(b)) }

// Lost returns the value the evaluator gives a lost position.
func (e *Lines) Lost() float64 { return e.lost }

// sum adds up the eight line values, in the table's precision.
func (e *Lines) sum(b engine.Board) float32 {
	return e.sumT(b, b.Transpose())
}

// sumT is sum for a board b whose transpose t is known.
func (e *Lines) sumT(b, t engine.Board) float32 {
	return rowSum(e.row, b) + rowSum(e.col, t)
}

// rowSum adds up the values t gives the four rows of b, pairwise, so that
// the additions do not wait on one another.
func rowSum(t *[tables.NumLines]float32, b engine.Board) float32 {
	return (t[uint16(b>>48)] + t[uint16(b>>32)]) + (t[uint16(b>>16)] + t[uint16(b)])
}

// The weights of the default heuristic, found by CMA-ES for nneonneo's 2048 AI.
const (
	heurBase         = 200000 // per line: keeps the value of a live board positive
	heurEmpty        = 270    // per empty cell
	heurMerges       = 700    // per tile in a run of equal neighbours
	heurMonotonicity = 47     // times the smaller of the two monotonicity penalties
	heurSum          = 11     // times the sum of rank^3.5
)

// NneonneoHeuristic returns the heuristic of nneonneo's 2048 AI with its CMA-ES weights:
// per line of ranks r0..r3,
//
//	200000 + 270·empty + 700·merges − 47·min(L, R) − 11·Σ r^3.5
//
// where merges counts, skipping empty cells, every tile in a run of two or more
// equal ranks, and L (R) adds r[i−1]^4 − r[i]^4 over the places where the line
// falls (rises). A lost position is worth 0.
func NneonneoHeuristic() *Lines {
	return NewLines(defaultLine, nil, 0)
}

// sumPower and monoPower are r^3.5 and r^4 for every rank r, the powers the
// default heuristic takes of its cells: 32 calls of math.Pow when the package
// starts instead of 12 for each of the 65,536 lines, which took most of the
// program's start-up.
var sumPower, monoPower = rankPowers(3.5), rankPowers(4)

// rankPowers returns r^e for every rank r.
func rankPowers(e float64) (p [tables.MaxRank + 1]float64) {
	for r := range p {
		p[r] = math.Pow(float64(r), e)
	}
	return p
}

// defaultLine is the default heuristic of one line.
func defaultLine(l tables.Line) float64 {
	r := l.Cells()
	var sum, left, right float64
	empty, merges, run := 0, 0, 0
	prev := uint8(0)
	for i, v := range r {
		sum += sumPower[v]
		if i > 0 {
			a, b := monoPower[r[i-1]], monoPower[v]
			if r[i-1] > v {
				left += a - b
			} else {
				right += b - a
			}
		}
		if v == 0 {
			empty++
			continue
		}
		switch {
		case v == prev:
			run++
		case run > 0:
			merges += run + 1
			run = 0
		}
		prev = v
	}
	if run > 0 {
		merges += run + 1
	}
	return heurBase + heurEmpty*float64(empty) + heurMerges*float64(merges) -
		heurMonotonicity*min(left, right) - heurSum*sum
}
