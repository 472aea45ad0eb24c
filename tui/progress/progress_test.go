package progress_test

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/schedule"
	"github.com/term2048/2048/tui/progress"
)

func TestLine(t *testing.T) {
	var b bytes.Buffer
	l := progress.NewLine(&b, true)
	l.Show("a long text")
	l.Show("short")
	l.Clear()
	l.Show("kept")
	l.Keep()
	if got, want := b.String(), "\ra long text\rshort      \r     \r\rkept\n"; got != want {
		t.Errorf("on a terminal: %q; want %q", got, want)
	}

	b.Reset()
	l = progress.NewLine(&b, false)
	l.Show("one")
	l.Clear()
	l.Show("two")
	l.Keep()
	if got, want := b.String(), "one\ntwo\n"; got != want {
		t.Errorf("off a terminal: %q; want %q", got, want)
	}
}

func TestBarMoves(t *testing.T) {
	var b bytes.Buffer
	var done atomic.Int64
	bar := progress.StartMoves(&b, false, "review", 40, &done)
	done.Store(40)
	bar.Stop()
	if got, want := b.String(), "review: 40/40 moves, "; !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "\n") {
		t.Errorf("StartMoves off a terminal wrote %q; want a line beginning %q", got, want)
	}

	b.Reset()
	bar = progress.StartGames(&b, true, "sim", 4)
	bar.Stop()
	if got, want := b.String(), "\rsim [....................] 0/4 games  "; !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "\n") {
		t.Errorf("StartGames on a terminal wrote %q; want a line beginning %q", got, want)
	}
}

func TestTraining(t *testing.T) {
	var b bytes.Buffer
	p := progress.NewTraining(&b, true, time.Now())
	p.Note("before any game")
	p.End() // no game: no line
	if got, want := b.String(), "train: before any game\n"; got != want {
		t.Fatalf("before any slice: %q; want %q", got, want)
	}
	b.Reset()
	p.Add(ntuple.Stats{Episodes: 3}, schedule.Status{Episodes: 10, Played: 3, Done: 0.3})
	p.Note("checkpoint")
	p.End()
	line := `train: 3 games, [^;]* moves/s; last minute mean 0, 2048 0%, 8192 0%; 3/10 games, \S+ left`
	want := regexp.MustCompile(`^\r` + line + `\r +\rtrain: checkpoint\n\r` + line + `\r` + line + `\n$`)
	if got := b.String(); !want.MatchString(got) {
		t.Errorf("after a slice: %q; want %v", got, want)
	}
}

// notedWriter is a writer that signals its first write.
type notedWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	first chan struct{}
}

func (w *notedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.buf.Len() == 0 {
		close(w.first)
	}
	return w.buf.Write(p)
}

// TestWait: a search that runs long says so, with how to stop it:
// on a terminal a line redrawn and taken away at the end, elsewhere one
// line; a search done in time says nothing.
func TestWait(t *testing.T) {
	for _, tty := range []bool{true, false} {
		w := &notedWriter{first: make(chan struct{})}
		done := make(chan struct{})
		ended := make(chan struct{})
		go func() { progress.Wait(done, w, tty, "2048 hint", "searching 13 plies", time.Millisecond); close(ended) }()
		<-w.first
		close(done)
		<-ended
		out := w.buf.String()
		if !strings.Contains(out, "searching 13 plies") || !strings.Contains(out, "ctrl+c stops it") || !tty && !strings.HasPrefix(out, "2048 hint: ") {
			t.Errorf("tty %v: %q; want the search named and how to stop it", tty, out)
		}
		if cleared := strings.HasSuffix(out, "\r\x1b[K"); cleared != tty {
			t.Errorf("tty %v: %q; want the line taken away at the end on a terminal only", tty, out)
		}
	}
	w := &notedWriter{first: make(chan struct{})}
	done := make(chan struct{})
	close(done)
	progress.Wait(done, w, true, "2048 hint", "searching 3 plies", time.Hour)
	if w.buf.Len() != 0 {
		t.Errorf("a search done in time wrote %q", w.buf.String())
	}
}
