//go:build serve

package serve

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/ssh"
)

// This file holds a connection: its log-in, which only a public key passes,
// and its channels, of which one session is served and every other kind
// refused.

// serverVersion is what the server says it is, to every client.
const serverVersion = "SSH-2.0-2048"

// The extensions of a connection's permissions that say who logged in.
const (
	extFingerprint = "fingerprint" // the key's SHA256:… fingerprint, as ssh-keygen -l writes it
	extPlayer      = "player"      // the same hash, as the name of the player's directory
)

// sshConfig returns the configuration of the server's connections: public
// keys only (no password, no keyboard-interactive: their callbacks are
// not set, so the client is not offered them), with the host key signer.
func (s *Server) sshConfig(signer ssh.Signer) *ssh.ServerConfig {
	c := &ssh.ServerConfig{
		ServerVersion:     serverVersion,
		PublicKeyCallback: s.checkKey,
	}
	c.AddHostKey(signer)
	return c
}

// checkKey lets in the key of a client if the allow list has it, or if
// there is none; the permissions it returns name the player. The SSH
// package asks it of each key the client offers, and keeps the
// permissions of the key whose signature it then checks: who logged in is
// read from them, never from the last key asked about.
func (s *Server) checkKey(_ ssh.ConnMetadata, key ssh.PublicKey) (*ssh.Permissions, error) {
	if s.allow != nil && !s.allow.allows(key) {
		return nil, errors.New("this key is not allowed on this server")
	}
	sum := sha256.Sum256(key.Marshal())
	return &ssh.Permissions{Extensions: map[string]string{
		extFingerprint: ssh.FingerprintSHA256(key),
		extPlayer:      base64.RawURLEncoding.EncodeToString(sum[:]),
	}}, nil
}

// serveConn logs the client of c in, within the handshake's time, and
// serves its session; it returns once the connection is closed. conn reads
// what the client sends: c's own connection, or what follows the PROXY
// header of a balancer's.
func (s *Server) serveConn(ctx context.Context, c *tracked, conn net.Conn, addr string) {
	defer c.c.Close()
	sc, chans, reqs, ok := s.handshake(c, conn, addr)
	if !ok {
		return
	}
	defer sc.Close()
	go ssh.DiscardRequests(reqs) // global requests (port forwarding, …) are refused; it ends with the connection
	alive := make(chan struct{})
	defer close(alive)
	go keepAlive(sc, s.lim.KeepAlive, alive)
	s.serveChannels(ctx, sc, c, chans, addr)
}

// handshake logs the client of c, reading from conn, in: its version line
// within the greeting's time, the whole log-in within the handshake's,
// both from the connection (a balancer's PROXY header comes within the
// same greeting). ok is false, and c closed, if it could not.
func (s *Server) handshake(c *tracked, conn net.Conn, addr string) (sc *ssh.ServerConn, chans <-chan ssh.NewChannel, reqs <-chan *ssh.Request, ok bool) {
	deadline := c.since.Add(s.lim.Handshake)
	c.c.SetDeadline(deadline)
	c.c.SetReadDeadline(c.since.Add(min(s.lim.Greeting, s.lim.Handshake)))
	g := &greeted{Conn: conn, greeted: func() {
		if s.conns.advance(c, loggingIn, time.Now()) {
			c.c.SetReadDeadline(deadline)
		}
	}}
	sc, chans, reqs, err := ssh.NewServerConn(g, s.ssh)
	if err != nil {
		s.log.Info("log-in failed", "addr", addr, "err", err)
		return nil, nil, nil, false
	}
	if !s.conns.advance(c, loggedIn, time.Now()) { // closed to make room just now
		sc.Close()
		return nil, nil, nil, false
	}
	c.c.SetDeadline(time.Time{})
	return sc, chans, reqs, true
}

// A greeted connection calls greeted once its client's first line, the
// SSH version, has come in whole. A client whose first bytes are not
// "SSH-" is not an SSH client (RFC 4253, 4.2: a client sends its version
// first; only a server may send other lines before its own): a PROXY
// header from an address not trusted to send one, or anything else. Its
// read fails, and the log-in with it; golang.org/x/crypto/ssh would skip
// such lines as a server's banner.
type greeted struct {
	net.Conn
	greeted func()
	first   []byte // the first bytes read, up to len(sshPrefix)
	done    bool
}

// sshPrefix begins the version line of every SSH client.
const sshPrefix = "SSH-"

// errNotSSH fails the log-in of a client whose first bytes are not an SSH
// version line.
var errNotSSH = errors.New(`the client's first bytes are not an SSH version line (a PROXY header from an address not in -proxy-from, or not SSH)`)

// Read reads from the connection, watching for the end of the first line.
func (g *greeted) Read(p []byte) (int, error) {
	n, err := g.Conn.Read(p)
	if g.done {
		return n, err
	}
	if k := min(n, len(sshPrefix)-len(g.first)); k > 0 {
		g.first = append(g.first, p[:k]...)
		if !strings.HasPrefix(sshPrefix, string(g.first)) {
			return 0, errNotSSH
		}
	}
	if bytes.IndexByte(p[:n], '\n') >= 0 {
		g.done = true
		g.greeted()
	}
	return n, err
}

// serveChannels serves the first session channel of sc and refuses every
// other channel, until the connection closes; the session's end closes it.
// A connection that opens no session within the grace is closed.
func (s *Server) serveChannels(ctx context.Context, sc *ssh.ServerConn, c *tracked, chans <-chan ssh.NewChannel, addr string) {
	var wg sync.WaitGroup
	defer wg.Wait()
	grace := time.AfterFunc(s.lim.Grace, func() {
		s.log.Info("connection closed", "addr", addr, "reason", "logged in, no session within "+s.lim.Grace.String())
		sc.Close()
	})
	defer grace.Stop()
	served := false
	for nc := range chans {
		switch {
		case nc.ChannelType() != "session":
			nc.Reject(ssh.Prohibited, "this server serves the game of 2048 only: no forwarding")
		case served:
			nc.Reject(ssh.ResourceShortage, "one session a connection")
		case !grace.Stop():
			nc.Reject(ssh.ConnectionFailed, "no session came within "+s.lim.Grace.String())
		default:
			ch, reqs, err := nc.Accept()
			if err != nil {
				return
			}
			served = true
			s.conns.advance(c, playing, time.Now())
			wg.Go(func() {
				defer sc.Close()
				defer s.contain("session", addr)
				s.serveSession(ctx, sc, ch, reqs, addr)
			})
		}
	}
}

// keepAlive asks the client of sc every interval whether it is there, and
// closes the connection if it does not answer within the next interval: a
// client whose network is gone must not hold its player's game for long.
// It returns when done is closed or the connection is.
func keepAlive(sc *ssh.ServerConn, interval time.Duration, done <-chan struct{}) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		answered := make(chan error, 1)
		go func() { // ends with the answer, or with the connection
			_, _, err := sc.SendRequest("keepalive@openssh.com", true, nil)
			answered <- err
		}()
		select {
		case err := <-answered:
			if err != nil {
				return
			}
		case <-t.C:
			sc.Close()
			return
		case <-done:
			return
		}
	}
}
