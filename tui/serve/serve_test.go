//go:build serve

package serve

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/term2048/2048/tui"
	"github.com/term2048/2048/tui/playerdata"
)

// movesPattern finds the move count on the screen.
var movesPattern = regexp.MustCompile(`MOVES +(\d+)`)

// moves returns the number of moves the screen shows.
func moves(t testing.TB, screen string) int {
	t.Helper()
	m := movesPattern.FindStringSubmatch(screen)
	if m == nil {
		t.Fatalf("no move count on the screen:\n%s", screen)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// playMoves presses the arrows until the game has n moves.
func (term *terminal) playMoves(n int) {
	term.t.Helper()
	arrows := []string{keyUp, keyLeft, keyDown, keyRight}
	turn, deadline := 0, time.Now().Add(waitTime)
	for i := moves(term.t, term.waitText("MOVES")); i < n; i = moves(term.t, term.text()) {
		if time.Now().After(deadline) {
			term.t.Fatalf("waiting for move %d; the screen shows:\n%s", n, term.text())
		}
		// Two opposite arrows: on a board with room, one of them moves
		// unless every line that way is empty or full; then the next
		// round turns a quarter.
		term.press(arrows[turn%4], arrows[(turn+2)%4])
		if !term.movedPast(i) {
			turn++
		}
	}
}

// movedPast reports whether the screen shows more than i moves within a
// second: keys that move nothing draw nothing, so no sign ever says that
// they were taken, and a second is what the turn waits before it gives up.
func (term *terminal) movedPast(i int) bool {
	return waitUntilFor(&term.drawn, time.Second, func() bool {
		m := movesPattern.FindStringSubmatch(term.text())
		k := 0
		if m != nil {
			k, _ = strconv.Atoi(m[1])
		}
		return k > i
	})
}

// TestPlay logs in, plays moves, asks for a hint, and quits: the screen
// shows the board and the moves, the game is saved in the ledger, the
// player's directory made, and the session ends with status 0 and the game's farewell.
func TestPlay(t *testing.T) {
	ts := startServer(t, Config{})
	key := newKey(t)
	term := ts.play(t, key, 80, 30)
	screen := term.waitText("SCORE")
	for _, want := range []string{"2048", "BEST", "MOVES", "h hint"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the first screen has no %q:\n%s", want, screen)
		}
	}
	term.playMoves(3)
	term.press("h")
	term.waitText("space plays it")
	term.press("q")
	if code := term.wait(); code != 0 {
		t.Errorf("quitting: exit status %d; want 0", code)
	}
	if out := term.output(); !strings.Contains(out, "saved at") || !strings.Contains(out, "connect again to go on") {
		t.Errorf("no farewell after the game, or one that says to run 2048:\n%q", out[max(0, len(out)-300):])
	}
	if _, ok, err := ts.ledger.LoadGame(ssh.FingerprintSHA256(key.PublicKey())); !ok || err != nil {
		t.Errorf("the game in progress is not in the ledger (%v)", err)
	}
	if files, _ := filepath.Glob(filepath.Join(ts.players, "*", "state", "game.json")); len(files) != 0 {
		t.Errorf("game files %v; want the game in the ledger only", files)
	}
	if dirs, _ := filepath.Glob(filepath.Join(ts.players, "*")); len(dirs) != 0 {
		t.Errorf("players' directories %v; want none: a new player's data is in the ledger alone", dirs)
	}
	log := ts.log.String()
	for _, want := range []string{`msg="session start"`, `msg="session end"`, "reason=quit", "player=SHA256:"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log has no %s:\n%s", want, log)
		}
	}
}

// TestResize checks that a window change redraws the game at the new
// size: a small window has no room for the panel.
func TestResize(t *testing.T) {
	ts := startServer(t, Config{})
	term := ts.play(t, newKey(t), 80, 30)
	term.waitText("BEST")
	term.resize(40, 16)
	term.waitFor("the small layout", func(s string) bool { return !strings.Contains(s, "BEST") && strings.Contains(s, "SCORE") })
	term.resize(80, 30)
	term.waitText("BEST")
}

// TestSecondSession checks the rule for a second session of a key: it is
// refused, with a message on its screen and status 1, and the first plays
// on; once the first has quit, the key gets in again, to the same game.
func TestSecondSession(t *testing.T) {
	ts := startServer(t, Config{})
	key := newKey(t)
	first := ts.play(t, key, 80, 30)
	first.playMoves(2)
	second := ts.play(t, key, 80, 30)
	if code := second.wait(); code != 1 {
		t.Errorf("a second session of a key: exit status %d; want 1", code)
	}
	if out := second.output(); !strings.Contains(out, "open in another session") {
		t.Errorf("the second session was told:\n%q", out)
	}
	first.playMoves(4)
	first.press("q")
	first.wait()
	again := ts.play(t, key, 80, 30)
	if n := moves(t, again.waitText("MOVES")); n < 4 {
		t.Errorf("the key back after quitting: %d moves on screen; want its game of 4 or more", n)
	}
	again.waitText("Welcome back")
}

