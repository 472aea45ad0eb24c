//go:build serve

package serve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"time"
)

// accept accepts connections on l until ctx is done or l is closed, and
// serves each that the limits admit on a goroutine of wg.
//
// No other error of Accept ends it: out of file descriptors (EMFILE,
// ENFILE), out of memory for sockets, or anything else, it waits, twice
// as long at each failure in a row, from 5 ms to a second, as net/http's
// server does, and tries again, logging the failures once in a while.
// Out of descriptors, it first takes the connection waiting with the one
// it keeps aside for this (see spareFile), and refuses it with a message,
// so that a client learns that the server is busy instead of waiting in
// the queue. The server's bound on connections (Limits.Conns), below the
// process's descriptors, makes this the exception.
func (s *Server) accept(ctx context.Context, l net.Listener, wg *sync.WaitGroup) error {
	spare := newSpareFile()
	defer spare.close()
	var failures acceptFailures
	for {
		c, err := l.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			if errors.Is(err, net.ErrClosed) {
				return fmt.Errorf("accepting connections: %w", err)
			}
			if outOfDescriptors(err) && spare.shed(l, busyRefusal) {
				s.metrics.refused("busy")
			}
			wait := failures.failed(s.log, err, time.Now())
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(wait):
			}
			continue
		}
		failures.succeeded(s.log)
		s.serveNew(ctx, c, wg)
	}
}

// busyRefusal is what a client refused for want of descriptors is told.
const busyRefusal = "2048: the server is busy. Try again in a minute."

// serveNew serves c on a goroutine of wg, if the limits admit it; else it
// refuses it, saying why. A connection from a balancer of
// Config.ProxyFrom is counted against its player's address once its PROXY
// header, read on that goroutine, gives it (see serveProxied).
func (s *Server) serveNew(ctx context.Context, c net.Conn, wg *sync.WaitGroup) {
	addr, key := hostOf(c.RemoteAddr()), addrKey(c.RemoteAddr())
	proxied := s.cfg.ProxyFrom.trusts(c.RemoteAddr())
	var why overLimit
	if proxied {
		key = "" // the balancer's address is many players'
	} else {
		why = s.addrs.admit(key)
	}
	var in, evicted *tracked
	if why.limit == "" {
		in, evicted, why = s.conns.admit(c, key, time.Now())
	}
	if evicted != nil {
		s.metrics.evicted.Inc()
		evicted.c.Close()
		s.log.Info("connection closed to make room", "addr", hostOf(evicted.c.RemoteAddr()),
			"state", evicted.state, "age", time.Since(evicted.since).Round(time.Millisecond))
	}
	if why.limit != "" {
		s.refuseFor(c, addrKey(c.RemoteAddr()), why)
		return
	}
	wg.Go(func() {
		defer s.conns.done(in)
		defer s.contain("connection", addr)
		conn := c
		if proxied {
			var ok bool
			if conn, addr, ok = s.serveProxied(in); !ok {
				return
			}
		}
		s.serveConn(ctx, in, conn, addr)
	})
}

// serveProxied reads the PROXY header of c, from a balancer, within the
// greeting's time, and counts c against the address of its player, or
// refuses it, saying why. It returns the connection that reads on after
// the header, and the player's address. A connection without a header, or
// with one that cannot be read, is closed, as one whose client does not
// speak SSH is.
func (s *Server) serveProxied(c *tracked) (net.Conn, string, bool) {
	balancer := hostOf(c.c.RemoteAddr())
	conn, err := readProxyHeader(c.c, c.since.Add(min(s.lim.Greeting, s.lim.Handshake)))
	if err != nil {
		c.c.Close()
		s.log.Info("log-in failed", "addr", balancer, "err", err)
		return nil, "", false
	}
	addr, key := hostOf(conn.RemoteAddr()), addrKey(conn.RemoteAddr())
	why := s.addrs.admit(key)
	if why.limit == "" {
		why = s.conns.place(c, key)
	}
	if why.limit != "" {
		s.conns.done(c)
		s.refuseFor(conn, key, why)
		return nil, "", false
	}
	return conn, addr, true
}

// refuseFor refuses c, from the address key (see addrKey), over a limit,
// logging it now and then (see Server.refused).
func (s *Server) refuseFor(c net.Conn, key string, why overLimit) {
	s.metrics.refused(why.limit)
	s.refused(key, why.why)
	s.refuse(c, "2048: "+why.why+". Try again in a minute.")
}

// refuse refuses c on a goroutine of its own, saying why (see refuse), or
// closes it at once if Limits.Refusing refusals are being said already: a
// flood of connections refused holds no more descriptors than that.
func (s *Server) refuse(c net.Conn, why string) {
	select {
	case s.refusing <- struct{}{}:
		go func() {
			defer func() { <-s.refusing }()
			refuse(c, why)
		}()
	default:
		s.metrics.refused("silent")
		c.Close()
	}
}

// acceptFailures counts the failures of Accept in a row, and says when to
// try again and what to log.
type acceptFailures struct {
	inRow  int       // failures since the last connection accepted
	logged time.Time // when one was last logged
	wait   time.Duration
}

// The waits after a failed Accept: the first, and the longest.
const (
	firstAcceptWait = 5 * time.Millisecond
	lastAcceptWait  = time.Second
)

// failed counts a failure, logs it if none was for 10 s, and returns how
// long to wait before the next Accept.
func (f *acceptFailures) failed(log *slog.Logger, err error, now time.Time) time.Duration {
	f.inRow++
	f.wait = min(max(2*f.wait, firstAcceptWait), lastAcceptWait)
	if now.Sub(f.logged) >= 10*time.Second {
		f.logged = now
		log.Warn("accepting connections failed; trying again", "err", err, "failures", f.inRow, "wait", f.wait)
	}
	return f.wait
}

// succeeded counts a connection accepted, and logs the end of failures.
func (f *acceptFailures) succeeded(log *slog.Logger) {
	if f.inRow > 0 {
		log.Info("accepting connections again", "failures", f.inRow)
	}
	*f = acceptFailures{}
}
