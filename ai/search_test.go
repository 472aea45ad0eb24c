package ai

import (
	"context"
	"errors"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/engine/positions"
)

func mustParse(t testing.TB, s string) engine.Board {
	t.Helper()
	b, err := engine.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// losesAtOnce reports whether every spawn after moving d on b leaves no move.
func losesAtOnce(b engine.Board, d engine.Direction) bool {
	n, _, moved := b.Move(d)
	if !moved {
		return false
	}
	for _, o := range n.Outcomes() {
		if o.Board.HasMove() {
			return false
		}
	}
	return true
}

// obvious lists positions with an answer anyone can check, and the moves
// that answer them.
var obvious = []struct {
	name  string
	board string
	want  []engine.Direction
}{
	{"only legal move", "0 0 0 0 / 2 4 8 16 / 32 64 128 256 / 512 1024 2 4", []engine.Direction{engine.Up}},
	// Left makes 16 and leaves one cell: a 2 there (p 0.9) ends the game.
	// Right leaves the empty cell beside an equal tile whatever comes.
	{"avoid a likely loss", "2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 8 8", []engine.Direction{engine.Right}},
	{"the winning merge", "1024 1024 8 4 / 4 8 16 2 / 2 4 8 16 / 0 2 4 8", []engine.Direction{engine.Left, engine.Right}},
}

func TestObviousMoves(t *testing.T) {
	s := NewSearcher(Config{Threads: 1})
	players := map[string]Player{
		"greedy":  Greedy{NneonneoHeuristic()},
		"minimax": Minimax{NneonneoHeuristic(), 3},
	}
	for ply := 1; ply <= 5; ply++ {
		players["expectimax"+string(rune('0'+ply))] = Expectimax{s, Limits{Depth: ply}}
	}
	for _, tt := range obvious {
		b := mustParse(t, tt.board)
		for name, p := range players {
			if tt.name == "avoid a likely loss" && name == "greedy" {
				continue // it cannot see the spawn
			}
			r, err := p.Play(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			if !r.HasMove() || !slices.Contains(tt.want, r.Best) {
				t.Errorf("%s: %s chose %v on %v; want one of %v (values %v)", tt.name, name, r.Best, b, tt.want, r.Value)
			}
		}
	}
	// The premise of the second position.
	b := mustParse(t, obvious[1].board)
	if losesAtOnce(b, engine.Right) || b.CanMove(engine.Up) || b.CanMove(engine.Down) {
		t.Fatalf("the position %v is not as its comment says", b)
	}
}

func TestGameOverPosition(t *testing.T) {
	b := mustParse(t, "2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2")
	s := NewSearcher(Config{Threads: 2})
	for _, l := range []Limits{{Depth: 3}, {Depth: Auto}, {Time: 10 * time.Millisecond}} {
		r, err := s.Search(context.Background(), b, l)
		if err != nil {
			t.Fatal(err)
		}
		if r.HasMove() {
			t.Errorf("Search(%v, %+v) found a move on a lost board: %+v", b, l, r)
		}
	}
}

func TestDepthOf(t *testing.T) {
	tests := []struct {
		board string
		want  int
	}{
		{"2 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2", 4},          // 1 distinct: max(3, -1) + 1
		{"2 4 8 16 / 32 64 0 0 / 0 0 0 0 / 0 0 0 0", 5},       // 6 distinct: max(3, 4) + 1
		{"2 4 8 16 / 32 64 128 256 / 512 0 0 0 / 0 0 0 0", 8}, // 9 distinct
	}
	for _, tt := range tests {
		if got := DepthOf(mustParse(t, tt.board)); got != tt.want {
			t.Errorf("DepthOf(%s) = %d; want %d", tt.board, got, tt.want)
		}
	}
}

// hard is a late-game position whose auto depth is deep: the stuff of slow
// searches.
const hard = "16384 4096 2048 2 / 1024 512 256 16 / 128 64 32 8 / 2 0 4 8"

// held is an evaluator that holds every leaf until release is closed, and
// closes reached at the first: a search with it is in the middle of its
// work when the test cancels it, however fast or loaded the machine.
type held struct {
	Evaluator
	release <-chan struct{}
	reached chan struct{}
	first   atomic.Bool
}

// newHeld returns a held evaluator of the default heuristic whose leaves
// wait for release.
func newHeld(release <-chan struct{}) *held {
	return &held{Evaluator: NneonneoHeuristic(), release: release, reached: make(chan struct{})}
}

func (e *held) Evaluate(b engine.Board) float64 {
	if !e.first.Load() && !e.first.Swap(true) {
		close(e.reached)
	}
	<-e.release
	return e.Evaluator.Evaluate(b)
}

// TestCancel cancels searches of 14 plies, which would take hours, once
// they have reached their first leaf, on one goroutine and on several:
// Search returns context.Canceled, and leaves no goroutine behind. How soon
// it returns is BenchmarkCancel's to measure.
func TestCancel(t *testing.T) {
	b := mustParse(t, hard)
	before := runtime.NumGoroutine()
	for _, threads := range []int{1, 2, 4} {
		ctx, cancel := context.WithCancel(context.Background())
		e := newHeld(ctx.Done())
		s := NewSearcher(Config{Threads: threads, Eval: e})
		done := make(chan error, 1)
		go func() {
			_, err := s.Search(ctx, b, Limits{Depth: 14})
			done <- err
		}()
		<-e.reached
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Errorf("threads %d: Search returned %v after cancel; want context.Canceled", threads, err)
		}
	}
	checkNoGoroutineLeft(before)
}

// checkNoGoroutineLeft waits until the goroutines fall back to before: the
// helpers of a search end helperLinger after it, and a goroutine that has
// signalled that it is done still counts until it has returned.
func checkNoGoroutineLeft(before int) {
	waitFor(func() bool { return runtime.NumGoroutine() <= before })
}

// stopAfter is an evaluator that stops the search after k leaves, from
// inside it, and keeps a copy of the table at that moment.
type stopAfter struct {
	Evaluator
	k     int
	stop  *atomic.Bool
	table *table
	then  []uint64
}

func (e *stopAfter) Evaluate(b engine.Board) float64 {
	if e.k--; e.k == 0 {
		e.stop.Store(true)
		for i := range e.table.slots {
			e.then = append(e.then, atomic.LoadUint64(&e.table.slots[i].data))
		}
	}
	return e.Evaluator.Evaluate(b)
}

// TestStoppedSearchStoresNothing stops searches part way and checks that
// nothing reached the table after the stop: a value cut short must not
// outlive its search, since the table is shared with the searches to come.
func TestStoppedSearchStoresNothing(t *testing.T) {
	b := mustParse(t, "8 2 2 4 / 32 4 4 4 / 128 8 8 0 / 2048 16 2 0")
	for _, k := range []int{100, 5_000, 50_000} {
		var stop atomic.Bool
		e := &stopAfter{Evaluator: NneonneoHeuristic(), k: k, stop: &stop}
		s := NewSearcher(Config{Threads: 1, Eval: e, TableMB: 1})
		e.table = s.tt
		w := s.newWorker(5, 1, &stop, time.Time{})
		for _, n := range b.Next() {
			if n != b {
				w.chanceNode(n, 1, 0)
			}
		}
		if !stop.Load() {
			t.Fatalf("k=%d: the search ended before the stop", k)
		}
		for i := range s.tt.slots {
			if d := atomic.LoadUint64(&s.tt.slots[i].data); d != e.then[i] {
				t.Fatalf("k=%d: slot %d was written after the stop", k, i)
			}
		}
	}
}

func TestCancelledBeforeStart(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := NewSearcher(Config{})
	if _, err := s.Search(ctx, mustParse(t, hard), Limits{Time: time.Second}); !errors.Is(err, context.Canceled) {
		t.Errorf("Search with a cancelled context: %v; want context.Canceled", err)
	}
}

// slowLeaves is an evaluator whose every leaf takes d of the clock. In a
// synctest bubble, where the clock moves only when every goroutine waits, a
// search's time is then its leaves times d, whatever the machine.
type slowLeaves struct {
	Evaluator
	d time.Duration
}

func (e slowLeaves) Evaluate(b engine.Board) float64 {
	time.Sleep(e.d)
	return e.Evaluator.Evaluate(b)
}

// The deadline tests give each leaf slowLeaf of a bubble's clock. A search
// stops lateBy after its deadline at most, a few hundred leaves: it
// finishes the chance node it is in (whose leaves are evaluated in a row,
// 120 at most), and each chance node above it still scores the 4s of its
// remaining cells that are leaves below the cut-off. A search that finished
// its ply would go on for a multiple of its time so far.
const slowLeaf, lateBy = 10 * time.Microsecond, 500 * slowLeaf

// slowSearcher returns a Searcher on threads goroutines whose leaves take
// slowLeaf each, for a synctest bubble. Its helpers end as soon as they are
// out of work, as if helperLinger had passed, rather than spin while they
// wait for the next: a goroutine that spins would hold the bubble's clock
// still.
func slowSearcher(threads int) *Searcher {
	s := NewSearcher(Config{Threads: threads, Eval: slowLeaves{NneonneoHeuristic(), slowLeaf}})
	var clock testClock
	s.helpers.now = func() time.Time {
		clock.pass()
		return clock.now()
	}
	return s
}

// TestDeadline checks that a search with a time budget answers from the
// deepest ply it completed, and stops at its deadline, or before it when
// the next ply could not finish in time. It runs on the clock of a synctest
// bubble, where each leaf takes slowLeaf: the budgets are numbers of
// leaves, not a guess at the speed of the machine, and a search takes the
// same time at every run.
func TestDeadline(t *testing.T) {
	b := mustParse(t, hard)
	// 10 and 50 ms stop after the third and the fourth ply, whose next
	// would end at 28 and 167 ms; 100 ms run out in the fifth.
	for _, budget := range []time.Duration{10 * time.Millisecond, 50 * time.Millisecond, 100 * time.Millisecond} {
		synctest.Test(t, func(t *testing.T) {
			start := time.Now()
			r, err := slowSearcher(1).Search(context.Background(), b, Limits{Time: budget})
			took := time.Since(start)
			if err != nil || !r.HasMove() || r.Depth < 1 {
				t.Fatalf("budget %v: Search = %+v, %v; want an answer", budget, r, err)
			}
			if took > budget+lateBy || r.Elapsed != took {
				t.Errorf("budget %v: took %v, Elapsed %v; want at most %v, the same", budget, took, r.Elapsed, budget+lateBy)
			}
			// The time plies 1 to n take, searched as the budget's search
			// searched them, without a budget.
			upTo := func(n int) time.Duration {
				return search(t, slowSearcher(1), b, Limits{Depth: n, Time: time.Hour}).Elapsed
			}
			switch done := upTo(r.Depth); {
			case done > took:
				t.Errorf("budget %v: answer of %d plies after %v; those plies take %v", budget, r.Depth, took, done)
			case r.Deadline && (took < budget || upTo(r.Depth+1) <= budget):
				t.Errorf("budget %v: Deadline after %v, with %d plies done; want the deadline passed, and ply %d unfinished at it",
					budget, took, r.Depth, r.Depth+1)
			case !r.Deadline && (took != done || upTo(r.Depth+1) <= budget):
				t.Errorf("budget %v: no deadline, and %v taken by %d plies that take %v; want the search stopped after its last ply, the next not fitting in the budget",
					budget, took, r.Depth, done)
			}
			checkDeepest(t, b, r)
		})
	}
	// A depth limit stops the deepening early.
	synctest.Test(t, func(t *testing.T) {
		r := search(t, slowSearcher(1), b, Limits{Depth: 2, Time: time.Minute})
		if r.Depth != 2 || r.Deadline || r.Elapsed > time.Second {
			t.Errorf("Search with Depth 2 and a minute: depth %d, deadline %v, %v; want 2, false, about 40 leaves of 10 µs",
				r.Depth, r.Deadline, r.Elapsed)
		}
	})
}

// TestDeadlineParallel checks that a search on two goroutines with a time
// budget answers from the deepest ply it completed, shared or not, and
// stops at its deadline, on the clock of a synctest bubble as TestDeadline
// does. The budgets are set from the time the plies take on one goroutine.
// In the first, ply 5, the first that is shared, starts (twice ply 4 fits
// before the deadline) and cannot end before it: the answer is that of 4
// plies, which one goroutine searched, to the bit. In the second, ply 5
// ends even if one goroutine searches it all, and ply 6 cannot: the answer
// is that of 5 plies on two goroutines. How late the deadline stops a
// search on a real clock is BenchmarkDeadline's to measure.
func TestDeadlineParallel(t *testing.T) {
	b := mustParse(t, hard)
	synctest.Test(t, func(t *testing.T) {
		var upTo [7]Result // plies 1 to n on one goroutine, searched as a budget's search searches them
		for n := 3; n < len(upTo); n++ {
			upTo[n] = search(t, slowSearcher(1), b, Limits{Depth: n, Time: time.Hour})
		}
		ply := func(n int) time.Duration { return upTo[n].Elapsed - upTo[n-1].Elapsed }
		// A shared ply takes two goroutines at least half the time it takes
		// one alone, and one goroutine at most a little more: they score
		// the leaves one alone scores, and those of the last layer that
		// each keeps to itself (see worker.table), but for what the order
		// of the shared table's reuse changes, a few in a thousand. The
		// budgets leave a quarter either way.
		budgets := []struct {
			budget         time.Duration
			depth, threads int
		}{
			{upTo[4].Elapsed + 2*ply(4) + slowLeaf, 4, 1},
			{upTo[4].Elapsed + 5*ply(5)/4, 5, 2},
		}
		if ply(5)/2 < 5*(budgets[0].budget-upTo[4].Elapsed)/4 || ply(6)/2 < 5*(budgets[1].budget-upTo[4].Elapsed)/4 {
			t.Fatalf("plies 4 to 6 take %v, %v and %v: too close to one another for the budgets", ply(4), ply(5), ply(6))
		}
		for _, c := range budgets {
			start := time.Now()
			r := search(t, slowSearcher(2), b, Limits{Time: c.budget})
			took := time.Since(start)
			if r.Depth != c.depth || r.Threads != c.threads || !r.HasMove() {
				t.Errorf("budget %v: the answer of %d plies on %d goroutines, %+v; want %d plies on %d", c.budget, r.Depth, r.Threads, r, c.depth, c.threads)
			}
			if took > c.budget+lateBy || r.Elapsed != took || r.Deadline && took < c.budget {
				t.Errorf("budget %v: took %v, Elapsed %v, Deadline %v; want at most %v, the same, and the deadline passed if said", c.budget, took, r.Elapsed, r.Deadline, c.budget+lateBy)
			}
			if c.depth == 4 && (!r.Deadline || r.Value != upTo[4].Value || r.Best != upTo[4].Best) {
				t.Errorf("budget %v: Deadline %v, values %v, best %v; want the deadline in ply 5, and the values and move of 4 plies, %v and %v",
					c.budget, r.Deadline, r.Value, r.Best, upTo[4].Value, upTo[4].Best)
			}
		}
	})
}

// checkDeepest fails the test unless r, the answer of a search with a time
// budget on b, is that of a full search of r.Depth plies, to a near tie.
func checkDeepest(t *testing.T, b engine.Board, r Result) {
	t.Helper()
	full := search(t, NewSearcher(Config{Threads: 1}), b, Limits{Depth: r.Depth})
	if full.Best != r.Best && math.Abs(full.Value[full.Best]-full.Value[r.Best]) > 1e-3*full.Value[full.Best] {
		t.Errorf("budget answer %v at %d plies; a full search of %d plies says %v", r.Best, r.Depth, r.Depth, full.Best)
	}
}

// search returns s's answer on b within l, failing the test on an error.
func search(t *testing.T, s *Searcher, b engine.Board, l Limits) Result {
	t.Helper()
	r, err := s.Search(context.Background(), b, l)
	if err != nil {
		t.Fatalf("Search(%v, %+v): %v", b, l, err)
	}
	return r
}

// lateTimer is a context whose deadline has passed but which is not done
// yet: a context whose timer the runtime has not run, as when every
// processor is searching.
type lateTimer struct{ context.Context }

func (lateTimer) Deadline() (time.Time, bool) { return time.Now().Add(-time.Millisecond), true }

// TestDeadlineWithoutTimer checks that a search stops at its context's
// deadline by itself, and reports it as such, without waiting for the
// context to be done.
func TestDeadlineWithoutTimer(t *testing.T) {
	b := mustParse(t, hard)
	for _, threads := range []int{1, 2} {
		s := NewSearcher(Config{Threads: threads})
		r, err := s.searchDepth(lateTimer{context.Background()}, b, 12)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("threads %d: a 12-ply search past its deadline returned %v; want context.DeadlineExceeded", threads, err)
		}
		if r.MovesTried > 1_000_000 { // a 12-ply search tries billions
			t.Errorf("threads %d: %d moves tried after the deadline; it should stop within a few hundred nodes", threads, r.MovesTried)
		}
	}
}

