//go:build serve

package ledger

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"
)

// The players' data is for one game at a time: a second session of a key
// is refused while the first plays, on this server or on another that
// shares its database (see Hold). A hold is a row of the table holds: the
// player, the server that holds them (a random ID drawn when the ledger is
// opened, one per process) and when the hold expires. A server renews
// its holds every holdRenewal (see heartbeat), well before they expire;
// a server killed leaves its holds, which another server takes once
// they have expired: holdLifetime at most after the last renewal. The
// expiry is written by the clock of the server that takes the hold and
// read by the clock of the one that asks for it, so servers that share a
// database keep their clocks within a few seconds of each other (NTP).
//
// In SQLite one server opens the file (it locks its directory): its
// holds are all, and the table only repeats them, but for the holds of a
// server killed, which the next server to open the file waits out as
// another server of PostgreSQL would: the ledger cannot tell that no
// other process has the file open.

const (
	// holdLifetime is how long a hold lasts without renewal: a server
	// killed keeps its players that long at most.
	holdLifetime = 30 * time.Second
	// holdRenewal is how often a server renews its holds: three times a
	// lifetime, so that a renewal that fails is tried twice more before
	// the holds expire.
	holdRenewal = holdLifetime / 3
)

// ErrHeld is the error of Hold when another game holds the player's data.
var ErrHeld = errors.New("the player's data is held by another game")

// ErrHoldLost is the error of a write for a player whose hold this server
// has lost: it could not renew it within its lifetime (the database out of
// reach), and another server may have taken the player since. Nothing is
// written for them until their game releases the hold.
var ErrHoldLost = errors.New("the server lost its hold of the player's data: another server may hold it")

// holds are the players whose data a game of this server holds, and the
// heartbeat that renews their rows.
type holds struct {
	server          string         // this server's ID, in the rows of its holds
	lifetime, renew time.Duration  // holdLifetime and holdRenewal, but for tests
	beat            func()         // told after each renewal (Options.beat)
	fault           func() error   // asked before each renewal (Options.RenewFault)
	onLost          func([]string) // told of the players whose holds are lost (Options.OnLost)

	mu   sync.Mutex
	held map[string]*heldPlayer // by fingerprint

	stop context.CancelFunc // stops the heartbeat
	done chan struct{}      // closed when the heartbeat has stopped
}

// A heldPlayer is a player whose data a game of this server holds.
type heldPlayer struct {
	until   time.Time     // the hold lasts until then unless renewed; zero until it is written
	since   time.Time     // when its row was written: a renewal that began after must find it
	leaving bool          // the game is releasing it: its row may be gone
	lost    chan struct{} // closed when the hold is found lost (see HoldLost)
}

// newServerID returns a new random ID of a server.
func newServerID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Hold takes the data of the player of fingerprint for one game, and
// returns the function that gives it back. The error is ErrHeld, and
// nothing is taken, if another game holds it, on this server or on
// another that shares the database, and its hold has not expired; any
// other error says the database could not be asked.
func (d *DB) Hold(fingerprint string) (release func(), err error) {
	h := &d.holds
	h.mu.Lock()
	if h.held[fingerprint] != nil {
		h.mu.Unlock()
		return func() {}, ErrHeld
	}
	if h.held == nil {
		h.held = map[string]*heldPlayer{}
	}
	p := &heldPlayer{lost: make(chan struct{})}
	h.held[fingerprint] = p // a second game of this server waits no longer than this
	h.mu.Unlock()
	forget := func() {
		h.mu.Lock()
		delete(h.held, fingerprint)
		h.mu.Unlock()
	}
	taken := d.now()
	if err := d.takeHold(fingerprint, taken); err != nil {
		forget()
		return func() {}, err
	}
	written := d.now()
	h.mu.Lock()
	p.until, p.since = taken.Add(h.lifetime), written
	h.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			h.mu.Lock()
			p.leaving = true
			h.mu.Unlock()
			// The row goes first: a game of this server that took it
			// again before would lose it to this delete.
			d.db.ExecContext(context.Background(), `DELETE FROM holds WHERE player = $1 AND server = $2`, fingerprint, h.server)
			forget()
		})
	}, nil
}

// HoldLost returns a channel closed if this server loses its hold of the
// data of the player of fingerprint (see ErrHoldLost), nil if it holds
// none.
func (d *DB) HoldLost(fingerprint string) <-chan struct{} {
	h := &d.holds
	h.mu.Lock()
	defer h.mu.Unlock()
	if p := h.held[fingerprint]; p != nil {
		return p.lost
	}
	return nil
}

