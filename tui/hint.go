package tui

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/explain"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/settings"
)

// This file draws the hint in the words of the replay: each move's verdict
// as the review would give it if the player made that move (review.Rate),
// its loss, a bar on the verdicts' scale (review.Rating.Standing), and
// why the AI prefers its move, from the board (explain.Why).

// The hint takes hintRows lines of the full panel, hintCompactRows of a
// compact one, which has no room for the line that says where the hint is
// explained.
const (
	hintRows        = 8
	hintCompactRows = 7
)

// hintLines draws the hint in n lines: the AI's move, the bar of each move,
// why the AI prefers its move in two lines, and in an eighth where all
// this is explained. While the AI plays, it shows the decision it just
// played until the next one comes.
func (ps *playScreen) hintLines(m *Model, width, n int) []string {
	r, title := m.ai.hint, "HINT  "
	k := m.look.inks()
	switch {
	case r == nil && m.ai.autoplay && m.ai.played != nil:
		r, title = m.ai.played, "PLAYED"
	case m.ai.thinking != idle:
		return pad([]string{m.look.muted("HINT  ") + m.ai.spin.View() + " thinking " + movesAhead(m.ai.shownDepth(m)) + "…"}, n)
	case r == nil && m.race.running(m):
		return pad([]string{m.look.muted("HINT  off while you race")}, n)
	case r == nil:
		return pad([]string{m.look.muted("HINT  press " + settings.FirstKey(m.keys.Hint) + " to ask the AI")}, n)
	case !r.HasMove():
		return pad([]string{m.look.muted("HINT  ") + "no move is left"}, n)
	}
	top := k.muted.Render(title) + " " + k.accent.Render(arrowOf(r.Best)+" "+r.Best.String())
	if r == m.ai.hint && !m.ai.autoplay {
		top += k.muted.Render("  " + settings.FirstKey(m.keys.Play) + " plays it")
	}
	if m.ai.thinking != idle {
		top += " " + m.ai.spin.View()
	}
	lines := append([]string{top}, ps.hintBody(m, *r, width)...)
	if n > hintCompactRows {
		lines = append(lines, k.muted.Render(m.barsCaption(m.ai.searcher.EstimatesScore())))
	}
	return pad(lines, n)
}

// hintBody returns the lines of the hint under its first: the bar of each
// move and why the AI prefers its move (see barLines and whyLines), from
// the drawings kept if the hint was drawn at width already. The hint stays
// on screen for many frames, and drawing it again, its verdicts, bars and
// explanation wrapped to the panel, took a third of the panel's time once
// the panel's styles were inks. The lines returned are the drawings': not
// to be changed.
func (ps *playScreen) hintBody(m *Model, r ai.Result, width int) []string {
	d := &m.look.drawn
	d.keep(m.look.pal)
	for _, h := range d.hints {
		if h.ok && h.width == width && h.result == r {
			return h.lines
		}
	}
	lines := append(m.barLines(r, width, noDirection, m.ai.searcher.EstimatesScore()), ps.whyLines(m, r, width)...)
	d.hints[d.nextHint] = drawnHint{result: r, width: width, lines: lines, ok: true}
	d.nextHint = (d.nextHint + 1) % hintsKept
	return lines
}

// noDirection stands for no move, where a direction is asked for.
const noDirection = engine.Direction(engine.NumDirections)

// verdictWidth is the width of the longest verdict word, "inaccuracy".
const verdictWidth = 10

// barLines draws each move of r as the review would rate it, a line a
// direction, in width columns: a bar on the verdicts' scale, the verdict,
// and the loss. The line of played, if it is a direction and not
// noDirection, is marked: the move played, in a replay.
func (m *Model) barLines(r ai.Result, width int, played engine.Direction, points bool) []string {
	rs := review.Rate(r)
	lines := make([]string, 0, engine.NumDirections)
	barWidth := width - 8 - 1 - 1 - verdictWidth - 1 - 6 // the name before; the verdict and the loss after
	for d := range engine.Direction(engine.NumDirections) {
		mark := " "
		if d == played {
			mark = "▸"
		}
		name := fmt.Sprintf("%s%s %-5s", mark, arrowOf(d), d)
		if !r.Legal[d] {
			lines = append(lines, m.look.inks().muted.Render(name+" can't move"))
			continue
		}
		st := m.look.verdictInks(rs[d].Verdict)
		drawn := st.bar.Render(bar(rs[d].Standing(), barWidth))
		word := st.word.Render(fmt.Sprintf("%-*s", verdictWidth, rs[d].Word()))
		loss := lossText(rs[d])
		if points && loss != "" {
			loss = figures.PointsLoss(rs[d].Loss * max(math.Abs(r.Value[r.Best]), 1)) // Judge's loss, back in points
		}
		lines = append(lines, name+" "+drawn+" "+word+" "+fmt.Sprintf("%6s", loss))
	}
	return lines
}

// lossText writes the loss of a move, as the replay does: "0.77%", "≈0"
// under a thousandth of a percent; nothing for the best move, the only
// one and one that loses at once, whose verdict says all.
func lossText(r review.Rating) string {
	if r.Loses || r.Verdict == review.Best || r.Verdict == review.Forced {
		return ""
	}
	return figures.ShortPercent(r.Loss)
}

// whyLines draws in two lines of width columns why the AI prefers its move
// of r to the next best (see explain.Why), or two blank lines.
func (ps *playScreen) whyLines(m *Model, r ai.Result, width int) []string {
	const glue = "\u00a0" // between a move's arrow and its name, which a line must not split
	text := explain.Why(r).Text(func(d engine.Direction) string { return arrowOf(d) + glue + d.String() })
	if text == "" {
		return []string{"", ""}
	}
	lines := strings.Split(ansi.Wordwrap(text, width-1, ""), "\n")
	if len(lines) > 2 {
		lines = []string{lines[0], ansi.Truncate(strings.Join(lines[1:], " "), width-1, "…")}
	}
	st := m.look.inks().text
	for i, line := range lines {
		lines[i] = " " + st.Render(strings.ReplaceAll(line, glue, " "))
	}
	return pad(lines, 2)
}

// barsCaption returns the line under the hint's bars and the replay's:
// what the figures are, in points or percent, and the key of the help
// that explains it all.
func (m *Model) barsCaption(points bool) string {
	figure := "% lost against the best"
	if points {
		figure = "points below the best"
	}
	return " " + figure + " · " + settings.FirstKey(m.keys.Help) + " help"
}

// movesAhead writes a depth of search as a player reads it: a ply is one
// move of the player's, so "4 moves ahead".
func movesAhead(plies int) string { return figures.Quantity(plies, "move") + " ahead" }

// percentText writes a threshold of the verdicts as a percentage with no
// more digits than it has: 0.1%, 1%, 5%.
func percentText(f float64) string { return strconv.FormatFloat(100*f, 'g', -1, 64) + "%" }