// TestDeterministic checks that one thread gives the same result every time,
// from the same table state.
func TestDeterministic(t *testing.T) {
	boards := readPositions(t, "")
	a, b := NewSearcher(Config{Threads: 1}), NewSearcher(Config{Threads: 1})
	for _, x := range boards[:30] {
		a.Reset()
		ra := search(t, a, x, Limits{Depth: 4})
		a.Reset()
		ra2 := search(t, a, x, Limits{Depth: 4})
		rb := search(t, b, x, Limits{Depth: 4})
		b.Reset()
		for _, r := range []Result{ra2, rb} {
			if r.Best != ra.Best || r.Value != ra.Value || r.Nodes != ra.Nodes || r.MovesTried != ra.MovesTried {
				t.Fatalf("%v: two searches differ: %+v and %+v", x, ra, r)
			}
		}
	}
}

// TestConcurrentSearches runs searches on one Searcher at once (for -race).
func TestConcurrentSearches(t *testing.T) {
	s := NewSearcher(Config{Threads: 2})
	boards := readPositions(t, positions.Random)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			for _, x := range boards[i*5 : i*5+5] {
				if _, err := s.Search(context.Background(), x, Limits{Depth: 3}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
}

// TestHintTwice checks that the table is reused across searches: asking
// again about the same board costs almost nothing.
func TestHintTwice(t *testing.T) {
	s := NewSearcher(Config{Threads: 1})
	b := readPositions(t, positions.Mid)[0]
	first := search(t, s, b, Limits{Depth: 5})
	again := search(t, s, b, Limits{Depth: 5})
	for d := range first.Value {
		// The table keeps values as float32.
		if again.Best != first.Best || math.Abs(again.Value[d]-first.Value[d]) > 1e-6*math.Abs(first.Value[d]) {
			t.Fatalf("the second search disagrees: %+v, then %+v", first, again)
		}
	}
	if again.Reached != first.Reached {
		t.Errorf("the second search reached %d plies; the first %d", again.Reached, first.Reached)
	}
	if again.MovesTried*10 > first.MovesTried {
		t.Errorf("the second search did %d evaluations; the first %d", again.MovesTried, first.MovesTried)
	}
}

// cancelOnFirst cancels a search's context from its first leaf, and scores
// every board alike.
type cancelOnFirst struct {
	cancel context.CancelFunc
	once   sync.Once
}

func (e *cancelOnFirst) Evaluate(engine.Board) float64 { e.once.Do(e.cancel); return 0 }
func (e *cancelOnFirst) Lost() float64                 { return 0 }

// TestCancelledDuringLastLeaves: a search whose context is cancelled
// while it scores its leaves returns the context's error, even when the
// cancellation reaches none of its goroutines before they are done (a
// search of one ply, on one thread, scores its few leaves in microseconds).
func TestCancelledDuringLastLeaves(t *testing.T) {
	for range 100 {
		ctx, cancel := context.WithCancel(context.Background())
		s := NewSearcher(Config{Eval: &cancelOnFirst{cancel: cancel}, Threads: 1, TableMB: 1})
		if r, err := s.Search(ctx, engine.NewGame(3).Board(), Limits{Depth: 1}); !errors.Is(err, context.Canceled) {
			t.Fatalf("Search cancelled from its first leaf = %+v, %v; want context.Canceled", r, err)
		}
	}
}