// TestDailySameForTwoKeys checks that two players get the same daily
// challenge: the same seed and the same tiles on the same screen.
func TestDailySameForTwoKeys(t *testing.T) {
	ts := startServer(t, Config{})
	var screens []string
	for range 2 {
		term := ts.play(t, newKey(t), 80, 30)
		term.waitText("SCORE")
		term.press("c")
		screens = append(screens, term.waitText("daily challenge of"))
	}
	if screens[0] != screens[1] {
		t.Errorf("the daily challenge of two players differs:\n%s\n\n%s", screens[0], screens[1])
	}
}

// TestCtrlZ checks that ctrl+z suspends nothing: the game plays on.
func TestCtrlZ(t *testing.T) {
	ts := startServer(t, Config{})
	term := ts.play(t, newKey(t), 80, 30)
	term.playMoves(1)
	term.press(keyCtrlZ)
	term.playMoves(3)
	other := ts.play(t, newKey(t), 80, 30)
	other.playMoves(1)
}

// TestFull checks that a player beyond the sessions allowed is told to
// come back later, while the others play on.
func TestFull(t *testing.T) {
	ts := startServer(t, Config{MaxSessions: 1})
	first := ts.play(t, newKey(t), 80, 30)
	first.waitText("SCORE")
	late := ts.play(t, newKey(t), 80, 30)
	if code := late.wait(); code != 1 || !strings.Contains(late.output(), "the server is full") {
		t.Errorf("a session beyond the limit: status %d, told %q; want 1 and that the server is full", code, late.output())
	}
	first.playMoves(2)
}

// TestIdle checks that a game without a key for the idle timeout is saved,
// its player told, and the session ended.
func TestIdle(t *testing.T) {
	ts := startServer(t, Config{Idle: 2 * time.Second})
	term := ts.play(t, newKey(t), 80, 30)
	term.waitText("MOVES")
	if code := term.wait(); code != 0 {
		t.Errorf("an idle session: status %d; want 0", code)
	}
	if out := term.output(); !strings.Contains(out, "no key for 2s") || !strings.Contains(out, "saved") {
		t.Errorf("an idle session was told:\n%q", out[max(0, len(out)-300):])
	}
}

// TestShutdown checks that stopping the server saves every game, tells
// each player, and returns nil.
func TestShutdown(t *testing.T) {
	ts := startServer(t, Config{})
	key := newKey(t)
	var terms []*terminal
	for _, k := range []ssh.Signer{key, newKey(t)} {
		term := ts.play(t, k, 80, 30)
		term.playMoves(2)
		terms = append(terms, term)
	}
	if err := ts.stop(); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	for _, term := range terms {
		if code := term.wait(); code != 0 || !strings.Contains(term.output(), "shutting down") {
			t.Errorf("a session of a server stopped: status %d, told %q; want 0 and that the server is shutting down", code, term.output())
		}
	}
	again := startServer(t, Config{Dir: ts.cfg.Dir})
	if n := moves(t, again.play(t, key, 80, 30).waitText("MOVES")); n < 2 {
		t.Errorf("the game after a restart: %d moves; want the 2 played before", n)
	}
}

// filesOf returns the files of a player's data as the server gives it to
// the game.
func filesOf(data playerdata.Store) *playerdata.Files {
	if p, ok := data.(*ledgerPlayer); ok {
		return p.files
	}
	return data.(*playerdata.Files)
}

// TestPanic checks that a panic in the game of one session ends that
// session only, told and logged, and that the others play on.
func TestPanic(t *testing.T) {
	ts := startServer(t, Config{})
	unlucky := newKey(t)
	sum := sha256.Sum256(unlucky.PublicKey().Marshal())
	doomed := base64.RawURLEncoding.EncodeToString(sum[:])
	ts.runGame = func(ctx context.Context, cfg tui.Config, term tui.Terminal) error {
		if strings.Contains(filesOf(cfg.Store).StateDir, doomed) {
			panic("a bug in the game")
		}
		return tui.RunRemote(ctx, cfg, term)
	}
	other := ts.play(t, newKey(t), 80, 24)
	other.playMoves(1)
	term := ts.play(t, unlucky, 80, 24)
	if code := term.wait(); code != 1 || !strings.Contains(term.output(), "the server failed") {
		t.Errorf("a session whose game panics: status %d, told %q; want 1 and that the server failed", code, term.output())
	}
	other.playMoves(3)
	if log := ts.log.String(); !strings.Contains(log, `msg="session panic"`) || !strings.Contains(log, "a bug in the game") {
		t.Errorf("the panic is not in the log:\n%s", log)
	}
}

// TestEndingNamesNoServerPath: the line that ends a game names the files
// of a full disk as the player sees them, not where the server keeps them.
func TestEndingNamesNoServerPath(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "serve")
	s := &Server{cfg: Config{Dir: dir}, players: filepath.Join(dir, "players")}
	game := filepath.Join(s.players, "abc", "state", "game.json")
	err := errors.New("the game was not saved: writing " + game + ": no space left on device")
	end, code := s.ending(context.Background(), err, "SHA256:abc", "abc")
	want := "2048: the game was not saved: writing " + filepath.Join("state", "game.json") + ": no space left on device"
	if end != want || code != 1 {
		t.Errorf("ending(%q) = %q, %d; want %q, 1", err, end, code, want)
	}
}
