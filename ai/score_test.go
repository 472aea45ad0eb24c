package ai_test

import (
	"context"
	"math"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/term2048/2048/engine"

	"github.com/term2048/2048/ai"
)

// emptyCells is a ScoreEstimator for tests: it pretends that every empty
// cell of a board after a move is worth 10 points still to come.
type emptyCells struct{}

func (emptyCells) Evaluate(b engine.Board) float64 { return 10 * float64(b.CountEmpty()) }
func (emptyCells) Lost() float64                   { return 0 }
func (emptyCells) EstimatesScore() bool            { return true }

// plainExpectimax is the value of moving d on b in a search of plies plies
// without a table or a cut-off, adding the points of every move: the
// definition the Searcher must meet for a ScoreEstimator.
func plainExpectimax(e ai.Evaluator, b engine.Board, d engine.Direction, plies int) (float64, bool) {
	n, points, moved := b.Move(d)
	if !moved {
		return 0, false
	}
	if plies == 1 {
		return float64(points) + e.Evaluate(n), true
	}
	sum, cells := 0.0, 0
	for i := range engine.NumCells {
		if n.Cell(i) != 0 {
			continue
		}
		cells++
		for _, s := range [2]struct {
			rank uint8
			p    float64
		}{{1, 1 - engine.FourProbability}, {2, engine.FourProbability}} {
			best := e.Lost()
			for next := range engine.Direction(engine.NumDirections) {
				if v, ok := plainExpectimax(e, n.With(i, s.rank), next, plies-1); ok {
					best = max(best, v)
				}
			}
			sum += s.p * best
		}
	}
	return float64(points) + sum/float64(cells), true
}

