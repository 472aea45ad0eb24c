package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/tui/figures"
)

// A progress shows how a run of games advances, on stderr so that stdout
// stays machine-readable: on a terminal one line redrawn in place a few times
// a second, otherwise a plain line every few seconds. The run counts moves
// and games in counts; one goroutine, ended by stop, reads them and draws.
type progress struct {
	w      io.Writer
	tty    bool
	label  string // what is played, like "sim" or "sim expectimax 3"
	total  int
	counts sim.Progress
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

// startProgress starts showing the progress of a run of total games on w.
func startProgress(w io.Writer, tty bool, label string, total int) *progress {
	p := &progress{w: w, tty: tty, label: label, total: total, start: time.Now(),
		quit: make(chan struct{}), ended: make(chan struct{}), period: plainPeriod}
	if tty {
		p.period = ttyPeriod
	}
	go p.loop()
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
	games, moves := int(p.counts.Games()), p.counts.Moves()
	elapsed := time.Since(p.start)
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(moves) / s
	}
	if !p.tty {
		fmt.Fprintf(p.w, "%s: %d/%d games, %s moves, %s moves/s, %v\n",
			p.label, games, p.total, figures.Count(moves), figures.Rate(rate), roundDuration(elapsed))
		return
	}
	const width = 20
	filled := width * games / max(p.total, 1)
	line := fmt.Sprintf("%s [%s%s] %d/%d games  %s moves/s  %s", p.label,
		strings.Repeat("#", filled), strings.Repeat(".", width-filled), games, p.total, figures.Rate(rate), p.eta(games, elapsed))
	pad := max(p.prev-len(line), 0)
	p.prev = len(line)
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", pad))
	if last {
		fmt.Fprintln(p.w)
	}
}

// eta estimates the time left from the pace of the games finished so far.
func (p *progress) eta(games int, elapsed time.Duration) string {
	if games == 0 || games >= p.total {
		return roundDuration(elapsed).String()
	}
	left := time.Duration(float64(elapsed) * float64(p.total-games) / float64(games))
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
