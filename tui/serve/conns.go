//go:build serve

package serve

import (
	"net"
	"sync"
	"time"

	"github.com/term2048/2048/tui/figures"
)

// A connection goes through these states, in order: each connection
// counts against the limits of its state, and against those of all.
type connState uint8

const (
	greeting  connState = iota // its client has not sent its version line yet
	loggingIn                  // the SSH handshake and the log-in are under way
	loggedIn                   // logged in; no session yet
	playing                    // a session is open: never closed to make room
)

// String names the state for the log.
func (s connState) String() string {
	return [...]string{"greeting", "logging in", "logged in", "playing"}[s]
}

// A tracked is a connection the server holds, and what it counts against.
type tracked struct {
	c     net.Conn
	addr  string // its address as the limits see it (see addrKey); "" until a balancer's PROXY header gives it
	state connState
	since time.Time // when it was admitted
	moved time.Time // when it came to its state
	seq   uint64    // the order of its admission, which breaks ties
}

// A connTable holds the connections open, whatever their state, within
// three bounds: so many from one address, so many logging in (greeting or
// logging in), and so many in all. When a bound is reached, a newcomer
// takes the place of a connection not yet playing: from an address that
// holds at least two more than the newcomer's, if there is one (the one
// holding the most); else of any address, one that has stalled, in its
// state for over stallAfter. Among those, it takes the place of the one
// in its state the longest. A client that logs in to play goes from one
// state to the next within a few round trips, and is never taken the
// place of; connections that send nothing, or log in and open no
// session, from however many addresses, stall, and make room. Otherwise
// a newcomer is refused, and told to try again. It is safe for
// concurrent use.
type connTable struct {
	perAddress, pending, all int

	mu     sync.Mutex
	open   map[*tracked]struct{}
	byAddr map[string]int // the connections open from each address
	inLog  int            // connections greeting or logging in
	seq    uint64         // connections admitted so far
}

// newConnTable returns a table of these bounds.
func newConnTable(perAddress, pending, all int) *connTable {
	return &connTable{perAddress: perAddress, pending: pending, all: all, open: map[*tracked]struct{}{}, byAddr: map[string]int{}}
}

// An overLimit says why a connection is refused: the limit it is over, as
// -limit names it (or another word: see Metrics), and what its client is
// told. The zero overLimit admits it.
type overLimit struct{ limit, why string }

// admit counts c, from addr, in as greeting, and returns it; or says why
// it is refused. A connection a newcomer takes the place of is returned as
// evicted, out of the table, for the caller to close. An addr of "" is a
// connection through a balancer whose player is not known yet: it counts
// against the bounds of all, and against its player's address once place
// gives it.
func (t *connTable) admit(c net.Conn, addr string, now time.Time) (in *tracked, evicted *tracked, why overLimit) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if why = t.overAddress(addr); why.limit != "" {
		return nil, nil, why
	}
	switch {
	case len(t.open) >= t.all:
		if evicted = t.victim(addr, now, false); evicted == nil {
			return nil, nil, overLimit{"conns", "the server holds " + figures.Quantity(len(t.open), "connection") + ", its most"}
		}
	case t.inLog >= t.pending:
		if evicted = t.victim(addr, now, true); evicted == nil {
			return nil, nil, overLimit{"pending", figures.Quantity(t.inLog, "connection") + " logging in, the most at once"}
		}
	}
	if evicted != nil {
		t.remove(evicted)
	}
	t.seq++
	in = &tracked{c: c, addr: addr, state: greeting, since: now, moved: now, seq: t.seq}
	t.open[in] = struct{}{}
	if addr != "" {
		t.byAddr[addr]++
	}
	t.inLog++
	return in, evicted, overLimit{}
}

// overAddress says why one more connection from addr is refused, if it
// is: addr holds as many as one address may. t.mu is held.
func (t *connTable) overAddress(addr string) overLimit {
	if n := t.byAddr[addr]; addr != "" && n >= t.perAddress {
		return overLimit{"per-address", figures.Quantity(n, "connection") + " open from this address already"}
	}
	return overLimit{}
}

