//go:build serve

package serve

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// friendMoves finds the moves of the friend's game under their board.
var friendMoves = regexp.MustCompile(`· (\d+) moves`)

// codePattern finds the code of a race on the screen of its player.
var codePattern = regexp.MustCompile(`code is ([A-Z0-9]{6})`)

// wonByForfeit is the result a player reads when the friend, named by
// the name the server offered them, left the race.
var wonByForfeit = regexp.MustCompile(`You won the race: player-\S+ left it\.`)

// TestRaceOverSSH races two players, each with a key and a terminal of
// their own: one makes a race and reads its code on the screen, the other
// joins with it; both screens then show both boards, a move of one shows
// on the other's, and the one who stays is told when the other leaves.
func TestRaceOverSSH(t *testing.T) {
	ts := startServer(t, Config{})
	ann := ts.play(t, newKey(t), 120, 30)
	bob := ts.play(t, newKey(t), 120, 30)
	makeAndJoin(t, ann, bob, strings.ToLower) // the code typed as it is read: any case
	for _, term := range []*terminal{ann, bob} {
		screen := term.waitText("The race is on")
		if !strings.Contains(screen, "0 moves") || moves(t, screen) != 0 {
			t.Errorf("the screen at the start of the race shows no friend's board, or not a new game:\n%s", screen)
		}
	}

	// Two moves at least: a press of playMoves sends two arrows, and both
	// may move. Bob's screen then shows, under Ann's board, the moves Ann's
	// own shows, once both have caught up.
	ann.playMoves(2)
	bob.waitFor("Ann's moves under her board", func(screen string) bool {
		m := friendMoves.FindStringSubmatch(screen)
		return m != nil && m[1] == strconv.Itoa(moves(t, ann.text()))
	})
	bob.press("q") // in a race under way, q asks first: leaving loses it
	bob.waitText("Quit, and leave the race?")
	bob.press("y")
	bob.wait()
	ann.waitFor("the race won, Bob named", func(screen string) bool {
		return wonByForfeit.MatchString(screen)
	})
	ann.press("q")
	ann.wait()
	if n := ts.races.Count(); n != 0 {
		t.Errorf("%d races once both players left; want 0", n)
	}
}

// TestRaceAcrossServers races two players on two servers that share one
// ledger (a SQLite file outside both servers' directories, and a
// PostgreSQL database when the tests have one): Ann makes the race on one
// server, Bob joins it on the other with its code, each screen shows the
// other's moves, and Ann is told she won when Bob leaves.
func TestRaceAcrossServers(t *testing.T) {
	ledgertest.Run(t, func(t *testing.T, db ledgertest.Database) {
		source := db.New(t)
		first := startServer(t, Config{Ledger: source})
		second := startServer(t, Config{Ledger: source, Secret: filepath.Join(first.cfg.Dir, keyFile)})
		ann := first.play(t, newKey(t), 120, 30)
		bob := second.play(t, newKey(t), 120, 30)
		makeAndJoin(t, ann, bob, func(code string) string { return code })
		for _, term := range []*terminal{ann, bob} {
			term.waitText("The race is on")
		}
		for _, c := range []struct {
			who, watcher *terminal
			what         string
		}{{ann, bob, "Ann's moves on Bob's screen"}, {bob, ann, "Bob's moves on Ann's screen"}} {
			c.who.playMoves(2)
			c.watcher.waitFor(c.what, func(screen string) bool {
				m := friendMoves.FindStringSubmatch(screen)
				return m != nil && m[1] == strconv.Itoa(moves(t, c.who.text())) && m[1] != "0"
			})
		}
		bob.press("q")
		bob.waitText("Quit, and leave the race?")
		bob.press("y")
		bob.wait()
		ann.waitFor("the race won, Bob named", wonByForfeit.MatchString)
		ann.press("q")
		ann.wait()
		for _, ts := range []*testServer{first, second} {
			if n := ts.races.Count(); n != 0 {
				t.Errorf("%d races once both players left; want 0", n)
			}
		}
	})
}

// makeAndJoin makes a race on ann's screen, reads its code there, and has
// bob join it with the code as typed writes it.
func makeAndJoin(t *testing.T, ann, bob *terminal, typed func(code string) string) {
	t.Helper()
	ann.waitText("SCORE")
	bob.waitText("SCORE")
	ann.press("v")
	ann.waitText("Race a friend")
	ann.press("\r")
	code := codePattern.FindStringSubmatch(ann.waitText("Your race's code is"))
	if code == nil {
		t.Fatalf("no code on the screen:\n%s", ann.text())
	}
	bob.press("v")
	bob.waitText("Race a friend")
	bob.press(typed(code[1]), "\r")
}
