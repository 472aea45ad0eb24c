//go:build serve

package serve

import (
	"bytes"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"
	"golang.org/x/crypto/ssh/agent"
)

// This file tries what a client may try beyond the game, and checks that
// each is refused, and that the server serves the game on.

// TestLogInRefused checks that only a public key logs in: a password, a
// keyboard-interactive answer, or nothing at all do not.
func TestLogInRefused(t *testing.T) {
	ts := startServer(t, Config{})
	answer := func(string, string, []string, []bool) ([]string, error) { return []string{"2048"}, nil }
	for name, auth := range map[string][]ssh.AuthMethod{
		"password":             {ssh.Password("2048")},
		"keyboard-interactive": {ssh.KeyboardInteractive(answer)},
		"none":                 nil,
	} {
		if c, err := ssh.Dial("tcp", ts.addr, ts.clientConfig(auth...)); err == nil {
			c.Close()
			t.Errorf("logging in with %s: let in", name)
		}
	}
	ts.play(t, newKey(t), 80, 24).playMoves(1)
}

// TestAllow checks that with an allow file only its keys log in, and that
// a key added to it logs in without a restart.
func TestAllow(t *testing.T) {
	friend, stranger := newKey(t), newKey(t)
	allow := filepath.Join(t.TempDir(), "authorized_keys")
	write := func(keys ...ssh.Signer) {
		var b bytes.Buffer
		b.WriteString("# the players\n\n")
		for _, k := range keys {
			b.Write(ssh.MarshalAuthorizedKey(k.PublicKey()))
		}
		if err := os.WriteFile(allow, b.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(friend)
	ts := startServer(t, Config{Allow: allow})
	if c, err := ssh.Dial("tcp", ts.addr, ts.clientConfig(ssh.PublicKeys(stranger))); err == nil {
		c.Close()
		t.Fatal("a key not in the allow file was let in")
	}
	ts.play(t, friend, 80, 24).playMoves(1)
	write(friend, stranger)
	os.Chtimes(allow, time.Now().Add(time.Second), time.Now().Add(time.Second)) // a change within the same tick of the clock
	ts.play(t, stranger, 80, 24).playMoves(1)
}

// refusedRequests are what a client logged in may ask beyond the game,
// each tried on a connection of its own: each must fail.
var refusedRequests = map[string]func(c *ssh.Client) error{
	"exec": func(c *ssh.Client) error {
		s, _ := c.NewSession()
		var stderr bytes.Buffer
		s.Stderr = &stderr
		err := s.Run("cat /etc/passwd")
		if err != nil && !strings.Contains(stderr.String(), "nothing else") {
			return errors.New("refused, but not told why: " + stderr.String())
		}
		return err
	},
	"subsystem sftp": func(c *ssh.Client) error {
		s, _ := c.NewSession()
		return s.RequestSubsystem("sftp")
	},
	"remote port forwarding": func(c *ssh.Client) error {
		l, err := c.Listen("tcp", "127.0.0.1:0")
		if err == nil {
			l.Close()
		}
		return err
	},
	"local port forwarding": func(c *ssh.Client) error {
		conn, err := c.Dial("tcp", "127.0.0.1:22")
		if err == nil {
			conn.Close()
		}
		return err
	},
	"unix socket forwarding": func(c *ssh.Client) error {
		ok, _, err := c.SendRequest("streamlocal-forward@openssh.com", true, ssh.Marshal(struct{ Path string }{"/tmp/2048.sock"}))
		return refusedUnless(ok, err)
	},
	"agent forwarding": func(c *ssh.Client) error {
		s, _ := c.NewSession()
		return agent.RequestAgentForwarding(s)
	},
	"X11": func(c *ssh.Client) error {
		s, _ := c.NewSession()
		ok, err := s.SendRequest("x11-req", true, ssh.Marshal(struct {
			Single           bool
			Protocol, Cookie string
			Screen           uint32
		}{false, "MIT-MAGIC-COOKIE-1", "00", 0}))
		return refusedUnless(ok, err)
	},
	"environment LD_PRELOAD": func(c *ssh.Client) error {
		s, _ := c.NewSession()
		return s.Setenv("LD_PRELOAD", "/tmp/evil.so")
	},
	"an escape sequence in LANG": func(c *ssh.Client) error {
		s, _ := c.NewSession()
		return s.Setenv("LANG", "C.UTF-8\x1b]0;owned\x07")
	},
	"an escape sequence in TERM": func(c *ssh.Client) error {
		s, _ := c.NewSession()
		return s.RequestPty("xterm\x1b[2J", 24, 80, nil)
	},
	"a path in TERM": func(c *ssh.Client) error {
		s, _ := c.NewSession()
		return s.RequestPty("../../../../dev/zero", 24, 80, nil)
	},
	"a channel of another kind": func(c *ssh.Client) error {
		ch, _, err := c.OpenChannel("direct-streamlocal@openssh.com", nil)
		if err == nil {
			ch.Close()
		}
		return err
	},
	"a second session on one connection": func(c *ssh.Client) error {
		first, _ := c.NewSession()
		first.RequestPty("xterm", 24, 80, nil)
		first.Shell()
		s, err := c.NewSession()
		if err == nil {
			s.Close()
		}
		return err
	},
}

// TestRequestsRefused checks that a command, a subsystem, forwarding of
// ports or of the agent, X11, the environment beyond the terminal's, other
// channels and a second session are refused, and that the server serves
// the game on.
func TestRequestsRefused(t *testing.T) {
	ts := startServer(t, Config{})
	key := newKey(t)
	for name, try := range refusedRequests {
		if err := try(ts.dial(t, key)); err == nil {
			t.Errorf("%s: granted", name)
		}
	}
	ts.play(t, newKey(t), 80, 24).playMoves(1) // key plays on the connection of the second session
}

// refusedUnless returns an error unless ok says a request was granted.
func refusedUnless(ok bool, err error) error {
	if err == nil && !ok {
		return errors.New("refused")
	}
	return err
}

// TestShellWithoutTerminal checks that a shell without a terminal is told
// how to connect, with status 1.
func TestShellWithoutTerminal(t *testing.T) {
	ts := startServer(t, Config{})
	s, err := ts.dial(t, newKey(t)).NewSession()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	s.Stderr = &stderr
	if err := s.Shell(); err != nil {
		t.Fatal(err)
	}
	err = s.Wait()
	var exit *ssh.ExitError
	if !errors.As(err, &exit) || exit.ExitStatus() != 1 || !strings.Contains(stderr.String(), "ssh -t") {
		t.Errorf("a shell without a terminal: %v, told %q; want status 1 and ssh -t", err, stderr.String())
	}
}

// TestSignalsIgnored checks that a client's signals stop nothing.
func TestSignalsIgnored(t *testing.T) {
	ts := startServer(t, Config{})
	term := ts.play(t, newKey(t), 80, 24)
	term.playMoves(1)
	for _, sig := range []ssh.Signal{ssh.SIGINT, ssh.SIGTERM, ssh.SIGKILL, ssh.SIGHUP} {
		term.sess.Signal(sig)
	}
	term.playMoves(3)
}

// TestOversizeWindow checks that a window far larger than any screen is
// drawn at the largest size the server draws, and that the game plays.
func TestOversizeWindow(t *testing.T) {
	ts := startServer(t, Config{})
	term := ts.play(t, newKey(t), 1<<20, 1<<20)
	term.sess.WindowChange(1<<30, 1<<30)
	term.resize(120, 40)
	term.playMoves(2)
	if log := ts.log.String(); !strings.Contains(log, "width=400 height=200") {
		t.Errorf("the log of a window of a million squared:\n%s", log)
	}
}

// TestOversizeInput checks that a client that sends an escape sequence or
// a paste longer than a terminal sends is let go, its game saved, and
// that a flood of keys is slowed down, not let through.
func TestOversizeInput(t *testing.T) {
	ts := startServer(t, Config{})
	for name, input := range map[string]string{
		"an endless escape sequence": "\x1b]11;" + strings.Repeat("x", maxSequence),
		"an endless paste":           "\x1b[200~" + strings.Repeat("x", maxPaste+1),
	} {
		term := ts.play(t, newKey(t), 80, 24)
		term.playMoves(1)
		term.press(input)
		if code := term.wait(); code != 1 || !strings.Contains(term.output(), "your terminal sent") {
			t.Errorf("%s: status %d, told %q; want 1 and why", name, code, term.output()[max(0, len(term.output())-200):])
		}
	}
}

// TestConnectionsLimited checks that an address is refused beyond the
// connections it may have open, and beyond the rate it may open them at,
// and that a connection that never logs in is closed.
func TestConnectionsLimited(t *testing.T) {
	ts := startServer(t, Config{Limits: Limits{PerAddress: 2, Burst: 3, Every: time.Hour, Handshake: 2 * time.Second}})
	key := newKey(t)
	ts.dial(t, key)
	ts.dial(t, key)
	if c, err := ssh.Dial("tcp", ts.addr, ts.clientConfig(ssh.PublicKeys(key))); err == nil {
		c.Close()
		t.Error("a third connection open at once from one address was let in")
	}
	silent, err := net.Dial("tcp", ts.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	silent.SetDeadline(time.Now().Add(waitTime))
	if _, err := io.Copy(io.Discard, silent); err != nil {
		t.Errorf("a connection that never logs in: %v; want it closed by the server", err)
	}
	if !strings.Contains(ts.log.String(), "connection refused") {
		t.Errorf("no refusal in the log:\n%s", ts.log.String())
	}
}
