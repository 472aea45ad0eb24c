package progress_test

import (
	"bytes"
	"regexp"
	"strings"
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
