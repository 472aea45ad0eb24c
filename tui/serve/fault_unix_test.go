//go:build serve && unix

package serve

import (
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"
)

// The flags of TestFaultKill, which runs only when asked, for 100 sessions
// and 5 kills take about a minute.
var (
	faultSessions = flag.Int("fault.sessions", 0, "TestFaultKill: sessions played at once (0 skips the test)")
	faultKills    = flag.Int("fault.kills", 5, "TestFaultKill: how many times the server is killed")
	faultPace     = flag.Duration("fault.pace", 700*time.Millisecond, "TestFaultKill: the mean time between two keys of a player")
)

// faultServerDir names, in its environment, the directory of the server
// that TestFaultKill starts: the test is then that server.
const faultServerDir = "SERVE_TEST_FAULT_DIR"

// TestFaultKill plays many sessions on a server in a process of its own,
// kills it with SIGKILL at a random moment, starts it again on the same
// directory, and checks what docs/serve-tests.md (Faults) promises: every player
// resumes their game at most one move behind what their screen last
// showed, the ledger's file is whole, and every game of each player's
// history is ranked. It runs
// only when asked:
//
//	go test -tags serve -run TestFaultKill ./tui/serve -args -fault.sessions=100 -fault.kills=5
func TestFaultKill(t *testing.T) {
	if dir := os.Getenv(faultServerDir); dir != "" {
		serveUntilKilled(t, dir)
		return
	}
	if *faultSessions <= 0 {
		t.Skip("run with -fault.sessions=N")
	}
	dir := t.TempDir()
	players := make([]*faultPlayer, *faultSessions)
	for i := range players {
		players[i] = &faultPlayer{key: newKey(t)}
	}
	lags := map[int]int{} // MOVES last seen less MOVES resumed: how many games each
	newGames := 0         // games left as the kill came, resumed as new ones
	for round := 0; round <= *faultKills; round++ {
		srv := startChild(t, "TestFaultKill", faultServerDir, dir, "-fault.sessions="+strconv.Itoa(*faultSessions))
		for _, p := range players {
			p.connect(t, srv)
		}
		for _, p := range players {
			const naming = "enter keeps it" // the first login asks for a name
			screen := p.term.waitFor("the game", func(s string) bool {
				return strings.Contains(s, naming) || movesPattern.MatchString(s)
			})
			if strings.Contains(screen, naming) {
				p.term.press("\r") // the name offered
				screen = p.term.waitFor("the game", movesPattern.MatchString)
			}
			resumed := moves(t, screen)
			switch {
			case round == 0:
			case p.leaving && resumed == 0 && p.seen > 1:
				// The game was left as the kill came: it is the history's last.
				if _, last := readHistory(t, dir, p); last < p.seen-1 {
					t.Errorf("round %d: a player left a game of %d moves, and the history's last has %d", round, p.seen, last)
				}
				newGames++
			default:
				lags[p.seen-resumed]++
				if p.seen-resumed > 1 {
					t.Errorf("round %d: a player saw %d moves, and resumed %d; the screen showed:\n%s\nthen:\n%s", round, p.seen, resumed, p.last, screen)
				}
			}
			p.leaving = false
		}
		checkLedger(t, dir, players)
		if round == *faultKills {
			srv.stop(t)
			break
		}
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for _, p := range players {
			wg.Go(func() { p.play(stop) })
		}
		<-time.After(5*time.Second + rand.N(10*time.Second)) // the kill comes at a moment of the clock's choosing
		srv.kill()
		close(stop)
		wg.Wait()
		for _, p := range players {
			<-p.term.ended // the connection dropped: the screen shows what it last showed
			p.last = p.term.text()
			p.seen = moves(t, p.last)
		}
	}
	t.Logf("%d sessions, %d kills: lag (moves seen less moves resumed) %v; %d games left as the kill came, resumed as new games",
		len(players), *faultKills, lags, newGames)
}

// A faultPlayer is a player of TestFaultKill.
type faultPlayer struct {
	key     ssh.Signer
	term    *terminal
	seen    int    // the moves the screen showed when the server was killed
	last    string // that screen
	leaving bool   // n or y was pressed to leave a game, whose new game the screen has not shown yet
}

