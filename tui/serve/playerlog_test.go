//go:build serve

package serve

import (
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"
)

// TestLogNamesPlayer checks that the log names a player by the name they
// go by, beside their key's fingerprint: the default name the server
// offers at their first session's start, the name they chose from then
// on, and from the start of their next session.
func TestLogNamesPlayer(t *testing.T) {
	ts := startServer(t, Config{})
	key := newKey(t)
	fp := ssh.FingerprintSHA256(key.PublicKey())
	term := ts.playFirst(t, key, 80, 30)
	term.waitText("your name")
	ts.log.waitFor(t, `msg="session start" player=`+fp+` name=player-`)
	term.press(strings.Repeat("\x7f", 20), "alice", "\r")
	term.waitText("MOVES")
	term.press("q")
	term.wait()
	ts.log.waitFor(t, `msg="session end" player=`+fp+" name=alice addr=127.0.0.1")

	again := ts.play(t, key, 80, 30)
	again.waitText("MOVES")
	ts.log.waitFor(t, `msg="session start" player=`+fp+" name=alice addr=127.0.0.1")
}
