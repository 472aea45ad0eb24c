//go:build serve

package serve

import (
	"io"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/pires/go-proxyproto"
	"golang.org/x/crypto/ssh"
)

// The balancer of these tests is 127.0.0.1; the players' addresses are
// only in the headers it sends (192.0.2.0/24 and 2001:db8::/32, the
// ranges kept for documentation): no packet goes to them.

// trustLoopback returns the balancers of a server that trusts 127.0.0.1.
func trustLoopback() Proxies { return Proxies{netip.MustParsePrefix("127.0.0.1/32")} }

// proxyHeader returns the PROXY header of the given version (1: text,
// 2: binary) for a player at player (host:port) connecting to 2048.
func proxyHeader(t *testing.T, version byte, player string) []byte {
	t.Helper()
	src, err := net.ResolveTCPAddr("tcp", player)
	if err != nil {
		t.Fatal(err)
	}
	dst := &net.TCPAddr{IP: net.ParseIP("192.0.2.1"), Port: 2048}
	if src.IP.To4() == nil {
		dst.IP = net.ParseIP("2001:db8::1")
	}
	h, err := proxyproto.HeaderProxyFromAddrs(version, src, dst).Format()
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// loginThrough logs in to ts with key over a connection from 127.0.0.1
// that first sends header, as a balancer would; it returns the client or
// the error of the log-in.
func (ts *testServer) loginThrough(t *testing.T, header []byte, key ssh.Signer) (*ssh.Client, error) {
	t.Helper()
	c := ts.rawFrom(t, from(1))
	if _, err := c.Write(header); err != nil {
		t.Fatal(err)
	}
	conn, chans, reqs, err := ssh.NewClientConn(c, ts.addr, ts.clientConfig(ssh.PublicKeys(key)))
	if err != nil {
		return nil, err
	}
	client := ssh.NewClient(conn, chans, reqs)
	t.Cleanup(func() { client.Close() })
	return client, nil
}

func TestProxiesSet(t *testing.T) {
	var p Proxies
	if err := p.Set("10.0.0.0/8, 192.0.2.7,2001:db8::/32"); err != nil {
		t.Fatal(err)
	}
	if got, want := p.String(), "10.0.0.0/8,192.0.2.7/32,2001:db8::/32"; got != want {
		t.Errorf("Set, then String() = %q; want %q", got, want)
	}
	for addr, want := range map[string]bool{"10.1.2.3": true, "192.0.2.7": true, "192.0.2.8": false, "2001:db8::5": true, "::ffff:10.0.0.1": true, "2001:db9::1": false} {
		if got := p.trusts(&net.TCPAddr{IP: net.ParseIP(addr), Port: 1}); got != want {
			t.Errorf("trusts(%s) = %v; want %v", addr, got, want)
		}
	}
	if err := p.Set("10.0.0.0/33"); err == nil {
		t.Error("Set(10.0.0.0/33) succeeded; want an error")
	}
}

// TestProxyHeaders checks that a player behind a trusted balancer, whose
// header is version 1 or 2, logs in and plays, and that the log names the
// player's address, not the balancer's.
func TestProxyHeaders(t *testing.T) {
	ts := startServer(t, Config{ProxyFrom: trustLoopback()})
	for _, c := range []struct {
		version byte
		player  string
	}{{1, "192.0.2.7:40000"}, {2, "192.0.2.8:40001"}, {2, "[2001:db8::7]:40002"}} {
		key := newKey(t)
		ts.named(t, key)
		client, err := ts.loginThrough(t, proxyHeader(t, c.version, c.player), key)
		if err != nil {
			t.Fatalf("a player at %s behind the balancer (v%d): %v", c.player, c.version, err)
		}
		sess, err := client.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		if err := sess.RequestPty("xterm-256color", 30, 80, ssh.TerminalModes{}); err != nil {
			t.Fatal(err)
		}
		term := start(t, sess, 80, 30)
		term.waitText("SCORE")
		host, _, _ := net.SplitHostPort(c.player)
		ts.log.waitFor(t, `msg="session start" player=`+ssh.FingerprintSHA256(key.PublicKey()))
		term.press("q")
		term.wait()
		ts.log.waitFor(t, "addr="+host+" duration=")
	}
	if log := ts.log.String(); strings.Contains(log, "addr=127.0.0.1") {
		t.Errorf("the log names the balancer's address:\n%s", log)
	}
}

// TestProxyLimitsSeeThePlayer checks that the limits on connections count
// those of the player's address, as the header gives it, not the
// balancer's: one connection at a time from an address (an IPv6 /64), and
// one new connection an hour.
func TestProxyLimitsSeeThePlayer(t *testing.T) {
	ts := startServer(t, Config{ProxyFrom: trustLoopback(), Limits: Limits{PerAddress: 1}})
	key := newKey(t)
	if _, err := ts.loginThrough(t, proxyHeader(t, 1, "192.0.2.7:40000"), key); err != nil {
		t.Fatal(err)
	}
	_, err := ts.loginThrough(t, proxyHeader(t, 2, "192.0.2.7:40001"), key)
	if err == nil || !strings.Contains(err.Error(), "1 connection open from this address already") {
		t.Errorf("a second connection of the player at 192.0.2.7: %v; want refused, over the limit of the address", err)
	}
	ts.log.waitFor(t, `msg="connection refused" addr=192.0.2.7 reason="1 connection open`)
	if _, err := ts.loginThrough(t, proxyHeader(t, 2, "192.0.2.8:40000"), key); err != nil {
		t.Errorf("a player at another address behind the same balancer: %v; want logged in", err)
	}
	if _, err := ts.loginThrough(t, proxyHeader(t, 2, "[2001:db8::7]:40000"), key); err != nil {
		t.Errorf("a player at 2001:db8::7: %v; want logged in", err)
	}
	_, err = ts.loginThrough(t, proxyHeader(t, 2, "[2001:db8::8]:40000"), key)
	if err == nil || !strings.Contains(err.Error(), "1 connection open from this address already") {
		t.Errorf("a player of the same IPv6 /64: %v; want refused", err)
	}

	rated := startServer(t, Config{ProxyFrom: trustLoopback(), Limits: Limits{Burst: 1, Every: time.Hour}})
	if _, err := rated.loginThrough(t, proxyHeader(t, 1, "192.0.2.7:40000"), key); err != nil {
		t.Fatal(err)
	}
	if _, err := rated.loginThrough(t, proxyHeader(t, 1, "192.0.2.7:40001"), key); err == nil || !strings.Contains(err.Error(), "connecting too often") {
		t.Errorf("a second connection within the hour from 192.0.2.7: %v; want refused, connecting too often", err)
	}
	if _, err := rated.loginThrough(t, proxyHeader(t, 1, "192.0.2.8:40000"), key); err != nil {
		t.Errorf("another player behind the same balancer: %v; want logged in", err)
	}
}

// TestProxyHeaderRefused checks what a balancer's connection cannot do:
// a header from an address not trusted, no header from one that is, a
// header too slow or that does not parse. Each is closed without a log-in,
// and the log says why.
func TestProxyHeaderRefused(t *testing.T) {
	key := newKey(t)
	untrusting := startServer(t, Config{ProxyFrom: Proxies{netip.MustParsePrefix("::1/128")}})
	if _, err := untrusting.loginThrough(t, proxyHeader(t, 1, "192.0.2.7:40000"), key); err == nil {
		t.Error("a v1 header from an address not trusted: logged in; want refused")
	}
	untrusting.log.waitFor(t, `msg="log-in failed" addr=127.0.0.1 err="the client's first bytes are not an SSH version line`)
	if _, err := untrusting.loginThrough(t, proxyHeader(t, 2, "192.0.2.7:40000"), key); err == nil {
		t.Error("a v2 header from an address not trusted: logged in; want refused")
	}
	if _, err := untrusting.loginFrom(t, from(1), key); err != nil {
		t.Errorf("a client with no header from an address not trusted: %v; want logged in", err)
	}

	ts := startServer(t, Config{ProxyFrom: trustLoopback(), Limits: Limits{Greeting: 300 * time.Millisecond}})
	if _, err := ts.loginFrom(t, from(1), key); err == nil {
		t.Error("a client with no header from a trusted balancer: logged in; want refused")
	}
	ts.log.waitFor(t, `msg="log-in failed" addr=127.0.0.1 err="no PROXY header`)

	// A version 2 header cut after its signature waits for the rest
	// until the greeting's time; one of version 1 not sent in one piece is
	// refused at once (go-proxyproto's rule against slow senders, which the
	// protocol allows).
	slow := ts.rawFrom(t, from(1))
	io.WriteString(slow, "\r\n\r\n\x00\r\nQUIT\n\x21")
	start := time.Now()
	closedByServer(t, slow, "a header that does not come whole")
	if took := time.Since(start); took > waitTime/2 {
		t.Errorf("a header that does not come whole closed after %v; want the greeting's time", took)
	}
	ts.log.waitFor(t, "PROXY header: not whole within the greeting's time")

	for _, garbage := range []string{
		"PROXY TCP4 192.0.2.7 nonsense\r\nSSH-2.0-test\r\n",
		"PROXY TCP9 192.0.2.7 192.0.2.1 40000 2048\r\n",
		"PROXY TCP4 192.0.2.7", // not in one piece
		"PRO",                  // nor within the greeting's time
		"\r\n\r\n\x00\r\nQUIT\n\x99\x11\x00\x0c",
		"GET / HTTP/1.1\r\n\r\n",
	} {
		c := ts.rawFrom(t, from(1))
		io.WriteString(c, garbage)
		closedByServer(t, c, "a header "+strings.TrimSpace(garbage[:min(len(garbage), 16)]))
	}
	ts.log.waitFor(t, `err="PROXY header: proxyproto:`)
}