// connect logs the player in to srv and starts the game on an 80 × 24
// terminal.
func (p *faultPlayer) connect(t *testing.T, srv *childServer) {
	t.Helper()
	c, err := ssh.Dial("tcp", srv.addr, &ssh.ClientConfig{User: "player", Auth: []ssh.AuthMethod{ssh.PublicKeys(p.key)},
		HostKeyCallback: ssh.FixedHostKey(srv.hostKey), Timeout: waitTime})
	if err != nil {
		t.Fatalf("logging in: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, ssh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	p.term = start(t, sess, 80, 24)
}

// play presses a key every 0.5 to 1.5 times the pace until stop is closed:
// an arrow, or n (1 key in 7, or after 8 keys that moved nothing: the game
// is over), then y when the game asks.
func (p *faultPlayer) play(stop <-chan struct{}) {
	last, still := -1, 0
	arrows := []string{keyUp, keyDown, keyLeft, keyRight}
	for {
		select {
		case <-stop:
			return
		case <-time.After(*faultPace/2 + rand.N(*faultPace)):
		}
		screen := p.term.text()
		n := -1
		if m := movesPattern.FindStringSubmatch(screen); m != nil {
			n, _ = strconv.Atoi(m[1])
		}
		if n == 0 {
			p.leaving = false
		}
		if n == last {
			still++
		} else {
			last, still = n, 0
		}
		key := arrows[rand.IntN(len(arrows))]
		switch {
		case strings.Contains(screen, "Start a new game?"):
			key, p.leaving = "y", true
		case n > 0 && (rand.IntN(7) == 0 || still > 8):
			key, still = "n", 0
			p.leaving = true // a game over is left at n
		}
		if _, err := io.WriteString(p.term.in, key); err != nil {
			return
		}
	}
}

// checkLedger checks the ledger's file, and that it ranks every game of
// each player's history: the two are written in one transaction.
func checkLedger(t *testing.T, dir string, players []*faultPlayer) {
	t.Helper()
	path := filepath.Join(dir, ledgerFile)
	d, err := openLedger(dir, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.IntegrityCheck(); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, p := range players {
		fingerprint := ssh.FingerprintSHA256(p.key.PublicKey())
		ids, _ := readHistory(t, dir, p)
		for _, id := range ids {
			var n int
			if err := raw.QueryRow(`SELECT count(*) FROM games WHERE player = ? AND id = ?`, fingerprint, id).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != 1 {
				t.Errorf("game %s of a history is not ranked", id)
			}
		}
	}
}

// readHistory returns the IDs of the games of the player's history on the
// server of dir, and the moves of the last; it fails the test if an ID is
// there twice.
func readHistory(t *testing.T, dir string, p *faultPlayer) (ids []string, lastMoves int) {
	t.Helper()
	d, err := openLedger(dir, filepath.Join(dir, ledgerFile))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	lines, err := d.History(ssh.FingerprintSHA256(p.key.PublicKey()))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range lines {
		var g struct {
			ID    string
			Moves int
		}
		if err := json.Unmarshal(line, &g); err != nil {
			t.Fatal(err)
		}
		if slices.Contains(ids, g.ID) {
			t.Errorf("game %s twice in a history", g.ID)
		}
		ids, lastMoves = append(ids, g.ID), g.Moves
	}
	return ids, lastMoves
}

// serveUntilKilled serves on dir, on a free port of the loopback, which it
// prints with its host key, until it is killed, stopped with SIGTERM, or
// some minutes pass.
func serveUntilKilled(t *testing.T, dir string) {
	s, err := New(Config{Dir: dir, MaxSessions: *faultSessions + 10, AIThreads: 1, Think: 50 * time.Millisecond,
		Idle: time.Minute, Limits: Limits{PerAddress: 10000, Burst: 10000}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("listening %s\nhost key %s", l.Addr(), ssh.MarshalAuthorizedKey(s.HostKey()))
	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	if err := s.Serve(ctx, l); err != nil {
		t.Fatal(err)
	}
}
