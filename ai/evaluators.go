package ai

import (
	"fmt"
	"slices"
	"strings"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tables"
)

// An EvaluatorInfo names an evaluator and says where it comes from.
type EvaluatorInfo struct {
	Name    string
	Summary string
	New     func() Evaluator
}

// Evaluators lists the evaluators this package offers, the default first.
func Evaluators() []EvaluatorInfo {
	return []EvaluatorInfo{
		{"nneonneo", "nneonneo's heuristic with its CMA-ES weights (the default)", func() Evaluator { return NneonneoHeuristic() }},
		{"snake", "8 serpentine paths from the corners, weights halving along the path", func() Evaluator { return Snake() }},
		{"matrix", "a weight matrix found by random search, best of its 8 symmetries (\"2048 AI – The Intelligent Bot\")", func() Evaluator { return Matrix() }},
		{"multi", "empty cells, monotonicity, smoothness, corner bonus, sum of squares", func() Evaluator { return MultiMetric() }},
	}
}

// NewEvaluator returns the evaluator called name (see Evaluators).
func NewEvaluator(name string) (Evaluator, error) {
	e, err := LookupEvaluator(name)
	if err != nil {
		return nil, err
	}
	return e.New(), nil
}

// LookupEvaluator returns what Evaluators says of the evaluator called
// name, without building it (its tables take milliseconds).
func LookupEvaluator(name string) (EvaluatorInfo, error) {
	var names []string
	for _, e := range Evaluators() {
		if e.Name == name {
			return e, nil
		}
		names = append(names, e.Name)
	}
	return EvaluatorInfo{}, fmt.Errorf("unknown evaluator %q: want one of %s", name, strings.Join(names, ", "))
}

// tileValue returns the value of a tile of rank r as a float, 0 for empty.
func tileValue(r uint8) float64 { return float64(engine.TileValue(r)) }

// pathTables holds, for a line, the weighted sum of its tiles read from cell
// 0 (fwd) and from cell 3 (bwd) with weights w[0..3].
type pathTables struct{ fwd, bwd *[tables.NumLines]float32 }

func newPathTables(w [4]float64) pathTables {
	sum := func(l tables.Line, rev bool) float32 {
		s := 0.0
		for j := range 4 {
			k := j
			if rev {
				k = 3 - j
			}
			s += w[k] * tileValue(l.Cell(j))
		}
		return float32(s)
	}
	return pathTables{
		fwd: tables.Build(func(l tables.Line) float32 { return sum(l, false) }),
		bwd: tables.Build(func(l tables.Line) float32 { return sum(l, true) }),
	}
}

// snake is the snake-path heuristic: a serpentine path visits all 16 cells
// from a corner, row by row (or column by column) turning at each edge, and
// the k-th cell's tile weighs 100000/2^k. A board is worth its best path.
type snake struct{ pathTables }

// Snake returns the snake-path evaluator: the best of 8 serpentine paths.
func Snake() Evaluator {
	var w [4]float64
	for k := range w {
		w[k] = 100000 / float64(int(1)<<k)
	}
	return snake{newPathTables(w)}
}

// Evaluate returns the value of the best path. The weights of a path's
// second line are those of the first divided by 16, and so on, so each path
// is four line lookups.
func (s snake) Evaluate(b engine.Board) float64 {
	best := 0.0
	for _, x := range [2]engine.Board{b, b.Transpose()} { // paths along rows, then columns
		l := [4]tables.Line{x.Row(0), x.Row(1), x.Row(2), x.Row(3)}
		f, r := s.fwd, s.bwd
		// From the top-left, top-right, bottom-left and bottom-right corners.
		for _, v := range [4]float32{
			f[l[0]] + r[l[1]]/16 + f[l[2]]/256 + r[l[3]]/4096,
			r[l[0]] + f[l[1]]/16 + r[l[2]]/256 + f[l[3]]/4096,
			f[l[3]] + r[l[2]]/16 + f[l[1]]/256 + r[l[0]]/4096,
			r[l[3]] + f[l[2]]/16 + r[l[1]]/256 + f[l[0]]/4096,
		} {
			best = max(best, float64(v))
		}
	}
	return best
}

