//go:build serve

package serve

import (
	"sync"
	"time"
)

// A limiter admits the new connections of each address at a bounded rate
// (a token bucket: burst at once, then one every every); how many each may
// hold open is the connTable's to bound. It forgets an address whose bucket
// is full once it knows many, so that its memory stays in proportion to
// the addresses that connected in the last minute or so. It is safe for
// concurrent use.
type limiter struct {
	burst int
	every time.Duration
	now   func() time.Time

	mu       sync.Mutex
	addrs    map[string]*addrState
	forgetAt int // the number of addresses at which it next forgets those it can
}

// addrState is what a limiter knows of an address.
type addrState struct {
	tokens float64   // the connections it may open now
	at     time.Time // when tokens was worked out
	logged time.Time // when a refusal of it was last logged
}

// forgetAbove is the number of addresses above which a limiter forgets
// those it need not remember: then each time their number has doubled, so
// that the work of forgetting stays in proportion to the addresses seen.
const forgetAbove = 4096

// newLimiter returns a limiter of burst connections opened at once, then
// one every every.
func newLimiter(burst int, every time.Duration) *limiter {
	return &limiter{burst: burst, every: every, now: time.Now, addrs: map[string]*addrState{}, forgetAt: forgetAbove}
}

// admit takes a token for a new connection from addr and returns the zero
// overLimit, or says why it is refused.
func (l *limiter) admit(addr string) overLimit {
	l.mu.Lock()
	defer l.mu.Unlock()
	a := l.state(addr, l.now())
	if a.tokens < 1 {
		return overLimit{"burst", "connecting too often"}
	}
	a.tokens--
	return overLimit{}
}

// shouldLog reports whether a refusal of addr should be logged: the
// first, then one a minute, so that a flood of connections does not flood
// the log.
func (l *limiter) shouldLog(addr string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	a := l.state(addr, now)
	if now.Sub(a.logged) < time.Minute {
		return false
	}
	a.logged = now
	return true
}

// state returns the state of addr at now, its bucket filled up for the
// time gone by.
func (l *limiter) state(addr string, now time.Time) *addrState {
	a := l.addrs[addr]
	if a == nil {
		if len(l.addrs) >= l.forgetAt {
			l.forget(now)
			l.forgetAt = max(forgetAbove, 2*len(l.addrs))
		}
		a = &addrState{tokens: float64(l.burst), at: now}
		l.addrs[addr] = a
	}
	a.tokens = min(float64(l.burst), a.tokens+float64(now.Sub(a.at))/float64(l.every))
	a.at = now
	return a
}

// forget drops the addresses whose bucket has filled up again, as a new
// address's is, and whose last refusal logged is a minute old.
func (l *limiter) forget(now time.Time) {
	for addr, a := range l.addrs {
		full := a.tokens+float64(now.Sub(a.at))/float64(l.every) >= float64(l.burst)
		if full && now.Sub(a.logged) >= time.Minute {
			delete(l.addrs, addr)
		}
	}
}
