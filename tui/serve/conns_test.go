//go:build serve

package serve

import (
	"net"
	"strings"
	"testing"
	"time"
)

// admitOrFail admits a connection from addr into table, failing the test
// unless it is admitted, evicting wantEvicted (nil: none).
func admitOrFail(t *testing.T, table *connTable, addr string, now time.Time, wantEvicted *tracked) *tracked {
	t.Helper()
	in, evicted, why := table.admit(nil, addr, now)
	if why.limit != "" || in == nil {
		t.Fatalf("a connection from %s refused: %s", addr, why)
	}
	if evicted != wantEvicted {
		t.Fatalf("a connection from %s evicted %+v; want %+v", addr, evicted, wantEvicted)
	}
	return in
}

// refusedOrFail fails the test unless a connection from addr at now is
// refused, saying want.
func refusedOrFail(t *testing.T, table *connTable, addr string, now time.Time, want string) {
	t.Helper()
	if in, evicted, why := table.admit(nil, addr, now); in != nil || evicted != nil || !strings.Contains(why.why, want) {
		t.Fatalf("a connection from %s: admitted %v, evicted %v, %q; want refused with %q", addr, in != nil, evicted != nil, why, want)
	}
}

// checkCounts fails the test unless table holds open connections, inLog
// of them logging in.
func checkCounts(t *testing.T, table *connTable, open, inLog int) {
	t.Helper()
	if o, l := table.counts(); o != open || l != inLog {
		t.Fatalf("%d connections open, %d logging in; want %d and %d", o, l, open, inLog)
	}
}

func TestConnTablePerAddress(t *testing.T) {
	table := newConnTable(2, 10, 10)
	now := time.Unix(1e9, 0)
	a1 := admitOrFail(t, table, "a", now, nil)
	admitOrFail(t, table, "a", now, nil)
	refusedOrFail(t, table, "a", now, "2 connections open from this address")
	admitOrFail(t, table, "b", now, nil)
	table.advance(a1, playing, now) // a connection playing counts too
	refusedOrFail(t, table, "a", now, "2 connections open")
	table.done(a1)
	admitOrFail(t, table, "a", now, nil)
	checkCounts(t, table, 3, 3)
}

// TestConnTableEvicts checks who makes room when the server holds all the
// connections it may: a connection not playing, from the address holding
// the most if it holds two more than the newcomer's, else a stalled one of
// any; the one in its state the longest. Otherwise a newcomer is refused.
func TestConnTableEvicts(t *testing.T) {
	table := newConnTable(10, 10, 6)
	t0 := time.Unix(1e9, 0)
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	loggingInLately := admitOrFail(t, table, "flood", at(0), nil)
	greeting := admitOrFail(t, table, "flood", at(1), nil)
	idle := admitOrFail(t, table, "flood", at(0), nil)
	floodPlaying := admitOrFail(t, table, "flood", at(0), nil)
	friendPlaying := admitOrFail(t, table, "friend", at(0), nil)
	friendGreeting := admitOrFail(t, table, "friend", at(0), nil)
	table.advance(loggingInLately, loggingIn, at(5))
	table.advance(idle, loggedIn, at(2))
	table.advance(floodPlaying, playing, at(0))
	table.advance(friendPlaying, playing, at(0))
	checkCounts(t, table, 6, 3)

	// flood holds 4, new none: flood's connection longest in its state
	// first, then the next.
	admitOrFail(t, table, "new", at(6), greeting)
	admitOrFail(t, table, "new", at(6), idle)
	// flood, friend and new hold 2 each: the stalled one longest in its
	// state, friend's greeting since t0; new's since t6 have not stalled.
	admitOrFail(t, table, "new", at(7), friendGreeting)
	if table.advance(friendGreeting, loggingIn, at(8)) {
		t.Fatal("advance: true for a connection closed to make room")
	}
	table.done(friendGreeting)  // closed after its eviction: counted out once only
	checkCounts(t, table, 6, 4) // new's three and flood's logging in

	// When every connection plays, a newcomer is refused, stalled or not.
	for c := range table.open {
		table.advance(c, playing, at(8))
	}
	refusedOrFail(t, table, "other", at(9), "the server holds 6 connections, its most")
}

// TestConnTableStalls checks that when no address holds more than its
// share, a newcomer is refused until a connection stalls, whose place it
// then takes.
func TestConnTableStalls(t *testing.T) {
	table := newConnTable(10, 10, 2)
	t0 := time.Unix(1e9, 0)
	a := admitOrFail(t, table, "a", t0, nil)
	b := admitOrFail(t, table, "b", t0, nil)
	refusedOrFail(t, table, "c", t0.Add(time.Second), "the server holds 2 connections, its most")
	table.advance(a, loggingIn, t0.Add(500*time.Millisecond))
	table.advance(b, loggedIn, t0.Add(600*time.Millisecond))
	refusedOrFail(t, table, "c", t0.Add(1500*time.Millisecond), "the server holds 2 connections")
	admitOrFail(t, table, "c", t0.Add(1550*time.Millisecond), a) // in its state for 1.05 s
	admitOrFail(t, table, "d", t0.Add(1650*time.Millisecond), b)
}

// TestConnTableLoggingIn checks the bound on connections logging in: a
// newcomer takes the place of one still logging in, from the address with
// the most if it holds two more, else of a stalled one; never of one
// logged in.
func TestConnTableLoggingIn(t *testing.T) {
	table := newConnTable(10, 3, 100)
	t0 := time.Unix(1e9, 0)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	silent0 := admitOrFail(t, table, "silent", at(0), nil)
	silent1 := admitOrFail(t, table, "silent", at(0), nil)
	silentIn := admitOrFail(t, table, "silent", at(0), nil)
	table.advance(silentIn, loggedIn, at(0)) // logged in: out of the bound
	silent3 := admitOrFail(t, table, "silent", at(1), nil)
	checkCounts(t, table, 4, 3)
	silent4 := admitOrFail(t, table, "silent", at(2), silent0) // its own, stalled longest
	player := admitOrFail(t, table, "player", at(2), silent1)
	admitOrFail(t, table, "player2", at(3), silent3)
	admitOrFail(t, table, "player3", at(3), silent4)
	// silent holds one, logged in; no player has stalled yet.
	refusedOrFail(t, table, "player4", at(3), "3 connections logging in, the most at once")
	admitOrFail(t, table, "player4", at(4), player)
	checkCounts(t, table, 4, 3)
}

func TestAddrKey(t *testing.T) {
	for _, c := range []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.ParseIP("192.0.2.7"), Port: 5000}, "192.0.2.7"},
		{&net.TCPAddr{IP: net.ParseIP("::ffff:192.0.2.7"), Port: 5000}, "192.0.2.7"},
		{&net.TCPAddr{IP: net.ParseIP("2001:db8:1:2:3:4:5:6"), Port: 5000}, "2001:db8:1:2::/64"},
		{&net.TCPAddr{IP: net.ParseIP("2001:db8:1:2:ffff:ffff:ffff:ffff"), Port: 5000}, "2001:db8:1:2::/64"},
		{&net.TCPAddr{IP: net.ParseIP("::1"), Port: 5000}, "::/64"},
		{&net.UnixAddr{Name: "@sock", Net: "unix"}, "@sock"},
	} {
		if got := addrKey(c.addr); got != c.want {
			t.Errorf("addrKey(%v) = %q; want %q", c.addr, got, c.want)
		}
	}
}