// checkHold returns ErrHoldLost if this server holds the data of the
// player of fingerprint and has not renewed the hold within its lifetime,
// or has found it taken; nil if it holds it still, or holds none (a
// write that no game makes, such as an import's or a test's).
func (d *DB) checkHold(fingerprint string) error {
	h := &d.holds
	now := d.now()
	h.mu.Lock()
	p := h.held[fingerprint]
	var lost bool
	if p != nil && !p.until.IsZero() && !now.Before(p.until) {
		lost = p.lose()
	}
	gone := p != nil && isClosed(p.lost)
	h.mu.Unlock()
	if lost {
		h.onLost([]string{fingerprint})
	}
	if gone {
		return ErrHoldLost
	}
	return nil
}

// lose marks the hold lost, and reports whether it was not already.
// holds.mu is held.
func (p *heldPlayer) lose() bool {
	if isClosed(p.lost) {
		return false
	}
	close(p.lost)
	return true
}

// isClosed reports whether c is closed.
func isClosed(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// HoldLifetime returns how long a hold lasts without renewal: a server
// killed keeps its players that long at most, and its seats in races.
func (d *DB) HoldLifetime() time.Duration { return d.holds.lifetime }

// ForgetHolds drops every hold of the ledger, expired or not: those of a
// server killed, which a server would otherwise wait out. Only a server
// that knows no other process has the ledger open may call it: one that
// holds the lock of the directory of its SQLite file.
func (d *DB) ForgetHolds() error {
	if _, err := d.db.ExecContext(context.Background(), `DELETE FROM holds`); err != nil {
		return fmt.Errorf("forgetting the holds of a server gone: %w", err)
	}
	return nil
}

// takeHold writes this server's hold of the player's data, if there is
// none, or it has expired, or it is this server's (left by a release that
// failed to delete it).
func (d *DB) takeHold(fingerprint string, now time.Time) error {
	res, err := d.db.ExecContext(context.Background(), `
INSERT INTO holds (player, server, expires) VALUES ($1, $2, $3)
ON CONFLICT (player) DO UPDATE SET server = excluded.server, expires = excluded.expires
WHERE holds.server = excluded.server OR holds.expires <= $4`,
		fingerprint, d.holds.server, now.Add(d.holds.lifetime).UnixMilli(), now.UnixMilli())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrHeld
	}
	return nil
}

// startHeartbeat starts the heartbeat of d's holds, which Close stops.
func (d *DB) startHeartbeat() {
	ctx, stop := context.WithCancel(context.Background())
	d.holds.stop, d.holds.done = stop, make(chan struct{})
	go d.heartbeat(ctx)
}

// heartbeat renews this server's holds every holds.renew until ctx is
// done. A renewal that fails is tried again at the next beat.
func (d *DB) heartbeat(ctx context.Context) {
	defer close(d.holds.done)
	tick := time.NewTicker(d.holds.renew)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			d.renewHolds(ctx)
			d.holds.beat()
		}
	}
}

// renewHolds moves the expiry of every hold of this server to a lifetime
// from now, and finds those lost: not in the database as this server's
// (another server took them once they expired), or not renewed within
// their lifetime (the renewal failed for that long). It tells
// Options.OnLost of those, whose writes then fail (see ErrHoldLost).
func (d *DB) renewHolds(ctx context.Context) error {
	now := d.now()
	renewed, err := d.renew(ctx, now)
	h := &d.holds
	var lost []string
	h.mu.Lock()
	for fp, p := range h.held {
		switch {
		case p.until.IsZero() || p.leaving || isClosed(p.lost):
		case err == nil && renewed[fp]:
			p.until, p.since = now.Add(h.lifetime), now
		case err == nil && p.since.Before(now), err != nil && !d.now().Before(p.until):
			// Written before this renewal began, and not renewed by it:
			// another server has it. Or not renewed within its lifetime.
			p.lose()
			lost = append(lost, fp)
		}
	}
	h.mu.Unlock()
	if len(lost) > 0 {
		slices.Sort(lost)
		h.onLost(lost)
	}
	return err
}

// renew moves the expiry of every hold of this server to a lifetime from
// now, and returns the players whose holds it renewed.
func (d *DB) renew(ctx context.Context, now time.Time) (map[string]bool, error) {
	if err := d.holds.fault(); err != nil {
		return nil, err
	}
	rows, err := d.db.QueryContext(ctx, `UPDATE holds SET expires = $1 WHERE server = $2 RETURNING player`,
		now.Add(d.holds.lifetime).UnixMilli(), d.holds.server)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	renewed := map[string]bool{}
	for rows.Next() {
		var fp string
		if err := rows.Scan(&fp); err != nil {
			return nil, err
		}
		renewed[fp] = true
	}
	return renewed, rows.Err()
}

// stopHeartbeat stops the heartbeat and waits for it to return.
func (d *DB) stopHeartbeat() {
	if d.holds.stop != nil {
		d.holds.stop()
		<-d.holds.done
	}
}
