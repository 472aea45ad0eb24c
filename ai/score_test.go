package ai_test

import (
	"context"
	"math"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/term2048/2048/engine"

	"github.com/term2048/2048/ai"
)

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
				s := ai.NewSearcher(ai.Config{Eval: ai.EmptyCells{}, Cutoff: -1, Threads: threads, TableMB: 1})
				r, err := s.Search(context.Background(), b, ai.Limits{Depth: plies})
				if err != nil {
					t.Fatal(err)
				}
				for d := range engine.Direction(engine.NumDirections) {
					want, legal := ai.PlainExpectimax(ai.EmptyCells{}, b, d, plies)
					if r.Legal[d] != legal {
						t.Fatalf("%v, %d plies: Legal[%v] = %v; want %v", b, plies, d, r.Legal[d], legal)
					}
					if legal && math.Abs(r.Value[d]-want) > 1e-4*math.Abs(want) {
						t.Errorf("%v, %d plies, %d threads: Value[%v] = %f; want %f", b, plies, threads, d, r.Value[d], want)
					}
				}
			}
		}
		g, err := ai.Greedy{ai.EmptyCells{}}.Play(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		for d := range engine.Direction(engine.NumDirections) {
			if want, legal := ai.PlainExpectimax(ai.EmptyCells{}, b, d, 1); legal && g.Value[d] != want {
				t.Errorf("greedy on %v: Value[%v] = %f; want %f", b, d, g.Value[d], want)
			}
		}
	}
}

// countedCells is EmptyCells that counts the boards it scores.
type countedCells struct {
	ai.EmptyCells
	scored atomic.Int64
}

func (c *countedCells) Evaluate(b engine.Board) float64 {
	c.scored.Add(1)
	return c.EmptyCells.Evaluate(b)
}

// TestLeavesRemembered checks that a ScoreEstimator's leaves, remembered from
// one search to the next, give the next the values a new Searcher finds, to
// the bit, and spare it most of their scoring, and that Reset forgets them.
// It counts the work of searches on one goroutine, which is the same at
// every run; on several, which goroutine searches what, and so finds the
// leaves it scored before, is the scheduler's choice (see
// TestLeavesRememberedInParallel).
func TestLeavesRemembered(t *testing.T) {
	// Few empty cells: few enough leaves for the cache to hold most of them.
	b := ai.MustParse(t, "2 4 8 16 / 32 64 128 256 / 4 8 16 0 / 2 2 4 8")
	for _, plies := range []int{3, 5} {
		counted := &countedCells{}
		s := ai.NewSearcher(ai.Config{Eval: counted, Threads: 1, TableMB: 1})
		first := searchOrFail(t, s, b, plies)
		scored := counted.scored.Load()
		ai.ForgetTable(s)
		again := searchOrFail(t, s, b, plies)
		rescored := counted.scored.Load() - scored
		if again.Hits <= first.Hits || again.Leaves >= first.Leaves {
			t.Errorf("%d plies: %d hits and %d leaves scored, then %d and %d; want more hits and fewer leaves", plies, first.Hits, first.Leaves, again.Hits, again.Leaves)
		}
		s.Reset()
		if reset := searchOrFail(t, s, b, plies); reset.Counts != first.Counts {
			t.Errorf("%d plies: after Reset, %+v; want the work of the first search, %+v", plies, reset.Counts, first.Counts)
		}
		fresh := searchOrFail(t, ai.NewSearcher(ai.Config{Eval: ai.EmptyCells{}, Threads: 1, TableMB: 1}), b, plies)
		if first.Value != fresh.Value || again.Value != fresh.Value {
			t.Errorf("%d plies: values %v, then %v from the leaves remembered; want %v as a new Searcher finds", plies, first.Value, again.Value, fresh.Value)
		}
		// What the second search scores again: the root's moves (the
		// frontier's boards are not remembered), and the leaves whose slots
		// later leaves took.
		if plies == 3 && rescored > scored/10 {
			t.Errorf("%d plies: the second search scored %d boards, the first %d; want a tenth at most", plies, rescored, scored)
		}
	}
}

// TestLeavesRememberedInParallel checks that each goroutine of a parallel
// search scores its leaves into a cache of its own and gives it back, its
// leaves kept, and that the next search's goroutines take back the caches
// they filled, the first goroutine's first: the first goroutine always
// searches, where the others may find no task left, as on one processor.
// These hold whatever the scheduler does; how many leaves the next search
// then finds again does not (see TestLeavesRemembered).
func TestLeavesRememberedInParallel(t *testing.T) {
	b := ai.MustParse(t, "2 4 8 16 / 32 64 128 256 / 4 8 16 0 / 2 2 4 8")
	const threads, plies = 2, 5 // a search of 5 plies is shared
	for _, procs := range []int{runtime.GOMAXPROCS(0), 1} {
		func() {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			s := ai.NewSearcher(ai.Config{Eval: ai.EmptyCells{}, Threads: threads, TableMB: 1})
			if r := searchOrFail(t, s, b, plies); r.Threads != threads {
				t.Fatalf("the search of %d plies ran on %d goroutines; want %d", plies, r.Threads, threads)
			}
			caches, held := ai.LeafCaches(s)
			if len(caches) != threads {
				t.Fatalf("%d leaf caches kept after a search on %d goroutines; want one each", len(caches), threads)
			}
			if n := checkLeaves(t, held); n == 0 {
				t.Errorf("%d processors: the caches hold no leaf after a search", procs)
			}
			ai.ForgetTable(s)
			searchOrFail(t, s, b, plies)
			again, heldAgain := ai.LeafCaches(s)
			if !slices.Equal(again, caches) {
				t.Fatalf("%d processors: the caches kept after the next search are %v; want %v, each goroutine's own, the first's first", procs, again, caches)
			}
			checkLeaves(t, heldAgain)
			for i := range held {
				for k, sl := range held[i] {
					if sl.Board != 0 && heldAgain[i][k].Board == 0 {
						t.Fatalf("%d processors: cache %d forgot leaf %v in the next search", procs, i, sl.Board)
					}
				}
			}
		}()
	}
}

// checkLeaves fails the test unless every leaf held in the caches' slots
// has its EmptyCells value, and returns how many there are.
func checkLeaves(t *testing.T, caches [][]ai.LeafSlot) int {
	t.Helper()
	n := 0
	for i, slots := range caches {
		for _, sl := range slots {
			if sl.Board == 0 {
				continue
			}
			n++
			if want := (ai.EmptyCells{}).Evaluate(sl.Board); sl.Value != want {
				t.Fatalf("cache %d holds %v as %v; want %v", i, sl.Board, sl.Value, want)
			}
		}
	}
	return n
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
