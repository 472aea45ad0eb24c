package ai

import (
	"bytes"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// testClock is a clock for helpers that moves only when the test moves it:
// a helper waits for as long as the test needs, whatever the load of the
// machine, and its time is up as soon as the test says.
type testClock struct{ ns atomic.Int64 }

func (c *testClock) now() time.Time { return time.Unix(0, c.ns.Load()) }

// pass moves the clock past the time a helper waits for a job.
func (c *testClock) pass() { c.ns.Add(int64(helperLinger) + 1) }

// passUntil moves the clock past the time a helper waits for a job until
// cond holds: a helper that has joined the waiting ones but not yet read the
// clock when it moves waits from then on, and sees the next move.
func (c *testClock) passUntil(cond func() bool) {
	waitFor(func() bool {
		c.pass()
		return cond()
	})
}

// TestHelperTakesNextJob checks that a helper which finished a job runs the
// next one given while it waits, on the same goroutine, and ends once it
// has waited helperLinger in vain.
func TestHelperTakesNextJob(t *testing.T) {
	var clock testClock
	h := helpers{now: clock.now}
	first := make(chan int64)
	h.start(func() { first <- goroutineID() })
	id := <-first
	waitFor(func() bool { return waitingHelpers(&h) == 1 })
	second := make(chan int64)
	h.start(func() { second <- goroutineID() })
	if got := <-second; got != id {
		t.Errorf("the second job ran on goroutine %d; want %d, the helper that waited", got, id)
	}
	clock.passUntil(func() bool { return waitingHelpers(&h) == 0 && !goroutineExists(id) })
}

// TestHelperEnds checks that a helper given no job ends, and that the next
// job then runs on a goroutine of its own.
func TestHelperEnds(t *testing.T) {
	var clock testClock
	h := helpers{now: clock.now}
	ids := make(chan int64)
	h.start(func() { ids <- goroutineID() })
	first := <-ids
	clock.passUntil(func() bool { return waitingHelpers(&h) == 0 && !goroutineExists(first) })
	h.start(func() { ids <- goroutineID() })
	if second := <-ids; second == first {
		t.Errorf("the job after the helper ended ran on goroutine %d, the helper's", second)
	}
	clock.passUntil(func() bool { return waitingHelpers(&h) == 0 })
}

// TestHelpersRunEveryJobOnce starts jobs from several goroutines at once,
// while helpers come and go: each job runs once.
func TestHelpersRunEveryJobOnce(t *testing.T) {
	var clock testClock
	h := helpers{now: clock.now}
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
					clock.pass() // the helpers waiting now end, unless given a job first
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
	clock.passUntil(func() bool { return waitingHelpers(&h) == 0 })
}

// waitFor returns once cond holds, looking again each time the other
// goroutines have had the processor. It reads no clock: the helpers it
// waits for spin on the test's clock (see testClock), so no event says
// when they are done, and a synctest bubble, whose clock moves only when
// every goroutine waits, would never move. It has no time limit of its
// own, which the load of the machine would make wrong some day: a
// condition that never holds is a failure that the test binary's -timeout
// reports, with the stack of every goroutine.
func waitFor(cond func() bool) {
	for !cond() {
		runtime.Gosched()
	}
}

// waitingHelpers returns how many of h's helpers wait for a job.
func waitingHelpers(h *helpers) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.waiting)
}

// goroutineID returns the number the runtime gave the calling goroutine, as
// the first line of its stack shows it: "goroutine 7 [running]:".
func goroutineID() int64 {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	f := bytes.Fields(buf)
	id, err := strconv.ParseInt(string(f[1]), 10, 64)
	if err != nil {
		panic("no goroutine number in " + string(buf))
	}
	return id
}

// goroutineExists reports whether the goroutine numbered id has not
// returned yet.
func goroutineExists(id int64) bool {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	return bytes.Contains(buf, []byte("goroutine "+strconv.FormatInt(id, 10)+" ["))
}
