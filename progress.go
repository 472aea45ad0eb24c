package main

import (
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/tui/figures"
)

// A progress shows how a run of games or a review advances, on stderr so
// that stdout stays machine-readable: on a terminal one line redrawn in
// place a few times a second, otherwise a plain line every few seconds. The
// work counts what it has done where done reads it (a run of games in
// counts); one goroutine, ended by stop, reads them and draws.
type progress struct {
	w      io.Writer
	tty    bool
	label  string // what is done, like "sim", "sim expectimax 3" or "review"
	unit   string // what total counts: "games" or "moves"
	total  int
	done   func() (units, moves int64) // the units done, and the moves played or reviewed
	counts sim.Progress                // a run of games' counts, which done reads
	start  time.Time
	quit   chan struct{}
	ended  chan struct{}
	prev   int // the length of the line last drawn on a terminal
	period time.Duration
}

// Periods between two progress reports.
const (
	ttyPeriod   = 200 * time.Millisecond
	plainPeriod = 5 * time.Second
)

// startProgress starts showing the progress of a run of total games on w;
// the run counts them in p.counts.
func startProgress(w io.Writer, tty bool, label string, total int) *progress {
	p := newProgress(w, tty, label, "games", total)
	p.done = func() (int64, int64) { return p.counts.Games(), p.counts.Moves() }
	go p.loop()
	return p
}

// startMoveProgress starts showing the progress of work on total moves on
// w, of which moves holds the number done.
func startMoveProgress(w io.Writer, tty bool, label string, total int, moves *atomic.Int64) *progress {
	p := newProgress(w, tty, label, "moves", total)
	p.done = func() (int64, int64) { n := moves.Load(); return n, n }
	go p.loop()
	return p
}

// newProgress returns a progress that is not drawing yet.
func newProgress(w io.Writer, tty bool, label, unit string, total int) *progress {
	p := &progress{w: w, tty: tty, label: label, unit: unit, total: total, start: time.Now(),
		quit: make(chan struct{}), ended: make(chan struct{}), period: plainPeriod}
	if tty {
		p.period = ttyPeriod
	}
	return p
}

// loop draws a report every period until stop.
func (p *progress) loop() {
	defer close(p.ended)
	t := time.NewTicker(p.period)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			p.draw(false)
		case <-p.quit:
			p.draw(true)
			return
		}
	}
}

// stop ends the progress display with a last report and waits for it.
func (p *progress) stop() {
	close(p.quit)
	<-p.ended
}

// draw writes one report; last is the report at the end of the run.
func (p *progress) draw(last bool) {
	units, moves := p.done()
	done := int(units)
	count := fmt.Sprintf("%s/%s %s", figures.Count(done), figures.Count(p.total), p.unit)
	elapsed := time.Since(p.start)
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(moves) / s
	}
	if !p.tty {
		if p.unit != "moves" {
			count += ", " + figures.Count(moves) + " moves"
		}
		fmt.Fprintf(p.w, "%s: %s, %s moves/s, %v\n", p.label, count, figures.Rate(rate), roundDuration(elapsed))
		return
	}
	const width = 20
	filled := width * done / max(p.total, 1)
	line := fmt.Sprintf("%s [%s%s] %s  %s moves/s  %s", p.label,
		strings.Repeat("#", filled), strings.Repeat(".", width-filled), count, figures.Rate(rate), p.eta(done, elapsed))
	pad := max(p.prev-len(line), 0)
	p.prev = len(line)
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", pad))
	if last {
		fmt.Fprintln(p.w)
	}
}

// eta estimates the time left from the pace of the units done so far.
func (p *progress) eta(done int, elapsed time.Duration) string {
	if done == 0 || done >= p.total {
		return roundDuration(elapsed).String()
	}
	left := time.Duration(float64(elapsed) * float64(p.total-done) / float64(done))
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
