//go:build serve

package serve

import (
	"errors"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"
)

// TestHoldLost cuts a server off its database (a fault that fails the
// renewals of its holds) while a player plays: once the hold's lifetime
// has passed, the server logs that it lost the player, naming them, and
// ends the game with a message that says why; the other server sharing
// the ledger then takes the player, at the move their screen last showed.
func TestHoldLost(t *testing.T) {
	source := filepath.Join(t.TempDir(), "ledger.db")
	var cut atomic.Bool
	const lifetime = 1500 * time.Millisecond // renewed every 0.5 s: room for a slow renewal on a busy machine
	first := startServer(t, Config{Ledger: source, holdLifetime: lifetime, renewFault: func() error {
		if cut.Load() {
			return errors.New("the database is out of reach")
		}
		return nil
	}})
	second := startServer(t, Config{Ledger: source, holdLifetime: lifetime, Secret: filepath.Join(first.cfg.Dir, keyFile)})
	key := newKey(t)
	ann := first.play(t, key, 80, 30)
	ann.playMoves(3)
	seen := moves(t, ann.text())
	for ann.movedPast(seen) { // playMoves's last arrow may move too
		seen = moves(t, ann.text())
	}
	cut.Store(true)
	if code := ann.wait(); code != 1 {
		t.Errorf("the session of a hold lost: exit status %d; want 1", code)
	}
	if out := ann.output(); !strings.Contains(out, "lost touch with its database") {
		t.Errorf("the player of a hold lost was told:\n%s", out)
	}
	first.log.waitFor(t, "holds lost")
	if fp := ssh.FingerprintSHA256(key.PublicKey()); !strings.Contains(first.log.String(), fp) {
		t.Errorf("the log of the holds lost does not name the player %s:\n%s", fp, first.log.String())
	}
	again := second.play(t, key, 80, 30)
	if n := moves(t, again.waitText("MOVES")); n != seen {
		t.Errorf("the player on the other server: %d moves; want %d, as the first server's screen showed", n, seen)
	}
	again.press("q")
	again.wait()
}
