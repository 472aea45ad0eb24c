//go:build serve

package ledger

import (
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// A testClock is a clock that moves only when a test says, read by the
// heartbeats of the ledgers as well as by the test.
type testClock struct{ unixNano atomic.Int64 }

func newTestClock() *testClock {
	c := &testClock{}
	c.unixNano.Store(noon.UnixNano())
	return c
}

func (c *testClock) Now() time.Time           { return time.Unix(0, c.unixNano.Load()) }
func (c *testClock) advance(by time.Duration) { c.unixNano.Add(int64(by)) }
func (c *testClock) options(renew time.Duration) Options {
	opt := testOptions
	opt.clock, opt.HoldLifetime, opt.holdRenewal = c.Now, holdLifetime, renew
	return opt
}

// openServers opens n ledgers on the database at source, as n servers
// that share it, each closed when t ends.
func openServers(t *testing.T, source string, opt Options, n int) []*DB {
	t.Helper()
	servers := make([]*DB, n)
	for i := range servers {
		d, err := Open(source, opt)
		if err != nil {
			t.Fatalf("server %d: Open = %v", i, err)
		}
		t.Cleanup(func() { d.Close() })
		servers[i] = d
	}
	return servers
}

// hold takes the hold of fp on d, failing t if it is refused.
func hold(t *testing.T, d *DB, fp string) func() {
	t.Helper()
	release, err := d.Hold(fp)
	if err != nil {
		t.Fatalf("Hold(%s) = %v; want it taken", fp, err)
	}
	return release
}

// refused checks that d may not take the hold of fp.
func refused(t *testing.T, d *DB, fp, why string) {
	t.Helper()
	if _, err := d.Hold(fp); !errors.Is(err, ErrHeld) {
		t.Errorf("Hold(%s) %s = %v; want %v", fp, why, err, ErrHeld)
	}
}

// TestHoldTwice: a player's data held is refused to a second game of the
// server until it is released, twice to no harm.
func TestHoldTwice(t *testing.T) { ledgertest.Run(t, testHoldTwice) }

func testHoldTwice(t *testing.T, db ledgertest.Database) {
	d, _ := openIn(t, db)
	release := hold(t, d, "SHA256:ann")
	refused(t, d, "SHA256:ann", "while held")
	hold(t, d, "SHA256:bob")
	release()
	release()
	hold(t, d, "SHA256:ann")
}

// TestHoldAcrossServers: two servers on one database refuse each other's
// player until it is released.
func TestHoldAcrossServers(t *testing.T) { ledgertest.Run(t, testHoldAcrossServers) }

func testHoldAcrossServers(t *testing.T, db ledgertest.Database) {
	servers := openServers(t, db.New(t), testOptions, 2)
	a, b := servers[0], servers[1]
	release := hold(t, a, "SHA256:ann")
	refused(t, b, "SHA256:ann", "on the second server while the first holds it")
	hold(t, b, "SHA256:bob")
	refused(t, a, "SHA256:bob", "on the first server while the second holds it")
	release()
	hold(t, b, "SHA256:ann")
	refused(t, a, "SHA256:ann", "on the first server once the second took it")
}

// TestForgetHolds: the holds of a server gone, forgotten by the next one
// to open the ledger alone, no longer keep its players out.
func TestForgetHolds(t *testing.T) { ledgertest.Run(t, testForgetHolds) }

func testForgetHolds(t *testing.T, db ledgertest.Database) {
	servers := openServers(t, db.New(t), testOptions, 2)
	killed, next := servers[0], servers[1]
	hold(t, killed, "SHA256:ann") // never released: its server is killed
	refused(t, next, "SHA256:ann", "before the holds are forgotten")
	if err := next.ForgetHolds(); err != nil {
		t.Fatal(err)
	}
	hold(t, next, "SHA256:ann")
}

// TestHoldExpires: a hold that its server stops renewing (a server killed)
// is refused to another server until it expires, and then taken; one
// renewed is not; the first server's release, late, leaves the new hold.
func TestHoldExpires(t *testing.T) { ledgertest.Run(t, testHoldExpires) }

func testHoldExpires(t *testing.T, db ledgertest.Database) {
	clock := newTestClock()
	// A heartbeat too slow to beat in the test: the test renews.
	servers := openServers(t, db.New(t), clock.options(time.Hour), 2)
	a, b := servers[0], servers[1]
	release := hold(t, a, "SHA256:ann")
	clock.advance(holdLifetime - time.Millisecond)
	refused(t, b, "SHA256:ann", "just before the hold expires")
	if err := a.renewHolds(t.Context()); err != nil {
		t.Fatal(err)
	}
	clock.advance(holdLifetime - time.Millisecond)
	refused(t, b, "SHA256:ann", "just before the renewed hold expires")
	clock.advance(time.Millisecond)
	hold(t, b, "SHA256:ann")
	release()
	refused(t, a, "SHA256:ann", "once the second server took it, the first's released late")
}

// TestHeartbeat: the heartbeat renews the server's holds, and stops when
// the ledger is closed.
func TestHeartbeat(t *testing.T) { ledgertest.Run(t, testHeartbeat) }

func testHeartbeat(t *testing.T, db ledgertest.Database) {
	clock := newTestClock()
	beats := make(chan struct{}, 1)
	opt := clock.options(time.Millisecond)
	opt.beat = func() {
		select {
		case beats <- struct{}{}:
		default: // the test has not taken the last one yet
		}
	}
	d := openServers(t, db.New(t), opt, 1)[0]
	hold(t, d, "SHA256:ann")
	clock.advance(time.Hour)
	// The first beat taken may have waited from before the clock moved,
	// the second's renewal may have begun before; the third's began after
	// it, and renewed the hold to a lifetime from the new time. Beats come
	// every millisecond: ten seconds without one is a heartbeat stopped.
	for range 3 {
		select {
		case <-beats:
		case <-time.After(10 * time.Second):
			t.Fatal("no beat of the heartbeat in 10 s")
		}
	}
	var expires int64
	if err := d.db.QueryRow(`SELECT expires FROM holds WHERE player = $1`, "SHA256:ann").Scan(&expires); err != nil {
		t.Fatal(err)
	}
	if want := clock.Now().Add(holdLifetime).UnixMilli(); expires != want {
		t.Fatalf("the hold expires at %d, an hour after the clock moved; want %d, renewed", expires, want)
	}
	done := d.holds.done
	d.Close()
	select {
	case <-done:
	default:
		t.Error("the heartbeat runs on after Close")
	}
}
