//go:build serve

package serve

import (
	"context"
	"fmt"
	"io"
	"sync/atomic"
	"time"
)

// This file reads a player's keys for the game, and keeps a client from
// sending what no terminal does: the game's reader keeps an escape
// sequence, or a paste, until it ends, so one that never ends would take
// the server's memory, and keys as fast as a network carries them would
// take its cores and its disk (the game saves after every move).

// The longest escape sequence and paste a client may send: a terminal's
// answers (its colours, its version) take a few dozen bytes, and the game
// takes nothing pasted.
const (
	maxSequence = 256
	maxPaste    = 4096
)

// An inputError ends a game whose client sent what no terminal does.
type inputError struct{ what string }

// Error says what the terminal sent.
func (e *inputError) Error() string { return "your terminal sent " + e.what }

// keys is a client's input as the game reads it. It notes when the last
// key came, for the idle timeout; it takes at most rate bytes a second on
// average, burst at once, by waiting before it reads on (the client then
// waits too); and it hangs up on a client that sends an escape sequence or
// a paste too long, or that closes its input. One goroutine reads it.
type keys struct {
	r      io.Reader
	hangUp context.CancelCauseFunc
	done   <-chan struct{} // the game is over: stop waiting
	last   atomic.Int64    // when the last byte came, in Unix nanoseconds

	rate, burst float64 // bytes a second, and at once
	tokens      float64 // the bytes that may come now without a wait
	at          time.Time
	scan        sequences
}

// newKeys returns the keys read from r at the rate and burst given.
func newKeys(r io.Reader, rate, burst int, done <-chan struct{}, hangUp context.CancelCauseFunc) *keys {
	k := &keys{r: r, hangUp: hangUp, done: done, rate: float64(rate), burst: float64(burst), tokens: float64(burst), at: time.Now()}
	k.last.Store(k.at.UnixNano())
	return k
}

// Read reads the next keys. Their end, or what no terminal sends, hangs
// up the game, and reads as the end of the input.
func (k *keys) Read(p []byte) (int, error) {
	n, err := k.r.Read(p[:min(len(p), int(k.burst))])
	if n > 0 {
		now := time.Now()
		k.last.Store(now.UnixNano())
		if what := k.scan.feed(p[:n]); what != "" {
			k.hangUp(&inputError{what})
			return 0, io.EOF
		}
		k.throttle(now, n)
	}
	if err != nil {
		k.hangUp(errDisconnected)
	}
	return n, err
}

// throttle takes n bytes read at now from the bucket, and waits until the
// bucket is no longer in debt, or the game is over.
func (k *keys) throttle(now time.Time, n int) {
	k.tokens = min(k.burst, k.tokens+now.Sub(k.at).Seconds()*k.rate) - float64(n)
	k.at = now
	if k.tokens >= 0 {
		return
	}
	t := time.NewTimer(time.Duration(-k.tokens / k.rate * float64(time.Second)))
	defer t.Stop()
	select {
	case <-t.C:
	case <-k.done:
	}
}

// idle returns how long ago the last key came.
func (k *keys) idle(now time.Time) time.Duration {
	return now.Sub(time.Unix(0, k.last.Load()))
}

// sequences follows the escape sequences and the pastes of a stream of
// input, to measure them: a sequence from its ESC to its final byte (CSI),
// its string terminator (OSC, DCS, APC, PM, SOS) or its one byte (the
// others), and a bracketed paste from ESC [200~ to ESC [201~.
type sequences struct {
	state   seqState
	length  int     // the bytes of the sequence under way, its ESC included
	params  [8]byte // the first bytes of a CSI sequence after ESC [
	nparams int     // the bytes of the CSI sequence after ESC [ so far
	pasting bool
	pasted  int // the bytes of the paste under way
}

type seqState uint8

const (
	ground    seqState = iota
	escape             // after ESC
	csi                // after ESC [
	str                // in a string: after ESC ] P _ ^ or X
	strEscape          // ESC in a string: \ ends it
	oneMore            // after ESC O or another that takes one byte more
)

// feed takes the bytes b of the stream, and says what is too long in it
// ("" if nothing is).
func (s *sequences) feed(b []byte) string {
	for _, c := range b {
		if s.pasting {
			if s.pasted++; s.pasted > maxPaste {
				return fmt.Sprintf("a paste of more than %d bytes", maxPaste)
			}
		}
		if s.step(c); s.state != ground {
			if s.length++; s.length > maxSequence {
				return fmt.Sprintf("an escape sequence of more than %d bytes", maxSequence)
			}
		}
	}
	return ""
}

// step moves the scan on by the byte c.
func (s *sequences) step(c byte) {
	const esc = 0x1b
	switch s.state {
	case ground:
		if c == esc {
			s.state, s.length = escape, 0
		}
	case escape:
		s.afterEscape(c)
	case csi:
		if s.nparams < len(s.params) {
			s.params[s.nparams] = c
		}
		s.nparams++
		if c >= 0x40 && c <= 0x7e {
			s.endCSI()
		}
	case str:
		switch c {
		case 0x07:
			s.state = ground
		case esc:
			s.state = strEscape
		}
	case strEscape:
		s.state = str
		if c == '\\' {
			s.state = ground
		}
	case oneMore:
		s.state = ground
	}
}

// afterEscape moves the scan on by the byte c after an ESC.
func (s *sequences) afterEscape(c byte) {
	switch c {
	case '[':
		s.state, s.nparams = csi, 0
	case ']', 'P', '_', '^', 'X':
		s.state = str
	case 'O', ' ', '#', '%', '(', ')', '*', '+':
		s.state = oneMore
	case 0x1b:
		s.state, s.length = escape, 0 // ESC ESC: the second starts anew
	default:
		s.state = ground // alt and a key
	}
}

// endCSI ends a CSI sequence: ESC [200~ starts a paste, ESC [201~ ends it.
func (s *sequences) endCSI() {
	s.state = ground
	switch string(s.params[:min(s.nparams, len(s.params))]) {
	case "200~":
		s.pasting, s.pasted = true, 0
	case "201~":
		s.pasting = false
	}
}