// place counts c, admitted through a balancer, against the address of its
// player, addr, as the PROXY header gave it; or says why it is refused,
// and takes it out of the table. It does nothing for a connection no
// longer in the table (closed to make room).
func (t *connTable) place(c *tracked, addr string) overLimit {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.open[c]; !ok {
		return overLimit{}
	}
	if why := t.overAddress(addr); why.limit != "" {
		t.remove(c)
		return why
	}
	c.addr = addr
	t.byAddr[addr]++
	return overLimit{}
}

// victim returns the connection a newcomer from addr at now takes the
// place of, nil if none: one not yet playing (logging in, if
// loggingInOnly), from the address holding the most if it holds two more
// than addr does, else one stalled; the one in its state the longest.
func (t *connTable) victim(addr string, now time.Time, loggingInOnly bool) *tracked {
	var heavy, stalled *tracked
	for c := range t.open {
		if c.state == playing || loggingInOnly && c.state > loggingIn {
			continue
		}
		if n := t.byAddr[c.addr]; n >= t.byAddr[addr]+2 && (heavy == nil || n > t.byAddr[heavy.addr] ||
			n == t.byAddr[heavy.addr] && earlier(c, heavy)) {
			heavy = c
		}
		if now.Sub(c.moved) > stallAfter && (stalled == nil || earlier(c, stalled)) {
			stalled = c
		}
	}
	if heavy != nil {
		return heavy
	}
	return stalled
}

// stallAfter is how long a connection stays in a state before it counts
// as stalled: a client on the other side of the world logs in, one round
// trip a state, within a few tenths of a second.
const stallAfter = time.Second

// earlier reports whether a came to its state before b.
func earlier(a, b *tracked) bool {
	if !a.moved.Equal(b.moved) {
		return a.moved.Before(b.moved)
	}
	return a.seq < b.seq
}

// advance moves c to state, a later one, at now; it does nothing for a
// connection no longer in the table (closed to make room) and reports
// whether c is in it.
func (t *connTable) advance(c *tracked, state connState, now time.Time) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.open[c]; !ok {
		return false
	}
	if c.state <= loggingIn && state > loggingIn {
		t.inLog--
	}
	c.state, c.moved = state, now
	return true
}

// done counts c out, if it is still in.
func (t *connTable) done(c *tracked) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.open[c]; ok {
		t.remove(c)
	}
}

// remove takes c, which is in the table, out of it.
func (t *connTable) remove(c *tracked) {
	delete(t.open, c)
	if c.addr != "" { // "": counted against no address yet
		if t.byAddr[c.addr]--; t.byAddr[c.addr] == 0 {
			delete(t.byAddr, c.addr)
		}
	}
	if c.state <= loggingIn {
		t.inLog--
	}
}

// closeAll closes every connection in the table.
func (t *connTable) closeAll() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for c := range t.open {
		c.c.Close()
	}
}

// counts returns the connections open, and those logging in.
func (t *connTable) counts() (open, inLog int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.open), t.inLog
}

// byState returns the connections open in each state.
func (t *connTable) byState() [playing + 1]int {
	t.mu.Lock()
	defer t.mu.Unlock()
	var n [playing + 1]int
	for c := range t.open {
		n[c.state]++
	}
	return n
}

// addrKey returns the address of a connection as the limits count it: an
// IPv4 address, or the /64 network of an IPv6 one, which one subscriber
// usually holds whole and can pick addresses from at will.
func addrKey(a net.Addr) string {
	var ip net.IP
	if t, ok := a.(*net.TCPAddr); ok {
		ip = t.IP
	} else if host, _, err := net.SplitHostPort(a.String()); err == nil {
		ip = net.ParseIP(host)
	}
	switch {
	case ip == nil:
		return a.String()
	case ip.To4() != nil:
		return ip.To4().String()
	}
	return (&net.IPNet{IP: ip.Mask(net.CIDRMask(64, 128)), Mask: net.CIDRMask(64, 128)}).String()
}
