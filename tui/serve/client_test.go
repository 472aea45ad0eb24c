//go:build serve

package serve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
	"golang.org/x/crypto/ssh"

	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/tui/practice"
)

// This file holds what the tests of the server play with: a server on a
// free port of the loopback, and players who log in with a key of their
// own through a real SSH client, ask for a terminal, and see its screen
// drawn by a terminal emulator.

// waitTime bounds every wait of the tests for the screen or the server:
// far above what they take (milliseconds), so that only a fault reaches it.
// A login once took over 10 s with the race detector on a 2-core machine
// running the other packages' tests beside it.
const waitTime = 30 * time.Second

// A testServer is a server serving on a free port of 127.0.0.1 until its
// test ends.
type testServer struct {
	*Server
	addr string
	log  *syncBuffer // the server's log
	stop func() error
}

// startServer starts a server of cfg, in a directory of the test's unless
// cfg names one, and stops it when the test ends.
func startServer(t testing.TB, cfg Config) *testServer {
	t.Helper()
	return startServerOn(t, cfg, func(l net.Listener) net.Listener { return l })
}

// startServerOn is startServer, the server accepting on what wrap makes of
// its listener.
func startServerOn(t testing.TB, cfg Config, wrap func(net.Listener) net.Listener) *testServer {
	t.Helper()
	logs := &syncBuffer{}
	s, err := New(testConfig(t, cfg, logs))
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, wrap(l)) }()
	ts := &testServer{Server: s, addr: l.Addr().String(), log: logs}
	ts.stop = sync.OnceValue(func() error {
		cancel()
		select {
		case err := <-served:
			s.Close()
			return err
		case <-time.After(waitTime):
			return errors.New("the server did not stop")
		}
	})
	t.Cleanup(func() {
		if err := ts.stop(); err != nil {
			t.Errorf("stopping the server: %v", err)
		}
	})
	return ts
}

// testConfig returns cfg with what it leaves out set for the tests, and
// its log written to logs.
func testConfig(t testing.TB, cfg Config, logs io.Writer) Config {
	if cfg.Dir == "" {
		cfg.Dir = t.TempDir()
	}
	if cfg.MaxSessions == 0 {
		cfg.MaxSessions = 10
	}
	if cfg.AIThreads == 0 {
		cfg.AIThreads = 1
	}
	if cfg.Think == 0 {
		cfg.Think = 50 * time.Millisecond
	}
	if cfg.Idle == 0 {
		cfg.Idle = time.Minute
	}
	// The tests log in many times from one address.
	if cfg.Limits.Burst == 0 {
		cfg.Limits.Burst = 1000
	}
	if cfg.Limits.PerAddress == 0 {
		cfg.Limits.PerAddress = 100
	}
	if cfg.findDaily == nil { // no daily puzzle: the AI's games it comes from take a second
		cfg.findDaily = func(context.Context, uint64, practice.Acquire) (puzzle.Puzzle, error) {
			return puzzle.Puzzle{}, practice.ErrNoDaily
		}
	}
	cfg.Log = slog.New(slog.NewTextHandler(logs, nil))
	return cfg
}

// A syncBuffer is a bytes.Buffer safe for concurrent use, whose writes
// wake those who wait for them.
type syncBuffer struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	written changes
}

// Write appends p to the buffer.
func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	defer b.written.notify()
	return b.buf.Write(p)
}

// waitFor waits until the buffer holds text, and fails the test with what
// it holds if it does not within waitTime.
func (b *syncBuffer) waitFor(t testing.TB, text string) {
	t.Helper()
	if !waitUntil(&b.written, func() bool { return strings.Contains(b.String(), text) }) {
		t.Fatalf("waiting for %q; the log holds:\n%s", text, b.String())
	}
}

// changes wakes the goroutines that wait for the next change of something:
// a waiter takes next before it looks, and the change after its look
// closes the channel it holds.
type changes struct {
	mu sync.Mutex
	ch chan struct{}
}

