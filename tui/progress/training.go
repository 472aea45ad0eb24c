package progress

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/curve"
	"github.com/term2048/2048/ai/ntuple/schedule"
	"github.com/term2048/2048/tui/figures"
)

// A Training shows how a training advances: on a terminal a line redrawn
// after each slice of the schedule, otherwise a line every
// plainTrainingPeriod. The line gives the games played, the moves a
// second, the mean score and tile rates of the last minute's games, and
// the time or games left. The schedule's hooks call it between slices,
// from the schedule's one goroutine; it is not safe for concurrent use.
type Training struct {
	line   *Line
	start  time.Time
	recent []slice      // the slices of the last minute, oldest first
	total  ntuple.Stats // every game of the run
	last   time.Time    // the last line printed, off a terminal
	status schedule.Status
}

// A slice is what the trainer did in one slice of the schedule.
type slice struct {
	end   time.Time
	took  time.Duration
	stats ntuple.Stats
}

// Periods of a Training.
const (
	recentWindow        = time.Minute
	plainTrainingPeriod = 30 * time.Second
)

// NewTraining returns the progress of a training begun at start, shown on
// w, a terminal if tty.
func NewTraining(w io.Writer, tty bool, start time.Time) *Training {
	return &Training{line: NewLine(w, tty), start: start, last: start}
}

// Add records the games of a slice that has just ended and the state of
// the schedule, and redraws the line.
func (p *Training) Add(s ntuple.Stats, status schedule.Status) {
	now := time.Now()
	took := now.Sub(p.start)
	if n := len(p.recent); n > 0 {
		took = now.Sub(p.recent[n-1].end)
	}
	p.recent = append(p.recent, slice{end: now, took: took, stats: s})
	for len(p.recent) > 1 && now.Sub(p.recent[0].end) > recentWindow {
		p.recent = p.recent[1:]
	}
	p.total.Add(s)
	p.status = status
	if p.line.tty || now.Sub(p.last) >= plainTrainingPeriod {
		p.line.Show(p.text())
		p.last = now
	}
}

// text returns the progress line.
func (p *Training) text() string {
	var games ntuple.Stats
	var took time.Duration
	for _, s := range p.recent {
		games.Add(s.stats)
		took += s.took
	}
	rate := 0.0
	if took > 0 {
		rate = float64(games.Moves) / took.Seconds()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "train: %s games, %s moves/s", figures.Count(p.total.Episodes), figures.Rate(rate))
	if games.Episodes > 0 {
		fmt.Fprintf(&b, "; last minute mean %s", figures.Decimal(games.MeanScore(), 0))
		for _, tile := range curve.Tiles[:2] {
			fmt.Fprintf(&b, ", %d %s", tile, figures.Percent(games.Reached(tile), 0))
		}
	}
	elapsed := time.Since(p.start)
	st := p.status
	switch {
	case st.Done >= 1:
		fmt.Fprintf(&b, "; done in %v", elapsed.Round(time.Second))
	case st.Episodes > 0:
		fmt.Fprintf(&b, "; %s/%s games", figures.Count(st.Played), figures.Count(st.Episodes))
		if st.Done > 0 && st.Done < 1 {
			left := time.Duration(float64(elapsed) * (1 - st.Done) / st.Done)
			fmt.Fprintf(&b, ", %v left", left.Round(time.Second))
		}
	default:
		fmt.Fprintf(&b, "; %v of %v", elapsed.Round(time.Second), st.Duration)
	}
	return b.String()
}

// Clear removes the line from a terminal, so that other text can be
// printed.
func (p *Training) Clear() { p.line.Clear() }

// Note prints "train: " and msg on a line of its own, then the progress
// line again on a terminal.
func (p *Training) Note(msg string) {
	p.line.Clear()
	fmt.Fprintf(p.line.w, "train: %s\n", msg)
	if p.line.tty && len(p.recent) > 0 {
		p.line.Show(p.text())
	}
}

// End prints the last progress line, for good.
func (p *Training) End() {
	if len(p.recent) == 0 {
		return
	}
	p.line.Show(p.text())
	p.line.Keep()
}
