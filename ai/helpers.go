package ai

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// helpers runs the goroutines a parallel search adds to its own, and keeps
// each a moment after its part is done, spinning, in case the next search
// has a part for it.
//
// Starting a goroutine when every other core is idle means waking one, and
// on the machine the README's figures come from that took 0.18-0.23 ms
// (median of 300 starts; the core sleeps, and the hypervisor wakes it): the
// second goroutine of a 6-ply decision began its first task 0.18 ms after
// the first, 3% of the decision. Searches come in runs (the moves of sim and
// of autoplay, the plies of iterative deepening, a benchmark's positions),
// and a spinning goroutine takes the next part within a microsecond. One
// that gets none within helperLinger ends: the core idles again a
// millisecond after the last search. Thread pools such as OpenMP's spin in
// the same way before they sleep; a blocked goroutine would not do, since
// its core would go to sleep too.
type helpers struct {
	now     func() time.Time // the clock helpers wait by; nil means time.Now (a test passes one that moves when it says)
	mu      sync.Mutex
	waiting []*helper
}

// A helper is a goroutine of helpers waiting for a job.
type helper struct {
	job atomic.Pointer[func()] // nil until the helper is given a job
}

// helperLinger is how long a helper waits for another job before it ends.
const helperLinger = time.Millisecond

// start runs job on a waiting helper, or on a new goroutine if none waits.
func (h *helpers) start(job func()) {
	h.mu.Lock()
	if n := len(h.waiting); n > 0 {
		w := h.waiting[n-1]
		h.waiting = h.waiting[:n-1]
		w.job.Store(&job)
		h.mu.Unlock()
		return
	}
	h.mu.Unlock()
	go h.serve(job)
}

// serve runs job, then the jobs it is given while it waits, and returns when
// it waited in vain.
func (h *helpers) serve(job func()) {
	w := &helper{}
	for job != nil {
		job()
		job = h.await(w)
	}
}

// await returns the job given to w within helperLinger, or nil.
func (h *helpers) await(w *helper) func() {
	h.mu.Lock()
	w.job.Store(nil)
	h.waiting = append(h.waiting, w)
	h.mu.Unlock()
	now := h.now
	if now == nil {
		now = time.Now
	}
	until := now().Add(helperLinger)
	for {
		if job := w.job.Load(); job != nil {
			return *job
		}
		if now().After(until) {
			break
		}
		runtime.Gosched() // lets any other goroutine run on this core
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if job := w.job.Load(); job != nil { // given a job just now
		return *job
	}
	h.waiting = slices.DeleteFunc(h.waiting, func(x *helper) bool { return x == w })
	return nil
}