// TestScoreEstimatorAddsPoints checks that, with an evaluator that estimates
// the score to come, every move's value is its points plus the expected value
// after it, on one thread and on several, and for the greedy player.
func TestScoreEstimatorAddsPoints(t *testing.T) {
	boards := []string{
		"2 2 4 4 / 0 0 8 8 / 0 2 0 0 / 0 0 0 2",
		"16 16 32 0 / 4 0 0 4 / 2 2 0 0 / 0 0 0 0",
		"128 64 64 2 / 8 8 4 2 / 2 0 0 0 / 0 0 0 4",
		"2 4 8 16 / 32 64 128 256 / 4 8 16 0 / 2 2 4 8", // few cells: a small frontier, split again
	}
	for _, bs := range boards {
		b := ai.MustParse(t, bs)
		for plies := 1; plies <= 3; plies++ {
			for _, threads := range []int{1, 2, 4} { // 4 threads split the frontier further
				s := ai.NewSearcher(ai.Config{Eval: emptyCells{}, Cutoff: -1, Threads: threads, TableMB: 1})
				r, err := s.Search(context.Background(), b, ai.Limits{Depth: plies})
				if err != nil {
					t.Fatal(err)
				}
				for d := range engine.Direction(engine.NumDirections) {
					want, legal := plainExpectimax(emptyCells{}, b, d, plies)
					if r.Legal[d] != legal {
						t.Fatalf("%v, %d plies: Legal[%v] = %v; want %v", b, plies, d, r.Legal[d], legal)
					}
					if legal && math.Abs(r.Value[d]-want) > 1e-4*math.Abs(want) {
						t.Errorf("%v, %d plies, %d threads: Value[%v] = %f; want %f", b, plies, threads, d, r.Value[d], want)
					}
				}
			}
		}
		g, err := ai.Greedy{emptyCells{}}.Play(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		for d := range engine.Direction(engine.NumDirections) {
			if want, legal := plainExpectimax(emptyCells{}, b, d, 1); legal && g.Value[d] != want {
				t.Errorf("greedy on %v: Value[%v] = %f; want %f", b, d, g.Value[d], want)
			}
		}
	}
}

// countedCells is emptyCells that counts the boards it scores.
type countedCells struct {
	emptyCells
	scored atomic.Int64
}

func (c *countedCells) Evaluate(b engine.Board) float64 {
	c.scored.Add(1)
	return c.emptyCells.Evaluate(b)
}

// TestLeavesRemembered checks that a ScoreEstimator's leaves, remembered from
// one search to the next, give the next the values a new Searcher finds, to
// the bit, and spare it most of their scoring; that the goroutines of a
// parallel search remember theirs too; and that Reset forgets them. (A
// parallel search's values are not compared: they vary from run to run with
// the order in which its goroutines fill the table, which decides what is
// reused from deeper searches.)
func TestLeavesRemembered(t *testing.T) {
	// Few empty cells: few enough leaves for the cache to hold most of them.
	b := ai.MustParse(t, "2 4 8 16 / 32 64 128 256 / 4 8 16 0 / 2 2 4 8")
	// 5 plies are searched on both threads. On one processor the second
	// goroutine of a search finds no task left: the first goroutine must
	// still find its leaves in the next search.
	for _, c := range []struct{ threads, plies, procs int }{{1, 3, 0}, {1, 5, 0}, {2, 5, 0}, {2, 5, 1}} {
		if c.procs > 0 {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(c.procs))
		}
		counted := &countedCells{}
		s := ai.NewSearcher(ai.Config{Eval: counted, Threads: c.threads, TableMB: 1})
		first := searchOrFail(t, s, b, c.plies)
		scored := counted.scored.Load()
		ai.ForgetTable(s)
		again := searchOrFail(t, s, b, c.plies)
		rescored := counted.scored.Load() - scored
		if again.Hits <= first.Hits || again.Leaves >= first.Leaves {
			t.Errorf("%d plies, %d threads: %d hits and %d leaves scored, then %d and %d; want more hits and fewer leaves", c.plies, c.threads, first.Hits, first.Leaves, again.Hits, again.Leaves)
		}
		s.Reset()
		if reset := searchOrFail(t, s, b, c.plies); c.threads == 1 && reset.Counts != first.Counts {
			t.Errorf("%d plies: after Reset, %+v; want the work of the first search, %+v", c.plies, reset.Counts, first.Counts)
		}
		if c.threads > 1 {
			continue
		}
		fresh := searchOrFail(t, ai.NewSearcher(ai.Config{Eval: emptyCells{}, Threads: 1, TableMB: 1}), b, c.plies)
		if first.Value != fresh.Value || again.Value != fresh.Value {
			t.Errorf("%d plies: values %v, then %v from the leaves remembered; want %v as a new Searcher finds", c.plies, first.Value, again.Value, fresh.Value)
		}
		// What the second search scores again: the root's moves (the
		// frontier's boards are not remembered), and the leaves whose slots
		// later leaves took.
		if c.plies == 3 && rescored > scored/10 {
			t.Errorf("%d plies: the second search scored %d boards, the first %d; want a tenth at most", c.plies, rescored, scored)
		}
	}
}

// searchOrFail searches b to plies plies with s.
func searchOrFail(t *testing.T, s *ai.Searcher, b engine.Board, plies int) ai.Result {
	t.Helper()
	r, err := s.Search(context.Background(), b, ai.Limits{Depth: plies})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestHeuristicAddsNoPoints checks that a heuristic's values are not mixed
// with points: at one ply, a move is worth the heuristic of its board alone.
func TestHeuristicAddsNoPoints(t *testing.T) {
	b := ai.MustParse(t, "2 2 4 4 / 0 0 8 8 / 0 2 0 0 / 0 0 0 2")
	h := ai.NneonneoHeuristic()
	r, err := ai.NewSearcher(ai.Config{Threads: 1, TableMB: 1}).Search(context.Background(), b, ai.Limits{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	for d := range engine.Direction(engine.NumDirections) {
		n, _, _ := b.Move(d)
		if want := h.Evaluate(n); r.Value[d] != want {
			t.Errorf("Value[%v] = %f; want the heuristic alone, %f", d, r.Value[d], want)
		}
	}
}
