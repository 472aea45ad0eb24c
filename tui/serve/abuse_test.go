//go:build serve

package serve

import (
	"errors"
	"io"
	"net"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"
)

// This file holds the connections a client may hold without playing, and
// checks that each is bounded: none keeps a player out for long, and none
// ends the server. Every client comes from an address of the loopback
// (127.0.0.2 and so on: the whole of 127/8 is the loopback on Linux).

// from returns the address 127.0.0.n, as a client's own.
func from(n byte) net.IP { return net.IPv4(127, 0, 0, n) }

// rawFrom opens a TCP connection to ts from ip, which sends nothing, and
// closes it when the test ends.
func (ts *testServer) rawFrom(t *testing.T, ip net.IP) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: waitTime}
	c, err := d.Dial("tcp", ts.addr)
	if err != nil {
		t.Fatalf("connecting from %v: %v", ip, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// loginFrom logs in to ts with key from ip, and returns the client or the
// error of the log-in.
func (ts *testServer) loginFrom(t *testing.T, ip net.IP, key ssh.Signer) (*ssh.Client, error) {
	t.Helper()
	c := ts.rawFrom(t, ip)
	conn, chans, reqs, err := ssh.NewClientConn(c, ts.addr, ts.clientConfig(ssh.PublicKeys(key)))
	if err != nil {
		return nil, err
	}
	client := ssh.NewClient(conn, chans, reqs)
	t.Cleanup(func() { client.Close() })
	return client, nil
}

// closedByServer fails the test unless the server closes c, which sends
// nothing, within waitTime.
func closedByServer(t *testing.T, c net.Conn, what string) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(waitTime))
	if _, err := io.Copy(io.Discard, c); err != nil && !errors.Is(err, syscall.ECONNRESET) {
		t.Errorf("%s: %v; want it closed by the server", what, err)
	}
}

// TestRefusedSaysWhy checks that a client refused before it logs in is
// told why, as an SSH client shows it, and that the refusal is logged.
func TestRefusedSaysWhy(t *testing.T) {
	ts := startServer(t, Config{Limits: Limits{PerAddress: 1}})
	key := newKey(t)
	if _, err := ts.loginFrom(t, from(1), key); err != nil {
		t.Fatal(err)
	}
	_, err := ts.loginFrom(t, from(1), key)
	if err == nil || !strings.Contains(err.Error(), "1 connection open from this address already. Try again in a minute.") {
		t.Errorf("a connection over the limit of its address: %v; want told why", err)
	}
	ts.log.waitFor(t, `msg="connection refused" addr=127.0.0.1 reason="1 connection open`)
}

// TestSilentConnections checks that a connection that sends nothing is
// closed after the greeting's time, and that connections sending nothing
// from one address never keep another's client from logging in: each
// newcomer takes the place of the flood's oldest.
func TestSilentConnections(t *testing.T) {
	ts := startServer(t, Config{Limits: Limits{Pending: 3, PerAddress: 20, Burst: 20, Greeting: 500 * time.Millisecond}})
	var silent []net.Conn
	for range 6 {
		silent = append(silent, ts.rawFrom(t, from(2)))
	}
	// The server holds 3 of them at most: three are refused, being told.
	for _, c := range silent[3:] {
		closedByServer(t, c, "a silent connection over the bound")
	}
	for i := range 3 {
		if _, err := ts.loginFrom(t, from(byte(10+i)), newKey(t)); err != nil {
			t.Fatalf("a player among silent connections: %v", err)
		}
	}
	for _, c := range silent[:3] {
		closedByServer(t, c, "a silent connection")
	}
	ts.log.waitFor(t, `msg="connection closed to make room" addr=127.0.0.2 state=greeting`)
}

// TestGreetingTime checks that a connection whose client sends nothing is
// closed after the greeting's time, though the handshake's is far longer,
// and that one that sends its version goes on to the handshake's time.
func TestGreetingTime(t *testing.T) {
	ts := startServer(t, Config{Limits: Limits{Greeting: 200 * time.Millisecond, Handshake: time.Hour}})
	silent := ts.rawFrom(t, from(2))
	start := time.Now()
	closedByServer(t, silent, "a connection that sends nothing")
	if took := time.Since(start); took > time.Minute {
		t.Errorf("a silent connection closed after %v; want the greeting's time", took)
	}
	greeted := ts.rawFrom(t, from(3))
	io.WriteString(greeted, "SSH-2.0-test\r\n")
	greeted.SetReadDeadline(time.Now().Add(time.Second)) // five greetings' times: the server must not close it
	buf := make([]byte, 1<<10)
	for {
		if _, err := greeted.Read(buf); err != nil {
			var ne net.Error
			if !errors.As(err, &ne) || !ne.Timeout() {
				t.Errorf("a connection that sent its version: %v; want it kept for the handshake's time", err)
			}
			break
		}
	}
}

