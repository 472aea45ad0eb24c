//go:build serve && linux

package main

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"database/sql"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"
)

// TestServeSignals runs 2048 serve in its own process, with its metrics
// on the loopback, plays a move in a session over SSH, and sends the
// server SIGTERM or SIGINT: it must save the game, tell the player, and
// exit 0.
func TestServeSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			home := t.TempDir()
			g := startGame(t, home, "serve", "-addr", "127.0.0.1:0", "-data", filepath.Join(home, "srv"), "-ai-threads", "1", "-metrics", "127.0.0.1:0")
			g.waitFor(t, "/metrics")
			g.mu.Lock()
			addr := regexp.MustCompile(`listening on (\S+) `).FindStringSubmatch(g.screen.String())
			metrics := regexp.MustCompile(`metrics at (http://\S+/metrics)`).FindStringSubmatch(g.screen.String())
			g.mu.Unlock()
			if addr == nil || metrics == nil {
				t.Fatal("the server did not say where it listens, or where its metrics are")
			}
			out := playOverSSH(t, addr[1])
			client := &http.Client{Timeout: 30 * time.Second}
			if resp, err := client.Get(metrics[1]); err != nil {
				t.Errorf("the metrics: %v", err)
			} else {
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if !strings.Contains(string(body), "term2048_games_started_total") {
					t.Errorf("the metrics have no games started:\n%s", body)
				}
			}
			g.cmd.Process.Signal(sig)
			if st := g.wait(t); st.ExitCode() != 0 {
				t.Fatalf("after %v the server ended with %v; want exit 0", sig, st)
			}
			if !strings.Contains(out.String(), "shutting down") {
				t.Errorf("the player was not told the server stopped:\n%q", out.String())
			}
			if n := savedGames(t, filepath.Join(home, "srv", "ledger.db")); n != 1 {
				t.Errorf("%d games saved in the ledger; want the player's", n)
			}
			g.mu.Lock()
			defer g.mu.Unlock()
			if log := g.screen.String(); !strings.Contains(log, `msg="session end"`) || !strings.Contains(log, "shutting down") {
				t.Errorf("the server's log has no end of the session:\n%s", log)
			}
		})
	}
}

// savedGames returns the number of games in progress the ledger at path
// holds.
func savedGames(t *testing.T, path string) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM saved_games`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// playOverSSH logs in to the server at addr with a new key, plays a move,
// and returns what the session writes, until it ends.
func playOverSSH(t *testing.T, addr string) *lockedBuffer {
	t.Helper()
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer, _ := ssh.NewSignerFromKey(key)
	c, err := ssh.Dial("tcp", addr, &ssh.ClientConfig{User: "player", Auth: []ssh.AuthMethod{ssh.PublicKeys(signer)},
		HostKeyCallback: ssh.InsecureIgnoreHostKey(), Timeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out := &lockedBuffer{}
	s.Stdout, s.Stderr = out, out
	in, _ := s.StdinPipe()
	if err := s.RequestPty("xterm", 24, 80, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Shell(); err != nil {
		t.Fatal(err)
	}
	named := false
	out.waitFor(t, "the game", func(s string) bool {
		if !named && strings.Contains(s, "your name") {
			io.WriteString(in, "\r") // a new player keeps the name offered
			named = true
		}
		return strings.Contains(s, "MOVES")
	})
	io.WriteString(in, "\x1b[A\x1b[D")
	return out
}

// A lockedBuffer is a bytes.Buffer safe for concurrent use, whose writes
// wake the one who waits for them.
type lockedBuffer struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	written chan struct{} // holds a token after a write the waiter has not seen
}

// Write appends p.
func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.written == nil {
		b.written = make(chan struct{}, 1)
	}
	select {
	case b.written <- struct{}{}:
	default: // a token waits already
	}
	return b.buf.Write(p)
}

// waitFor waits until what was written satisfies ok, looking again after
// each write, and fails the test if it does not within 20 s: only a fault
// takes that long.
func (b *lockedBuffer) waitFor(t *testing.T, what string, ok func(string) bool) {
	t.Helper()
	b.mu.Lock()
	if b.written == nil {
		b.written = make(chan struct{}, 1)
	}
	written := b.written
	b.mu.Unlock()
	timeout := time.NewTimer(20 * time.Second)
	defer timeout.Stop()
	for !ok(b.String()) {
		select {
		case <-written:
		case <-timeout.C:
			t.Fatalf("waiting for %s; the session wrote:\n%q", what, b.String())
		}
	}
}

// String returns what was written.
func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
