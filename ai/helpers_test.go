package ai

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestHelperTakesNextJob checks that a helper which finished a job runs the
// next one given soon after, on the same goroutine, and then ends.
func TestHelperTakesNextJob(t *testing.T) {
	h := helpers{linger: 300 * time.Millisecond} // long enough to see it wait under the race detector
	before := runtime.NumGoroutine()
	first := make(chan struct{})
	h.start(func() { close(first) })
	<-first
	if !eventually(func() bool { return waitingHelpers(&h) == 1 }) {
		t.Fatal("no helper waits for a job after the first")
	}
	second := make(chan struct{})
	h.start(func() { close(second) })
	<-second
	// The second job ran on the waiting helper: no other goroutine started.
	// (The helper is still there, waiting again.)
	if n := runtime.NumGoroutine(); n > before+1 {
		t.Errorf("%d goroutines after two jobs in a row; want at most %d", n, before+1)
	}
	if !eventually(func() bool { return waitingHelpers(&h) == 0 }) {
		t.Errorf("%d helpers still wait for a job after 2s", waitingHelpers(&h))
	}
	checkNoGoroutineLeft(t, before)
}

// TestHelpersRunEveryJobOnce starts jobs from several goroutines at once,
// while helpers come and go: each job runs once.
func TestHelpersRunEveryJobOnce(t *testing.T) {
	var h helpers
	const starters, jobs = 4, 300
	var ran [starters * jobs]atomic.Int32
	var wg sync.WaitGroup
	for s := range starters {
		wg.Go(func() {
			var done sync.WaitGroup
			for j := range jobs {
				done.Add(1)
				h.start(func() {
					defer done.Done()
					ran[s*jobs+j].Add(1)
				})
				if j%50 == 0 {
					done.Wait()
					time.Sleep(helperLinger) // some helpers end meanwhile
				}
			}
			done.Wait()
		})
	}
	wg.Wait()
	for i := range ran {
		if n := ran[i].Load(); n != 1 {
			t.Fatalf("job %d ran %d times; want once", i, n)
		}
	}
}

// waitingHelpers returns how many of h's helpers wait for a job.
func waitingHelpers(h *helpers) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.waiting)
}
