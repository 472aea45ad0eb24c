//go:build serve && linux

package serve

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"
)

// The flags of TestFlood. By default it runs a small flood for a few
// seconds; the measure of docs/serve-tests.md is
//
//	go test -tags serve -run TestFlood -v ./tui/serve -args -flood.time=2m -flood.addrs=200 -flood.idle=1000 -flood.silent=1000 -flood.nofile=200
var (
	floodTime   = flag.Duration("flood.time", 3*time.Second, "TestFlood: how long the flood lasts")
	floodAddrs  = flag.Int("flood.addrs", 20, "TestFlood: the addresses it comes from, 127.0.0.2 on")
	floodIdle   = flag.Int("flood.idle", 100, "TestFlood: connections kept logged in with no session")
	floodSilent = flag.Int("flood.silent", 100, "TestFlood: connections kept open that send nothing")
	floodNofile = flag.Int("flood.nofile", 100, "TestFlood: the server's limit of file descriptors (ulimit -n)")
)

// floodServerDir names, in its environment, the directory of the server
// that TestFlood starts: the test is then that server.
const floodServerDir = "SERVE_TEST_FLOOD_DIR"

// TestFlood runs a server in a process of its own under a low limit of
// file descriptors, and floods it from many addresses with connections
// that log in and open no session, and connections that send nothing,
// each opened again as soon as it is closed. Meanwhile a player logs in
// four times a second, each from an address of their own, trying again
// when refused. The server must not end, every player must be in within
// 5 s, and once the flood stops, the server's descriptors must fall back
// to where they started within 30 s.
func TestFlood(t *testing.T) {
	if dir := os.Getenv(floodServerDir); dir != "" {
		serveFlooded(t, dir)
		return
	}
	if testing.Short() {
		t.Skip("a flood of some seconds")
	}
	srv := startChild(t, "TestFlood", floodServerDir, t.TempDir(), "-flood.nofile="+strconv.Itoa(*floodNofile))
	hostKey := ssh.FixedHostKey(srv.hostKey)
	players := 0
	login := func() (time.Duration, error) {
		players++ // each player from an address of their own: 127.1.0.1 on
		start := time.Now()
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 1, byte(players>>8), byte(players))}, Timeout: 5 * time.Second}
		raw, err := d.Dial("tcp", srv.addr)
		if err != nil {
			return 0, fmt.Errorf("connecting: %w", err)
		}
		raw.SetDeadline(start.Add(5 * time.Second))
		conn, chans, reqs, err := ssh.NewClientConn(raw, srv.addr, &ssh.ClientConfig{User: "player",
			Auth: []ssh.AuthMethod{ssh.PublicKeys(newKey(t))}, HostKeyCallback: hostKey})
		if err != nil {
			raw.Close()
			return 0, fmt.Errorf("logging in: %w", err)
		}
		c := ssh.NewClient(conn, chans, reqs)
		defer c.Close()
		s, err := c.NewSession()
		if err != nil {
			return 0, fmt.Errorf("opening a session: %w", err)
		}
		s.Close()
		return time.Since(start), nil
	}
	// A first player opens what the server opens on first use (the
	// ledger's connections): the count to fall back to is the one after.
	if _, err := login(); err != nil {
		t.Fatal(err)
	}
	startFDs, startRSS := srv.usage(t)
	ctx, stop := context.WithTimeout(t.Context(), *floodTime)
	defer stop()
	var wg sync.WaitGroup
	key := newKey(t)
	for i := range *floodAddrs {
		ip := from(byte(2 + i))
		idle := share(*floodIdle, *floodAddrs, i)
		silent := share(*floodSilent, *floodAddrs, i)
		for range idle {
			wg.Go(func() { floodConn(ctx, srv.addr, ip, loggedInIdle(srv.addr, key, hostKey)) })
		}
		for range silent {
			wg.Go(func() { floodConn(ctx, srv.addr, ip, sendingNothing) })
		}
	}
	// A player tries again a quarter of a second after a refusal, until
	// they are in: what counts is how long that takes.
	var logins []time.Duration
	peakFDs := startFDs
	for tick := time.Tick(250 * time.Millisecond); ctx.Err() == nil; <-tick {
		start := time.Now()
		var err error
		for retry := time.Tick(250 * time.Millisecond); ; <-retry { // a player's pause before trying again
			if _, err = login(); err == nil || time.Since(start) > 5*time.Second {
				break
			}
		}
		if err != nil {
			t.Errorf("a player could not log in within 5 s during the flood: %v", err)
			continue
		}
		logins = append(logins, time.Since(start))
		fds, _ := srv.usage(t)
		peakFDs = max(peakFDs, fds)
	}
	wg.Wait()
	if err := srv.cmd.Process.Signal(syscall.Signal(0)); err != nil {
		t.Fatalf("the server ended during the flood: %v", err)
	}
	slices.Sort(logins)
	if len(logins) > 0 {
		t.Logf("%d players logged in during %v: median %v, slowest %v; the server's descriptors %d at the start, %d at most (limit %d)",
			len(logins), *floodTime, logins[len(logins)/2].Round(time.Millisecond), logins[len(logins)-1].Round(time.Millisecond),
			startFDs, peakFDs, *floodNofile)
	}
	// Once the flood is over: the descriptors of the connections that are
	// left close with them (greeting, grace, handshake: 20 s at most).
	// They are another process's: nothing says when they are closed, so
	// they are counted again at each tick, for the 30 s of the goal.
	window := time.After(30 * time.Second)
	look := time.NewTicker(100 * time.Millisecond)
	defer look.Stop()
	fds, rss := srv.usage(t)
	over := false
	for ; fds > startFDs && !over; fds, rss = srv.usage(t) {
		select {
		case <-look.C:
		case <-window:
			over = true
		}
	}
	if *floodTime >= time.Minute && !over { // a measure: give the memory its 30 s too
		<-window
		fds, rss = srv.usage(t)
		if rss > 2*startRSS {
			t.Errorf("30 s after the flood, the server holds %d KB; %d KB at the start", rss, startRSS)
		}
	}
	t.Logf("after the flood: %d descriptors, RSS %d KB (at the start: %d, %d KB)", fds, rss, startFDs, startRSS)
	if fds > startFDs {
		t.Errorf("30 s after the flood, the server holds %d descriptors; %d at the start: %s", fds, startFDs, srv.descriptors())
	}
	srv.stop(t)
}

