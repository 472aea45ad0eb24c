//go:build serve

package serve

import (
	"fmt"
	"testing"
	"time"
)

// TestLimiter checks a limiter's two limits on an address, its
// independence from other addresses, and the refill of its bucket.
func TestLimiter(t *testing.T) {
	now := time.Unix(1e9, 0)
	l := newLimiter(2, 3, time.Second)
	l.now = func() time.Time { return now }
	admit := func(addr string, want bool) {
		t.Helper()
		if why := l.admit(addr); (why == "") != want {
			t.Fatalf("at %v, admit(%s) = %q; want admitted %v", now.Sub(time.Unix(1e9, 0)), addr, why, want)
		}
	}
	admit("a", true)
	admit("a", true)
	admit("a", false) // two open
	admit("b", true)  // another address
	l.done("a")
	admit("a", true) // the third of the burst
	l.done("a")
	l.done("a")
	admit("a", false) // the bucket is empty
	now = now.Add(time.Second)
	admit("a", true) // one more a second
	admit("a", false)
}

// TestLimiterForgets checks that the addresses a limiter keeps stay
// bounded when each connects once in a while, those with a connection
// open kept.
func TestLimiterForgets(t *testing.T) {
	now := time.Unix(1e9, 0)
	l := newLimiter(1, 1, time.Second)
	l.now = func() time.Time { return now }
	l.admit("open") // stays open
	for i := range 3 * forgetAbove {
		addr := fmt.Sprint("10.0.", i/256, ".", i%256)
		l.admit(addr)
		l.done(addr)
		now = now.Add(time.Second / forgetAbove)
	}
	// forgetAbove addresses a second, each with a second to refill: at
	// most twice those of the last second are kept.
	if n := len(l.addrs); n > 2*forgetAbove+2 {
		t.Errorf("%d addresses kept; want at most %d", n, 2*forgetAbove+2)
	}
	if why := l.admit("open"); why == "" {
		t.Error("the address with a connection open was forgotten")
	}
}

// TestLimiterLogs checks that the refusals of an address are logged once a
// minute.
func TestLimiterLogs(t *testing.T) {
	now := time.Unix(1e9, 0)
	l := newLimiter(1, 1, time.Second)
	l.now = func() time.Time { return now }
	var logged []bool
	for _, step := range []time.Duration{0, time.Second, 58 * time.Second, time.Second} {
		now = now.Add(step)
		logged = append(logged, l.shouldLog("a"))
	}
	if fmt.Sprint(logged) != "[true false false true]" {
		t.Errorf("refusals at 0s, 1s, 59s and 60s logged: %v; want the first and the last", logged)
	}
}
