package ai

import (
	"math"
	"testing"

	"github.com/term2048/2048/engine"
)

// emptyCells is a ScoreEstimator for tests: it pretends that every empty
// cell of a board after a move is worth 10 points still to come.
type emptyCells struct{}

func (emptyCells) Evaluate(b engine.Board) float64 { return 10 * float64(b.CountEmpty()) }
func (emptyCells) Lost() float64                   { return 0 }
func (emptyCells) EstimatesScore() bool            { return true }

// plainExpectimax is the value of moving d on b in a search of plies plies
// without a table or a cut-off: the definition a Searcher must meet. With an
// evaluator that estimates the score to come (see ScoreEstimator), every
// move adds its points.
func plainExpectimax(e Evaluator, b engine.Board, d engine.Direction, plies int) (float64, bool) {
	n, points, moved := b.Move(d)
	if !moved {
		return 0, false
	}
	v := 0.0
	if estimatesScore(e) {
		v = float64(points)
	}
	if plies == 1 {
		return v + e.Evaluate(n), true
	}
	for _, o := range n.Outcomes() {
		best := e.Lost()
		for next := range engine.Direction(engine.NumDirections) {
			if w, ok := plainExpectimax(e, o.Board, next, plies-1); ok {
				best = max(best, w)
			}
		}
		v += o.P * best
	}
	return v, true
}

// chanceBoards returns the boards after a move at each depth of a search of
// plies plies from b without a cut-off, the chance nodes of its tree: at
// depth d, the root move and d spawns and moves after it.
func chanceBoards(b engine.Board, plies int) []map[engine.Board]bool {
	depths := make([]map[engine.Board]bool, plies-1)
	maxNodes := map[engine.Board]bool{b: true}
	for d := range depths {
		depths[d] = make(map[engine.Board]bool)
		for m := range maxNodes {
			for _, n := range m.Next() {
				if n != m {
					depths[d][n] = true
				}
			}
		}
		maxNodes = make(map[engine.Board]bool)
		for n := range depths[d] {
			for _, o := range n.Outcomes() {
				maxNodes[o.Board] = true
			}
		}
	}
	return depths
}

// recurs reports whether a board of boards (see chanceBoards) is at two of
// the depths listed.
func recurs(boards []map[engine.Board]bool, depths []int) bool {
	for i, d := range depths {
		for _, e := range depths[i+1:] {
			for b := range boards[d] {
				if boards[e][b] {
					return true
				}
			}
		}
	}
	return false
}

// TestParallelAgrees checks that a search on several goroutines, at the
// shallowest depth that is shared (minParallelPly), finds the values of the
// search's definition (plainExpectimax) but for the table's rounding, and so
// its move, with the heuristic and with an evaluator that estimates the
// score; so does one goroutine, where it must.
//
// The setting and the positions make this true whichever goroutine searches
// what, in whatever order. In general it is not: the table reuses a value
// searched deeper, or reached one probability class less probable (see
// table), so which subtree stores a position first moves a value, as it
// does from one root move to the next on one goroutine (on the benchmark
// positions at the default cut-off, by up to 0.24% between one goroutine
// and four: an observed figure, which more runs could only raise). Without
// a cut-off, a value depends on its board and on the depth searched below
// it alone, and a board that the search meets at one depth only is reused
// at the depth it was searched to. A board after a move at depth d holds d
// spawns more than one after the root move, so two depths meet only where a
// 4 at one is two 2s at the next. At 5 plies a parallel search keeps the
// chance nodes of depths 0 to 2 in the shared table, and those of depth 3
// in a table of each goroutine's own (see lastLayerTable): no position here
// has a board at two of depths 0 to 2, which the test checks. One goroutine
// keeps depth 3 in the shared table too: it is checked where no board is at
// two depths at all.
//
// What is left is rounding, and its bound is worked out, not observed. The
// table keeps a value as a float32, which moves it by at most 2^-24 of
// itself; a value at the root has been through the table at most once per
// chance layer below it, 4 times, and averages and maxima of values none of
// which is negative keep the relative error of their terms. So a value is
// within 4·2^-24 of the definition's, and the float64 rounding of the sums
// adds a billionth of that. A fault of the parallel search (a task lost,
// searched twice or weighed wrong) moves a value by far more.
func TestParallelAgrees(t *testing.T) {
	const tolerance = 5 * 0x1p-24
	plies := minParallelPly
	var shared, own, all []int
	for d := range plies - 1 {
		if plies-1-d > lastLayerTable {
			shared = append(shared, d)
		} else {
			own = append(own, d)
		}
		all = append(all, d)
	}
	for _, bs := range []string{
		"4 32 8 4 / 8 64 4 64 / 0 4 8 4 / 0 2 16 2", // of the benchmark positions
		"32 8 2 0 / 2048 32 4 2 / 8192 64 2 8 / 16384 1024 4 2",
		"4 16 4 2 / 2 4 32 4 / 16 32 128 8 / 0 0 2 2", // of games played at random
		"4 64 2 4 / 32 8 16 8 / 2 4 8 32 / 0 0 16 4",
		"8 2 2 2 / 32 16 64 8 / 2 64 2 4 / 4 2 8 2", // no board at two depths: one goroutine too
		"4 16 4 2 / 4 64 16 4 / 2 32 8 32 / 16 2 16 2",
	} {
		b := mustParse(t, bs)
		boards := chanceBoards(b, plies)
		if recurs(boards, shared) || recurs(boards, own) {
			t.Fatalf("%v: a board after a move is at two depths that one table keeps; the position does not fit the test", b)
		}
		// The heuristic's last layer is worked out line by line (see
		// leafSpawns); an evaluator that estimates the score has a leaf
		// cache in each goroutine (see leafCache).
		for _, e := range []Evaluator{NneonneoHeuristic(), emptyCells{}} {
			var want [engine.NumDirections]float64
			var legal [engine.NumDirections]bool
			for d := range engine.Direction(engine.NumDirections) {
				want[d], legal[d] = plainExpectimax(e, b, d, plies)
			}
			for _, threads := range []int{1, 2, 4} {
				if threads == 1 && recurs(boards, all) {
					continue
				}
				r := search(t, NewSearcher(Config{Eval: e, Threads: threads, Cutoff: -1}), b, Limits{Depth: plies})
				if r.Threads != threads {
					t.Fatalf("%v: the search of %d plies on %d threads ran on %d", b, plies, threads, r.Threads)
				}
				if r.Legal != legal {
					t.Fatalf("%v: legal moves %v; want %v", b, r.Legal, legal)
				}
				for d, ok := range legal {
					if ok && math.Abs(r.Value[d]-want[d]) > tolerance*want[d] {
						t.Errorf("%v, %T, %d threads: %v is worth %f; want %f", b, e, threads, engine.Direction(d), r.Value[d], want[d])
					}
				}
				if best := best(Result{Legal: legal, Value: want}); r.Best != best && want[best]-want[r.Best] > tolerance*want[best] {
					t.Errorf("%v, %T, %d threads: chose %v; want %v", b, e, threads, r.Best, best)
				}
			}
		}
	}
}