// TestLoggedInWithoutSession checks that a client that logs in and opens
// no session (ssh -N) is let go after the grace, and said so in the log.
func TestLoggedInWithoutSession(t *testing.T) {
	ts := startServer(t, Config{Limits: Limits{Grace: 300 * time.Millisecond}})
	c, err := ts.loginFrom(t, from(2), newKey(t))
	if err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- c.Wait() }()
	select {
	case <-waited:
	case <-time.After(waitTime):
		t.Fatal("a connection without a session is still open")
	}
	ts.log.waitFor(t, `reason="logged in, no session within 300ms"`)
	if _, err := c.NewSession(); err == nil {
		t.Error("a session opened on a connection let go")
	}
}

// TestFullServerMakesRoom checks that when the server holds all the
// connections it may, those of an address that logs in and plays nothing
// make room for players from others, who play; and that once no address
// holds more than another and no connection has stalled, a newcomer is
// refused and told why.
func TestFullServerMakesRoom(t *testing.T) {
	ts := startServer(t, Config{Limits: Limits{Conns: 3, PerAddress: 3, Grace: time.Hour}})
	key := newKey(t)
	for range 3 {
		if _, err := ts.loginFrom(t, from(2), key); err != nil {
			t.Fatal(err)
		}
	}
	ts.play(t, newKey(t), 80, 24).playMoves(1) // from 127.0.0.1
	ts.log.waitFor(t, `msg="connection closed to make room" addr=127.0.0.2`)
	third := newKey(t)
	ts.named(t, third)
	c, err := ts.loginFrom(t, from(3), third)
	if err != nil {
		t.Fatalf("a newcomer from a third address: %v", err)
	}
	start(t, playerSession(t, c), 80, 24).playMoves(1)
	// 127.0.0.2 holds one connection, logged in a moment ago.
	if _, err := ts.loginFrom(t, from(4), newKey(t)); err == nil || !strings.Contains(err.Error(), "the server holds 3 connections, its most. Try again in a minute.") {
		t.Errorf("a newcomer when no address holds more than its share: %v; want refused, told why", err)
	}
}

// playerSession opens a session with a terminal on c.
func playerSession(t *testing.T, c *ssh.Client) *ssh.Session {
	t.Helper()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RequestPty("xterm-256color", 24, 80, ssh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	return s
}

// failingListener is a listener whose Accept fails with each of errs in
// turn before it accepts.
type failingListener struct {
	net.Listener
	errs   []error
	failed atomic.Int32
}

// Accept fails with the next error, or accepts.
func (l *failingListener) Accept() (net.Conn, error) {
	if i := int(l.failed.Add(1)) - 1; i < len(l.errs) {
		return nil, &net.OpError{Op: "accept", Net: "tcp", Err: l.errs[i]}
	}
	return l.Listener.Accept()
}

// TestAcceptFailures checks that the server does not end when Accept
// fails: it says so in its log, waits, and accepts again.
func TestAcceptFailures(t *testing.T) {
	errs := []error{syscall.ENOBUFS, syscall.ENOMEM, syscall.ECONNABORTED, syscall.EPROTO, errors.New("anything else")}
	ts := startServerOn(t, Config{}, func(l net.Listener) net.Listener { return &failingListener{Listener: l, errs: errs} })
	ts.play(t, newKey(t), 80, 24).playMoves(1)
	ts.log.waitFor(t, `msg="accepting connections failed; trying again" err="accept tcp: no buffer space available" failures=1`)
	ts.log.waitFor(t, `msg="accepting connections again" failures=5`)
}

// TestOutOfDescriptors checks that a server out of file descriptors takes
// the connection waiting with the one it keeps aside, tells its client
// that it is busy, and serves the next once it has descriptors again.
func TestOutOfDescriptors(t *testing.T) {
	ts := startServerOn(t, Config{}, func(l net.Listener) net.Listener {
		return &failingListener{Listener: l, errs: []error{syscall.EMFILE}}
	})
	if _, err := ts.loginFrom(t, from(2), newKey(t)); err == nil || !strings.Contains(err.Error(), busyRefusal) {
		t.Errorf("a client of a server out of descriptors: %v; want told %q", err, busyRefusal)
	}
	ts.play(t, newKey(t), 80, 24).playMoves(1)
	ts.log.waitFor(t, `err="accept tcp: too many open files" failures=1`)
}
