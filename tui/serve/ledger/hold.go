//go:build serve

package ledger

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
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

// holds are the players whose data a game of this server holds, and the
// heartbeat that renews their rows.
type holds struct {
	server          string        // this server's ID, in the rows of its holds
	lifetime, renew time.Duration // holdLifetime and holdRenewal, but for tests
	beat            func()        // told after each renewal (Options.beat)

	mu   sync.Mutex
	held map[string]bool // by fingerprint

	stop context.CancelFunc // stops the heartbeat
	done chan struct{}      // closed when the heartbeat has stopped
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
	if h.held[fingerprint] {
		h.mu.Unlock()
		return func() {}, ErrHeld
	}
	if h.held == nil {
		h.held = map[string]bool{}
	}
	h.held[fingerprint] = true // a second game of this server waits no longer than this
	h.mu.Unlock()
	forget := func() {
		h.mu.Lock()
		delete(h.held, fingerprint)
		h.mu.Unlock()
	}
	if err := d.takeHold(fingerprint); err != nil {
		forget()
		return func() {}, err
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			// The row goes first: a game of this server that took it
			// again before would lose it to this delete.
			d.db.ExecContext(context.Background(), `DELETE FROM holds WHERE player = $1 AND server = $2`, fingerprint, h.server)
			forget()
		})
	}, nil
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
func (d *DB) takeHold(fingerprint string) error {
	now := d.now()
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
// from now.
func (d *DB) renewHolds(ctx context.Context) error {
	_, err := d.db.ExecContext(ctx, `UPDATE holds SET expires = $1 WHERE server = $2`,
		d.now().Add(d.holds.lifetime).UnixMilli(), d.holds.server)
	return err
}

// stopHeartbeat stops the heartbeat and waits for it to return.
func (d *DB) stopHeartbeat() {
	if d.holds.stop != nil {
		d.holds.stop()
		<-d.holds.done
	}
}
