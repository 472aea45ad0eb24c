package progress

import (
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"io"

	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/tui/figures"
)

// A Bar shows how a run of games or a review advances: on a terminal a bar
// redrawn a few times a second, otherwise a plain line every few seconds.
// The work counts what it has done where the Bar reads it (a run of games
// in Counts); one goroutine, ended by Stop, reads the counts and draws.
type Bar struct {
	// Counts are the counts of a run of games, which a Bar of games
	// reads: give them to sim.Run.
	Counts sim.Progress

	line   *Line
	label  string // what is done, like "sim", "sim expectimax 3" or "review"
	unit   string // what total counts: "games" or "moves"
	total  int
	done   func() (units, moves int64) // the units done, and the moves played or reviewed
	start  time.Time
	quit   chan struct{}
	ended  chan struct{}
	period time.Duration
}

// Periods between two reports of a Bar.
const (
	ttyPeriod   = 200 * time.Millisecond
	plainPeriod = 5 * time.Second
)

// StartGames starts showing the progress of a run of total games on w, a
// terminal if tty; the run counts them in the Bar's Counts.
func StartGames(w io.Writer, tty bool, label string, total int) *Bar {
	b := newBar(w, tty, label, "games", total)
	b.done = func() (int64, int64) { return b.Counts.Games(), b.Counts.Moves() }
	go b.loop()
	return b
}

// StartMoves starts showing the progress of work on total moves on w, a
// terminal if tty, of which moves holds the number done.
func StartMoves(w io.Writer, tty bool, label string, total int, moves *atomic.Int64) *Bar {
	b := newBar(w, tty, label, "moves", total)
	b.done = func() (int64, int64) { n := moves.Load(); return n, n }
	go b.loop()
	return b
}

// newBar returns a Bar that is not drawing yet.
func newBar(w io.Writer, tty bool, label, unit string, total int) *Bar {
	b := &Bar{line: NewLine(w, tty), label: label, unit: unit, total: total, start: time.Now(),
		quit: make(chan struct{}), ended: make(chan struct{}), period: plainPeriod}
	if tty {
		b.period = ttyPeriod
	}
	return b
}

// loop draws a report every period until Stop.
func (b *Bar) loop() {
	defer close(b.ended)
	t := time.NewTicker(b.period)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			b.line.Show(b.report())
		case <-b.quit:
			b.line.Show(b.report())
			b.line.Keep()
			return
		}
	}
}

// Stop ends the display with a last report and waits for it.
func (b *Bar) Stop() {
	close(b.quit)
	<-b.ended
}

// report returns the report of the work done so far.
func (b *Bar) report() string {
	units, moves := b.done()
	done := int(units)
	count := fmt.Sprintf("%s/%s %s", figures.Count(done), figures.Count(b.total), b.unit)
	elapsed := time.Since(b.start)
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(moves) / s
	}
	if !b.line.tty {
		if b.unit != "moves" {
			count += ", " + figures.Count(moves) + " moves"
		}
		return fmt.Sprintf("%s: %s, %s moves/s, %v", b.label, count, figures.Rate(rate), roundDuration(elapsed))
	}
	const width = 20
	filled := width * done / max(b.total, 1)
	return fmt.Sprintf("%s [%s%s] %s  %s moves/s  %s", b.label,
		strings.Repeat("#", filled), strings.Repeat(".", width-filled), count, figures.Rate(rate), b.eta(done, elapsed))
}

// eta estimates the time left from the pace of the units done so far.
func (b *Bar) eta(done int, elapsed time.Duration) string {
	if done == 0 || done >= b.total {
		return roundDuration(elapsed).String()
	}
	left := time.Duration(float64(elapsed) * float64(b.total-done) / float64(done))
	return fmt.Sprintf("%v, eta %v", roundDuration(elapsed), roundDuration(left))
}

// roundDuration rounds d to a tenth of a second under a minute, else to the
// second.
func roundDuration(d time.Duration) time.Duration {
	if d < time.Minute {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}
