//go:build serve

package serve

import (
	"fmt"
	"testing"
	"time"
)

// TestLimiter checks a limiter's bucket on an address: its burst, its
// refill, and its independence from other addresses.
func TestLimiter(t *testing.T) {
	now := time.Unix(1e9, 0)
	l := newLimiter(3, time.Second)
	l.now = func() time.Time { return now }
	admit := func(addr string, want bool) {
		t.Helper()
		if why := l.admit(addr); (why.limit == "") != want {
			t.Fatalf("at %v, admit(%s) = %q; want admitted %v", now.Sub(time.Unix(1e9, 0)), addr, why, want)
		}
	}
	admit("a", true)
	admit("a", true)
	admit("a", true)
	admit("a", false) // the burst is spent
	admit("b", true)  // another address
	now = now.Add(time.Second)
	admit("a", true) // one more a second
	admit("a", false)
	now = now.Add(time.Hour)
	for range 3 {
		admit("a", true) // the bucket fills up to the burst, no more
	}
	admit("a", false)
}

// TestLimiterForgets checks that the addresses a limiter keeps stay
// bounded when each connects once in a while.
func TestLimiterForgets(t *testing.T) {
	now := time.Unix(1e9, 0)
	l := newLimiter(1, time.Second)
	l.now = func() time.Time { return now }
	for i := range 3 * forgetAbove {
		addr := fmt.Sprint("10.0.", i/256, ".", i%256)
		l.admit(addr)
		now = now.Add(time.Second / forgetAbove)
	}
	// forgetAbove addresses a second, each with a second to refill: at
	// most twice those of the last second are kept.
	if n := len(l.addrs); n > 2*forgetAbove+2 {
		t.Errorf("%d addresses kept; want at most %d", n, 2*forgetAbove+2)
	}
}

// TestLimiterKeeps checks that a limiter forgets only what it would know
// again of a new address: a bucket that has not filled up, or a refusal
// logged within the minute, is kept.
func TestLimiterKeeps(t *testing.T) {
	now := time.Unix(1e9, 0)
	l := newLimiter(2, time.Second)
	l.now = func() time.Time { return now }
	l.admit("spent")
	l.admit("spent")
	l.admit("half")
	l.admit("logged")
	l.shouldLog("logged")
	l.admit("full")
	now = now.Add(1500 * time.Millisecond) // "spent" and "half" have 1.5 and 2 tokens, "full" 2
	l.forget(now)
	for addr, kept := range map[string]bool{"spent": true, "half": false, "logged": true, "full": false} {
		if _, ok := l.addrs[addr]; ok != kept {
			t.Errorf("%s: kept %v; want %v", addr, ok, kept)
		}
	}
}
