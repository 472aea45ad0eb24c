//go:build serve

package serve

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// TestSequences checks what the scan of the input lets through: keys, a
// terminal's answers and short pastes, and not a sequence or a paste too
// long, whichever way the stream is cut.
func TestSequences(t *testing.T) {
	long := strings.Repeat("x", maxSequence)
	for _, c := range []struct {
		name, input string
		refused     bool
	}{
		{"arrows and letters", "\x1b[A\x1b[Bhq \x1bOA\x1b[1;5C", false},
		{"alt and a key, esc alone", "\x1ba\x1b\x1b\x1bx", false},
		{"the background colour", "\x1b]11;rgb:0000/0000/0000\x1b\\\x1b]11;rgb:ffff/ffff/ffff\x07", false},
		{"the attributes and the version", "\x1b[?62;22c\x1bP>|xterm(390)\x1b\\", false},
		{"a short paste", "\x1b[200~2 4 8 16\x1b[201~", false},
		{"pastes one after the other", strings.Repeat("\x1b[200~"+strings.Repeat("x", maxPaste-20)+"\x1b[201~", 3), false},
		{"an endless string", "\x1b]11;" + long, true},
		{"an endless device control string", "\x1bP" + long, true},
		{"an endless CSI", "\x1b[" + strings.Repeat("1;", maxSequence), true},
		{"an endless paste", "\x1b[200~" + strings.Repeat("x", maxPaste+1), true},
		{"an escape inside a string does not end it", "\x1b]0;" + strings.Repeat("\x1bx", maxSequence/2+1), true},
	} {
		for _, cut := range []int{1, 3, 1 << 20} {
			var s sequences
			refused := false
			for in := c.input; in != "" && !refused; {
				n := min(cut, len(in))
				refused = s.feed([]byte(in[:n])) != ""
				in = in[n:]
			}
			if refused != c.refused {
				t.Errorf("%s, in pieces of %d: refused %v; want %v", c.name, cut, refused, c.refused)
			}
		}
	}
}

// FuzzSequences checks that the scan of the input says the same of a
// stream whole and cut in two.
func FuzzSequences(f *testing.F) {
	f.Add([]byte("\x1b[200~abc\x1b[201~\x1b]11;x\x07"), 5)
	f.Fuzz(func(t *testing.T, input []byte, cut int) {
		var whole, parts sequences
		w := whole.feed(input)
		cut = min(max(cut, 0), len(input))
		p := parts.feed(input[:cut])
		if p == "" {
			p = parts.feed(input[cut:])
		}
		if (w == "") != (p == "") {
			t.Errorf("%q whole: %q; cut at %d: %q", input, w, cut, p)
		}
	})
}

// TestKeysHangUp checks that the end of the input, or what no terminal
// sends, hangs the game up with its cause.
func TestKeysHangUp(t *testing.T) {
	for _, c := range []struct {
		input string
		cause error
	}{
		{"hq", errDisconnected},
		{"\x1b]" + strings.Repeat("x", maxSequence), &inputError{}},
	} {
		var cause error
		k := newKeys(strings.NewReader(c.input), 1<<20, 1<<20, nil, func(err error) { cause = err })
		io.ReadAll(k)
		var input *inputError
		if cause == nil || errors.Is(c.cause, errDisconnected) != errors.Is(cause, errDisconnected) || errors.As(c.cause, &input) != errors.As(cause, &input) {
			t.Errorf("reading %q: hung up with %v; want %T", c.input, cause, c.cause)
		}
	}
}

// TestKeysThrottle checks that keys beyond the burst wait for the rate,
// and that the end of the game ends the wait.
func TestKeysThrottle(t *testing.T) {
	const rate, burst = 1000, 100
	k := newKeys(strings.NewReader(strings.Repeat("x", 300)), rate, burst, nil, func(error) {})
	start := time.Now()
	io.ReadAll(k)
	if took := time.Since(start); took < 150*time.Millisecond { // 200 bytes beyond the burst at 1000 a second
		t.Errorf("300 bytes at %d a second after a burst of %d: %v; want 200ms or so", rate, burst, took)
	}
	done := make(chan struct{})
	close(done)
	k = newKeys(strings.NewReader(strings.Repeat("x", 300)), 1, burst, done, func(error) {})
	start = time.Now()
	io.ReadAll(k)
	if took := time.Since(start); took > waitTime/2 {
		t.Errorf("keys of a game over waited %v", took)
	}

}