// Lost returns 0: every live board is worth more.
func (snake) Lost() float64 { return 0 }

// matrixWeights is the weight matrix that the article "2048 AI – The
// Intelligent Bot" found by random search among matrices decreasing from
// the top-left corner.
var matrixWeights = [4][4]float64{
	{0.135759, 0.121925, 0.102812, 0.099937},
	{0.0997992, 0.0888405, 0.076711, 0.0724143},
	{0.060654, 0.0562579, 0.037116, 0.0161889},
	{0.0125498, 0.00992495, 0.00575871, 0.00335193},
}

// matrix is the weight-matrix heuristic: Σ W_ij·tile_ij, maximised over the
// 8 rotations and reflections of W.
type matrix struct{ rows [4]pathTables }

// Matrix returns the weight-matrix evaluator (see matrixWeights).
func Matrix() Evaluator {
	var m matrix
	for r := range m.rows {
		m.rows[r] = newPathTables(matrixWeights[r])
	}
	return m
}

// Evaluate returns the best of the 8 symmetric placements of the matrix: the
// four that keep rows as rows (as is, mirrored, upside down, both) on b, and
// the same four on its transpose.
func (m matrix) Evaluate(b engine.Board) float64 {
	best := 0.0
	for _, x := range [2]engine.Board{b, b.Transpose()} {
		var v [4]float32
		for r := range 4 {
			l := x.Row(r)
			v[0] += m.rows[r].fwd[l]
			v[1] += m.rows[r].bwd[l]
			v[2] += m.rows[3-r].fwd[l]
			v[3] += m.rows[3-r].bwd[l]
		}
		best = max(best, float64(slices.Max(v[:])))
	}
	return best
}

// Lost returns 0: every live board is worth more.
func (matrix) Lost() float64 { return 0 }

// The weights of the multi-metric heuristic, this project's choice for its
// terms: ranks (log2 of the tiles) for the shape terms, so that they weigh
// alike early and late, and a small weight on the sum of squares
// of the values, which rewards building large tiles.
const (
	multiBase       = 100    // per row: keeps live boards positive
	multiEmpty      = 2.7    // per empty cell
	multiMono       = 1.0    // times −min(rises, falls) of each line, in ranks
	multiSmooth     = 0.1    // times −Σ |rank difference| of non-empty neighbours
	multiCorner     = 1.0    // times the largest rank, when it sits in a corner
	multiSumSquares = 1.0e-6 // times Σ tile²
)

// multiMetric is the multi-metric heuristic: a weighted sum of empty cells,
// monotonicity, smoothness, a corner bonus and the sum of squares.
type multiMetric struct{ lines *Lines }

// MultiMetric returns the multi-metric evaluator with this project's
// weights (see multiEmpty and the others). Every term but the
// corner bonus adds up over lines and lives in two tables: one for the rows,
// which also counts each cell once, and one for the columns.
func MultiMetric() Evaluator {
	shape := func(l tables.Line) float64 {
		c := l.Cells()
		var rise, fall, rough float64
		for i := 1; i < 4; i++ {
			d := float64(c[i]) - float64(c[i-1])
			if d > 0 {
				rise += d
			} else {
				fall -= d
			}
			if c[i] != 0 && c[i-1] != 0 {
				rough += max(d, -d)
			}
		}
		return -multiMono*min(rise, fall) - multiSmooth*rough
	}
	row := func(l tables.Line) float64 {
		v := multiBase + shape(l)
		for _, r := range l.Cells() {
			if r == 0 {
				v += multiEmpty
			}
			v += multiSumSquares * tileValue(r) * tileValue(r)
		}
		return v
	}
	return multiMetric{NewLines(row, shape, 0)}
}

// Evaluate returns the weighted sum.
func (m multiMetric) Evaluate(b engine.Board) float64 {
	v := m.lines.Evaluate(b)
	top := b.HighestRank()
	for _, corner := range [4]int{0, 3, 12, 15} {
		if b.Cell(corner) == top {
			return v + multiCorner*float64(top)
		}
	}
	return v
}

// Lost returns 0: the base keeps every live board above it.
func (multiMetric) Lost() float64 { return 0 }
