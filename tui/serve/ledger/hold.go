//go:build serve

package ledger

import "sync"

// The players' data is for one game at a time: a second session of a key
// is refused while the first plays (see Hold). One server at a time opens
// a SQLite ledger (it locks its directory), so the holds of its process
// are all; servers that share a PostgreSQL database hold their own
// players only, and a player may play on two of them at once, the last
// game saved kept.

// holds are the players whose data a game holds.
type holds struct {
	mu   sync.Mutex
	held map[string]bool // by fingerprint
}

// Hold takes the data of the player of fingerprint for one game, and
// returns the function that gives it back; ok is false, and nothing is
// taken, if another game holds it.
func (d *DB) Hold(fingerprint string) (release func(), ok bool) {
	h := &d.holds
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.held[fingerprint] {
		return func() {}, false
	}
	if h.held == nil {
		h.held = map[string]bool{}
	}
	h.held[fingerprint] = true
	var once sync.Once
	return func() {
		once.Do(func() {
			h.mu.Lock()
			delete(h.held, fingerprint)
			h.mu.Unlock()
		})
	}, true
}