// share returns the i-th of n parts of total, as even as they go.
func share(total, n, i int) int { return total/n + min(1, max(0, total%n-i)) }

// floodConn keeps a connection from ip to addr open, held by hold until
// the server closes it, and opens another as soon as it is closed or
// refused, until ctx is done, which closes the one open.
func floodConn(ctx context.Context, addr string, ip net.IP, hold func(net.Conn)) {
	for ctx.Err() == nil {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: time.Second}
		if c, err := d.DialContext(ctx, "tcp", addr); err == nil {
			stop := context.AfterFunc(ctx, func() { c.Close() })
			hold(c)
			stop()
			c.Close()
		}
		pause(ctx)
	}
}

// loggedInIdle holds c logged in as key, opening no session.
func loggedInIdle(addr string, key ssh.Signer, hostKey ssh.HostKeyCallback) func(net.Conn) {
	return func(c net.Conn) {
		conn, chans, reqs, err := ssh.NewClientConn(c, addr, &ssh.ClientConfig{User: "flood",
			Auth: []ssh.AuthMethod{ssh.PublicKeys(key)}, HostKeyCallback: hostKey})
		if err == nil {
			ssh.NewClient(conn, chans, reqs).Wait()
		}
	}
}

// sendingNothing holds c, sending nothing.
func sendingNothing(c net.Conn) { io.Copy(io.Discard, c) }

// pause waits a little, or until ctx is done: a refused client tries again
// at once, but not in a busy loop.
func pause(ctx context.Context) {
	select {
	case <-ctx.Done():
	case <-time.After(50 * time.Millisecond):
	}
}

// usage returns the descriptors the server holds open, and its resident
// memory in KB.
func (srv *childServer) usage(t *testing.T) (fds, rssKB int) {
	t.Helper()
	pid := strconv.Itoa(srv.cmd.Process.Pid)
	entries, err := os.ReadDir("/proc/" + pid + "/fd")
	if err != nil {
		t.Fatalf("the server's descriptors: %v", err)
	}
	status, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(status)) {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			rssKB, _ = strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
		}
	}
	return len(entries), rssKB
}

// descriptors says what the server's descriptors are open on.
func (srv *childServer) descriptors() string {
	dir := "/proc/" + strconv.Itoa(srv.cmd.Process.Pid) + "/fd"
	entries, _ := os.ReadDir(dir)
	var what []string
	for _, e := range entries {
		target, _ := os.Readlink(dir + "/" + e.Name())
		what = append(what, e.Name()+" "+target)
	}
	return strings.Join(what, ", ")
}

// serveFlooded serves on dir, on a free port of the loopback, which it
// prints with its host key, under the limit of descriptors of
// -flood.nofile, with the default limits, until stopped with SIGTERM or
// some minutes pass.
func serveFlooded(t *testing.T, dir string) {
	lim := syscall.Rlimit{Cur: uint64(*floodNofile), Max: uint64(*floodNofile)}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Dir: dir, MaxSessions: 10, AIThreads: 1, Think: 50 * time.Millisecond, Idle: time.Minute})
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
