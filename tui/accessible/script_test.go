package accessible_test

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/tui"
	"github.com/term2048/2048/tui/accessible"
	"github.com/term2048/2048/tui/playerdata"
)

// A script plays the game by ear as a program would: it types keys into
// the game's input and knows of the game only the lines the game says.
type script struct {
	t       *testing.T
	keys    *io.PipeWriter
	lines   chan []string // what the game said, a write at a time
	pending []string      // lines of the last write not read yet
	heard   []string      // every line read, in order
	done    chan error    // Run's error, once it returns
	files   *playerdata.Files
}

// lineWriter hands the whole lines of each write to lines, together: the
// game says what a message changed in one write.
type lineWriter struct {
	mu    sync.Mutex
	part  []byte
	lines chan<- []string
}

// Write cuts p into lines.
func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.part = append(w.part, p...)
	i := bytes.LastIndexByte(w.part, '\n')
	if i < 0 {
		return len(p), nil
	}
	w.lines <- strings.Split(string(w.part[:i]), "\n")
	w.part = w.part[i+1:]
	return len(p), nil
}

// testConfig returns the game of seed 7, new, with the AI searching 2
// plies on one thread, its files in a directory of the test's.
func testConfig(t *testing.T) tui.Config {
	dir := t.TempDir()
	files := &playerdata.Files{StateDir: filepath.Join(dir, "state"), DataDir: filepath.Join(dir, "data"),
		ConfigDir: filepath.Join(dir, "config")}
	return tui.Config{Seed: 7, NewGame: true, Depth: 2, Store: files, Searcher: ai.NewSearcher(ai.Config{Threads: 1})}
}

// play starts the game of cfg by ear, read from a pipe, until ctx is done.
func play(t *testing.T, ctx context.Context, cfg tui.Config) *script {
	in, keys := io.Pipe()
	lines := make(chan []string, 1<<16)
	s := &script{t: t, keys: keys, lines: lines, done: make(chan error, 1), files: cfg.Store.(*playerdata.Files)}
	go func() {
		err := accessible.Run(ctx, cfg, in, &lineWriter{lines: lines})
		in.Close()
		close(lines)
		s.done <- err
	}()
	t.Cleanup(func() { keys.Close() })
	s.until("Score ")
	return s
}

// silence is how long a script waits for the game to say something before
// it gives up: not a measure of speed, but a failure told rather than a
// test that hangs.
const silence = 30 * time.Second

// next returns the next line said, waiting for it; ok is false once the
// game has ended and said everything.
func (s *script) next() (line string, ok bool) {
	for len(s.pending) == 0 {
		select {
		case s.pending, ok = <-s.lines:
			if !ok {
				return "", false
			}
		case <-time.After(silence):
			s.t.Fatalf("the game said nothing for %v; it said before:\n%s", silence, strings.Join(s.heard, "\n"))
		}
	}
	line, s.pending = s.pending[0], s.pending[1:]
	s.heard = append(s.heard, line)
	return line, true
}

// until reads the lines said until one that begins with prefix, and
// returns it.
func (s *script) until(prefix string) string {
	s.t.Helper()
	for line, ok := s.next(); ok; line, ok = s.next() {
		if strings.HasPrefix(line, prefix) {
			return line
		}
	}
	s.t.Fatalf("the game ended before saying a line that begins with %q; it said:\n%s", prefix, strings.Join(s.heard, "\n"))
	return ""
}

// press types keys, then reads what the game says until a line that
// begins with prefix, and returns it.
func (s *script) press(keys, prefix string) string {
	s.t.Helper()
	if _, err := io.WriteString(s.keys, keys); err != nil {
		s.t.Fatalf("typing %q: %v", keys, err)
	}
	return s.until(prefix)
}

// end closes the input and reads what the game says until it ends, and
// returns Run's error.
func (s *script) end() error {
	s.keys.Close()
	for _, ok := s.next(); ok; _, ok = s.next() {
	}
	return <-s.done
}

// The arrow keys, as a terminal sends them.
const (
	up    = "\x1b[A"
	down  = "\x1b[B"
	right = "\x1b[C"
	left  = "\x1b[D"
)
