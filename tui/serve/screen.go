//go:build serve

package serve

import (
	"context"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/ssh"
)

// screen is a client's terminal as the game writes to it. The client's
// terminal is raw and no pty stands between, so each line feed that comes
// without a carriage return gets one, as a pty's ONLCR would give it. It
// notes since when a write has waited for the client, so that a client that
// takes no output can be let go. It is safe for concurrent use.
type screen struct {
	mu      sync.Mutex
	w       io.Writer
	cr      bool         // the last byte written was a carriage return
	writing atomic.Int64 // since when the write under way waits, in Unix nanoseconds; 0 when none does
}

// newScreen returns the screen that writes to w.
func newScreen(w io.Writer) *screen { return &screen{w: w} }

// Write writes p, each lone line feed with a carriage return before it.
func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]byte, 0, len(p)+len(p)/8)
	for _, c := range p {
		if c == '\n' && !s.cr {
			out = append(out, '\r')
		}
		out = append(out, c)
		s.cr = c == '\r'
	}
	s.writing.Store(time.Now().UnixNano())
	defer s.writing.Store(0)
	if _, err := s.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// stalled returns how long the write under way has waited at now; 0 if
// none is under way.
func (s *screen) stalled(now time.Time) time.Duration {
	since := s.writing.Load()
	if since == 0 {
		return 0
	}
	return now.Sub(time.Unix(0, since))
}

// watchEvery is how often a game is looked at for idleness and stalls.
const watchEvery = time.Second

// watch looks at the game of keys and screen every watchEvery until the
// function it returns is called: a game with no key for the idle timeout
// is hung up, and one whose client has taken no output for the stall
// limit has its connection closed, which ends the write that waits.
func (s *Server) watch(in *keys, out *screen, hangUp context.CancelCauseFunc, sc *ssh.ServerConn) (stop func()) {
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(watchEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case now := <-t.C:
				if in.idle(now) >= s.cfg.Idle {
					hangUp(&idleError{s.cfg.Idle})
				}
				if out.stalled(now) >= s.lim.Stall {
					hangUp(errStalled)
					sc.Close()
				}
			}
		}
	}()
	return func() { close(done) }
}
