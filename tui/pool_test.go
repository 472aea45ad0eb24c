package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// testPool returns a pool of one thread that thinks for at most think.
func testPool(t *testing.T, think, pace time.Duration) *Pool {
	t.Helper()
	p, err := NewPool(PoolConfig{Threads: 1, Think: think, Pace: pace, TableMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestNewPoolRefuses checks that a pool without a thread, without time to
// think or with a negative pace is refused.
func TestNewPoolRefuses(t *testing.T) {
	for _, c := range []PoolConfig{{Threads: 0, Think: time.Second}, {Threads: 1}, {Threads: 1, Think: time.Second, Pace: -1}} {
		if _, err := NewPool(c); err == nil {
			t.Errorf("NewPool(%+v): no error", c)
		}
	}
}

// TestPoolWaitsForAThread checks that a search on a pool whose threads are
// all taken waits for one, that its wait ends with its context, and that
// it runs once a thread is free.
func TestPoolWaitsForAThread(t *testing.T) {
	p := testPool(t, time.Second, 0)
	release, err := p.acquire(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	b := engine.NewGame(1).Board()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := p.search(ctx, p.searcher, b, ai.Limits{Depth: 2}); !errors.Is(err, context.Canceled) {
		t.Fatalf("a search waiting for a thread, cancelled: %v; want context.Canceled", err)
	}
	answered := make(chan error, 1)
	go func() {
		_, err := p.search(t.Context(), p.searcher, b, ai.Limits{Depth: 2})
		answered <- err
	}()
	release()
	if err := <-answered; err != nil {
		t.Fatalf("a search once the thread is free: %v", err)
	}
}

// slowEval is the default heuristic whose every leaf takes d of the clock:
// in a synctest bubble, where the clock moves only when every goroutine
// waits, a search takes its leaves times d, whatever the machine.
type slowEval struct {
	ai.Evaluator
	d time.Duration
}

func (e slowEval) Evaluate(b engine.Board) float64 {
	time.Sleep(e.d)
	return e.Evaluator.Evaluate(b)
}

// TestPoolThinksNoLonger checks that a search on a pool takes no longer
// than its thinking time, however deep the depth asked, and keeps saying
// that the automatic depth was asked for. It runs in a synctest bubble,
// where each leaf takes 10 µs of its clock: 20 ms are 2,000 leaves, and a
// search stops at most a few hundred leaves after its deadline (see the ai
// package's TestDeadline), 5 ms, on a loaded machine as on an idle one.
func TestPoolThinksNoLonger(t *testing.T) {
	const leaf, think, late = 10 * time.Microsecond, 20 * time.Millisecond, 500 * 10 * time.Microsecond
	b, err := engine.Parse("2 4 8 16 / 32 64 128 256 / 512 1024 2 4 / 0 0 0 0")
	if err != nil {
		t.Fatal(err)
	}
	for _, depth := range []int{ai.MaxDepth, ai.Auto} {
		synctest.Test(t, func(t *testing.T) {
			p, err := NewPool(PoolConfig{Threads: 1, Think: think, TableMB: 4, Eval: slowEval{ai.NneonneoHeuristic(), leaf}})
			if err != nil {
				t.Fatal(err)
			}
			r, err := p.search(t.Context(), p.searcher, b, ai.Limits{Depth: depth})
			if err != nil || !r.HasMove() {
				t.Fatalf("depth %d: %v, %+v", depth, err, r)
			}
			if r.Elapsed > think+late || r.Auto != (depth == ai.Auto) {
				t.Errorf("depth %d with %v to think: took %v, auto %v; want at most %v, auto %v", depth, think, r.Elapsed, r.Auto, think+late, depth == ai.Auto)
			}
		})
	}
}

// TestGameOnAPool checks what a game on a pool takes from it: its
// searcher, its evaluator, which the settings do not change, its pace of
// autoplay as the least, and its threads for the replay's review.
func TestGameOnAPool(t *testing.T) {
	p := testPool(t, 50*time.Millisecond, 150*time.Millisecond)
	m := newTestModel(t, Config{Pool: p, Speed: 0})
	if m.ai.searcher != p.searcher || m.ai.evalName != p.evalName {
		t.Errorf("a game on a pool searches with %p (%s); want the pool's %p (%s)", m.ai.searcher, m.ai.evalName, p.searcher, p.evalName)
	}
	if got := m.ai.pace(); got != 150*time.Millisecond {
		t.Errorf("autoplay's pace at speed 0 on a pool of 150ms: %v", got)
	}
	m.openSettings()
	if cmd := (evalOption{}).step(m, 1); cmd != nil || m.ai.opening != "" || m.screens.settings().said != evalFixedText {
		t.Errorf("stepping the evaluator on a pool: opening %q, told %q; want nothing opened, and why", m.ai.opening, m.screens.settings().said)
	}
	if m.screens.settings().editWeights(m); m.screens.settings().edit != nil {
		t.Error("the weights file can be edited on a pool")
	}
	if o := m.ai.reviewOptions(review.Setting{Depth: 3}); o.Workers != 1 || o.Acquire == nil {
		t.Errorf("a review on a pool: %d workers, acquire set %v; want 1 and the pool's", o.Workers, o.Acquire != nil)
	}
	m.screens.close(m.screens.settings())
	settle(m, press(m, "h"), 10)
	if m.ai.hint == nil || !m.ai.hint.HasMove() {
		t.Error("no hint from the pool")
	}
}

// shallowRule is the heuristic with an automatic depth of its own: one ply.
type shallowRule struct{ ai.Evaluator }

func (shallowRule) Cutoff() float64            { return 0 }
func (shallowRule) AutoDepth(engine.Board) int { return 1 }

// TestPoolAutoDepthIsTheEvaluators checks that a pool's search at the
// automatic depth takes the depth of its evaluator's rule, not the
// heuristic's.
func TestPoolAutoDepthIsTheEvaluators(t *testing.T) {
	heuristic, err := ai.NewEvaluator(ai.Evaluators()[0].Name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPool(PoolConfig{Threads: 1, Think: time.Minute, TableMB: 4, Eval: shallowRule{heuristic}, EvalName: "shallow"})
	if err != nil {
		t.Fatal(err)
	}
	b := engine.NewGame(1).Board()
	r, err := p.search(t.Context(), p.searcher, b, ai.Limits{Depth: ai.Auto})
	if err != nil {
		t.Fatal(err)
	}
	if r.Depth != 1 || !r.Auto {
		t.Errorf("a search at the automatic depth on a pool went %d plies (auto %v); want the evaluator's 1, not ai.DepthOf's %d", r.Depth, r.Auto, ai.DepthOf(b))
	}
}

// TestAutoDepthSaidIsTheEvaluators: the help and the settings say the
// range of the automatic depth of the evaluator in use, not the
// heuristic's.
func TestAutoDepthSaidIsTheEvaluators(t *testing.T) {
	m := newTestModel(t, Config{Searcher: ai.NewSearcher(ai.Config{Eval: shallowRule{ai.NneonneoHeuristic()}, Threads: 1, TableMB: 4})})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 34})
	if got := (depthOption{}).about(m); !strings.Contains(got, "auto: 1 to 1 moves") {
		t.Errorf("the depth setting says %q; want the evaluator's range, 1 to 1", got)
	}
	if got := (&helpPage{}).aiHelp(m, 1000); !strings.Contains(got, "from 1 to 1.") {
		t.Errorf("the help says %q; want the evaluator's range, from 1 to 1", got)
	}
	m = newTestModel(t, Config{})
	if got := (depthOption{}).about(m); !strings.Contains(got, fmt.Sprintf("auto: %d to %d moves", ai.DepthOf(0), ai.MaxDepth)) {
		t.Errorf("the depth setting with the heuristic says %q; want nneonneo's range", got)
	}
}