// next returns a channel closed at the next call of notify.
func (c *changes) next() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ch == nil {
		c.ch = make(chan struct{})
	}
	return c.ch
}

// notify wakes those who wait for the next change.
func (c *changes) notify() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ch != nil {
		close(c.ch)
		c.ch = nil
	}
}

// waitUntil waits until cond holds, looking again at each change of c, and
// reports whether it did within waitTime: only a fault takes that long.
func waitUntil(c *changes, cond func() bool) bool {
	return waitUntilFor(c, waitTime, cond)
}

// waitUntilFor is waitUntil, giving up after limit.
func waitUntilFor(c *changes, limit time.Duration, cond func() bool) bool {
	timeout := time.NewTimer(limit)
	defer timeout.Stop()
	for {
		next := c.next()
		if cond() {
			return true
		}
		select {
		case <-next:
		case <-timeout.C:
			return cond()
		}
	}
}

// String returns what the buffer holds.
func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// newKey returns a new key for a player.
func newKey(t testing.TB) ssh.Signer {
	t.Helper()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ssh.NewSignerFromKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// clientConfig returns the configuration of a client of ts that logs in
// with auth.
func (ts *testServer) clientConfig(auth ...ssh.AuthMethod) *ssh.ClientConfig {
	return &ssh.ClientConfig{User: "player", Auth: auth, HostKeyCallback: ssh.FixedHostKey(ts.HostKey()), Timeout: waitTime}
}

// dial logs in to ts with key.
func (ts *testServer) dial(t testing.TB, key ssh.Signer) *ssh.Client {
	t.Helper()
	c, err := ssh.Dial("tcp", ts.addr, ts.clientConfig(ssh.PublicKeys(key)))
	if err != nil {
		t.Fatalf("logging in: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// A terminal is a player's terminal: an SSH session with a pty, whose
// output a terminal emulator draws, and which answers the game's queries
// as a terminal does.
type terminal struct {
	t    testing.TB
	sess *ssh.Session
	in   io.Writer

	mu     sync.Mutex
	screen *vt.Emulator
	out    bytes.Buffer // all the output, for the messages after the game
	drawn  changes      // each write of the session's output
	ended  chan struct{}
	err    error // the session's end: nil, or an *ssh.ExitError
}

// play logs in to ts with key and starts the game in a terminal of width
// × height, with env sent first.
func (ts *testServer) play(t testing.TB, key ssh.Signer, width, height int, env ...string) *terminal {
	t.Helper()
	ts.named(t, key)
	return ts.playFirst(t, key, width, height, env...)
}

// named gives the player of key the name the server offers, as if they had
// kept it at their first game: the game then starts at once.
func (ts *testServer) named(t testing.TB, key ssh.Signer) {
	t.Helper()
	fp := ssh.FingerprintSHA256(key.PublicKey())
	if p, err := ts.ledger.Join(fp); err != nil {
		t.Fatal(err)
	} else if !p.Chosen {
		if _, err := ts.ledger.Rename(fp, p.Name); err != nil {
			t.Fatal(err)
		}
	}
}

// playFirst is play, the player asked for their name if they never chose
// one.
func (ts *testServer) playFirst(t testing.TB, key ssh.Signer, width, height int, env ...string) *terminal {
	t.Helper()
	sess, err := ts.dial(t, key).NewSession()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(env); i += 2 {
		if err := sess.Setenv(env[i], env[i+1]); err != nil {
			t.Fatalf("Setenv(%s): %v", env[i], err)
		}
	}
	if err := sess.RequestPty("xterm-256color", height, width, ssh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	return start(t, sess, width, height)
}

// start starts the shell of sess, drawn on a terminal of width × height.
func start(t testing.TB, sess *ssh.Session, width, height int) *terminal {
	t.Helper()
	// The emulator draws no more than the server does.
	screen := vt.NewEmulator(min(width, DefaultLimits().Width), min(height, DefaultLimits().Height))
	term := &terminal{t: t, sess: sess, screen: screen, ended: make(chan struct{})}
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	term.in = in
	sess.Stdout, sess.Stderr = term, term
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	var stop atomic.Bool
	pumped := make(chan struct{})
	go term.answer(&stop, pumped)
	go func() {
		err := sess.Wait()
		term.mu.Lock()
		term.err = err
		term.mu.Unlock()
		close(term.ended)
	}()
	t.Cleanup(func() {
		sess.Close()
		stop.Store(true)
		term.Write([]byte(askAttributes)) // its answer wakes answer up, to stop
		<-pumped
	})
	return term
}

// askAttributes asks a terminal for its attributes, which it answers.
const askAttributes = "\x1b[c"

// answer sends the session the terminal's answers to the game's queries
// (its colours, its attributes), until stop is set; then it closes done.
// It does not stop on a failed write, so that an answer asked for after
// the session's end never waits for it.
func (term *terminal) answer(stop *atomic.Bool, done chan<- struct{}) {
	defer close(done)
	buf := make([]byte, 256)
	for {
		n, err := term.screen.Read(buf)
		if err != nil || stop.Load() {
			return
		}
		term.in.Write(buf[:n])
	}
}

// Write takes the session's output.
func (term *terminal) Write(p []byte) (int, error) {
	term.mu.Lock()
	defer term.mu.Unlock()
	defer term.drawn.notify()
	term.out.Write(p)
	return term.screen.Write(p)
}

// text returns what the screen shows.
func (term *terminal) text() string {
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.screen.String()
}

// output returns all the output of the session so far.
func (term *terminal) output() string {
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.out.String()
}

// waitFor waits until the screen satisfies ok, and fails the test with
// what it shows if it does not within waitTime.
func (term *terminal) waitFor(what string, ok func(screen string) bool) string {
	term.t.Helper()
	var s string
	if !waitUntil(&term.drawn, func() bool { s = term.text(); return ok(s) }) {
		term.t.Fatalf("waiting for %s; the screen shows:\n%s", what, s)
	}
	return s
}

// waitText waits until the screen shows text.
func (term *terminal) waitText(text string) string {
	term.t.Helper()
	return term.waitFor(text, func(s string) bool { return strings.Contains(s, text) })
}

// press sends keys as the terminal encodes them.
func (term *terminal) press(keys ...string) {
	term.t.Helper()
	for _, k := range keys {
		if _, err := io.WriteString(term.in, k); err != nil {
			term.t.Fatalf("pressing %q: %v", k, err)
		}
	}
}

// The keys of the tests, as xterm sends them.
const (
	keyUp    = "\x1b[A"
	keyDown  = "\x1b[B"
	keyRight = "\x1b[C"
	keyLeft  = "\x1b[D"
	keyCtrlZ = "\x1a"
)

// resize tells the server the window's new size, and draws it so.
func (term *terminal) resize(width, height int) {
	term.t.Helper()
	term.mu.Lock()
	term.screen.Resize(width, height)
	term.mu.Unlock()
	if err := term.sess.WindowChange(height, width); err != nil {
		term.t.Fatal(err)
	}
}

// wait waits for the session to end and returns its exit status, having
// failed the test if it does not end within waitTime.
func (term *terminal) wait() int {
	term.t.Helper()
	select {
	case <-term.ended:
	case <-time.After(waitTime):
		term.t.Fatalf("the session did not end; the screen shows:\n%s", term.text())
	}
	term.mu.Lock()
	defer term.mu.Unlock()
	var exit *ssh.ExitError
	switch {
	case term.err == nil:
		return 0
	case errors.As(term.err, &exit):
		return exit.ExitStatus()
	}
	term.t.Fatalf("the session ended without an exit status: %v", term.err)
	return -1
}
