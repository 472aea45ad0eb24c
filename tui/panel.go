package tui

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
)

// The panel is fixed in height, so that the screen does not jump as its
// contents change: panelLines beside large tiles, compactLines beside small
// ones or under the board.
const (
	panelLines   = 17
	compactLines = 11
)

// panel draws the score, the hint and the state of the AI in the panel of l;
// a compact one puts two fields on a line and drops the blank lines.
func (m *Model) panel(l layout) string {
	width, n := l.panelSize()
	compact := l.compact()
	g := m.cur.Game
	score, best := figures.Count(g.Score()), figures.Count(max(m.ledger.summary.BestScore, m.cur.Peak, g.Score()))
	moves, tile := figures.Count(g.MoveCount())+m.markText(), strconv.Itoa(g.HighestTile())
	var lines []string
	if compact {
		half := (width - 1) / 2
		lines = []string{
			m.field("SCORE", score, half) + " " + m.field("BEST", best, width-half-1),
			m.field("MOVES", moves, half) + " " + m.field("TILE", tile, width-half-1),
		}
		lines = append(lines, m.hintLines(width)[:5]...)
		lines = append(lines, m.aiLines(width, true)...)
	} else {
		lines = []string{m.field("SCORE", score, width), m.field("BEST", best, width),
			m.field("MOVES", moves, width), m.field("TILE", tile, width), ""}
		lines = append(lines, m.hintLines(width)...)
		lines = append(lines, "")
		lines = append(lines, m.aiLines(width, false)...)
	}
	lines = pad(lines, n)
	return lipgloss.NewStyle().Width(width).Render(strings.Join(lines[:n], "\n"))
}

// field draws a label on the left and its value on the right.
func (m *Model) field(label, value string, width int) string {
	v := lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Text).Render(value)
	return m.muted(label) + strings.Repeat(" ", max(width-len(label)-lipgloss.Width(v), 1)) + v
}

// hintLines draws the hint: the best move, and each move's value against
// it, in six lines. While the AI plays, it shows the decision it just
// played until the next one comes.
func (m *Model) hintLines(width int) []string {
	accent := lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Accent)
	r, title := m.ai.hint, "HINT  "
	switch {
	case r == nil && m.ai.autoplay && m.ai.played != nil:
		r, title = m.ai.played, "PLAYED"
	case m.ai.thinking != idle:
		return pad([]string{m.muted("HINT  ") + m.ai.spin.View() + " thinking, " + figures.Plies(m.shownDepth()) + "…"}, 6)
	case r == nil:
		return pad([]string{m.muted("HINT  press " + first(m.keys.Hint) + " to ask the AI")}, 6)
	case !r.HasMove():
		return pad([]string{m.muted("HINT  ") + "no move is left"}, 6)
	}
	top := m.muted(title) + " " + accent.Render(arrowOf(r.Best)+" "+r.Best.String())
	if r == m.ai.hint && !m.ai.autoplay {
		top += m.muted("  " + first(m.keys.Play) + " plays it")
	}
	if m.ai.thinking != idle {
		top += " " + m.ai.spin.View()
	}
	lines := append([]string{top}, m.barLines(*r, width, noDirection)...)
	return append(lines, m.muted(" expected value after each move"))
}

// noDirection stands for no move, where a direction is asked for.
const noDirection = engine.Direction(engine.NumDirections)

// barLines draws the value of each move of r against the best, a line a
// direction, in width columns: a bar, and how far the move falls behind the
// best ("best" for the best). The line of played, if it is a direction and
// not noDirection, is marked: the move played, in a replay.
func (m *Model) barLines(r ai.Result, width int, played engine.Direction) []string {
	lines := make([]string, 0, engine.NumDirections)
	barWidth := width - 21 // the name before, the difference after
	for d := range engine.Direction(engine.NumDirections) {
		mark := " "
		if d == played {
			mark = "▸"
		}
		name := fmt.Sprintf("%s%s %-6s", mark, arrowOf(d), d)
		if !r.Legal[d] {
			lines = append(lines, m.muted(name+"  can't move"))
			continue
		}
		gap := r.Gap(d)
		bar := lipgloss.NewStyle().Foreground(m.look.pal.Bar).Render(bar(1/(1+gap/0.005), barWidth))
		label := "best"
		if d != r.Best {
			if label = figures.ShortPercent(gap); label != "≈0" {
				label = "−" + label
			}
		}
		lines = append(lines, name+" "+bar+" "+lipgloss.NewStyle().Width(8).Align(lipgloss.Right).Render(label))
	}
	return lines
}

// aiLines draws the state of the AI: its evaluator, depth, last search,
// autoplay, and the theme. A compact panel has no line to spare: there the
// evaluator follows the depth, and only if it is not the default heuristic.
func (m *Model) aiLines(width int, compact bool) []string {
	depth := figures.Plies(m.shownDepth())
	if m.ai.depth == ai.Auto {
		depth += " (auto)"
	}
	isDefault := m.ai.evalName == ai.Evaluators()[0].Name
	if compact && !isDefault {
		depth += " · " + m.ai.evalName
	}
	last := "—"
	if r := m.ai.last; r != nil {
		last = figures.Duration(r.Elapsed)
		if r.MovesTried > 0 { // a search of 1 ply evaluates at its root only
			last += " · " + figures.Rate(r.MovesTriedPerSecond()) + " evals/s"
		}
	}
	auto := "off"
	if m.ai.autoplay {
		auto = "on"
	}
	lines := []string{
		m.field("DEPTH", depth, width),
		m.field("LAST", last, width),
		m.field("AUTOPLAY", auto+" · "+speedText(m.ai.delay), width),
		m.field("THEME", m.themeShown(), width),
	}
	if compact {
		return lines
	}
	return append([]string{m.field("EVAL", m.ai.evalName, width)}, lines...)
}

// themeShown says what the theme in effect is: with no colour (-color none,
// NO_COLOR, a terminal without colour), no theme shows.
func (m *Model) themeShown() string {
	if m.look.pal.Colorless && !m.look.theme.Palette(colorprofile.TrueColor, m.look.dark).Colorless {
		return "none (no colour)"
	}
	return m.look.theme.Name
}

// pad adds empty lines to reach n.
func pad(lines []string, n int) []string {
	for len(lines) < n {
		lines = append(lines, "")
	}
	return lines
}

// bar draws a bar of width cells filled to the fraction f, in half cells:
// a thin line, so that the bars of neighbouring lines stay apart.
func bar(f float64, width int) string {
	halves := int(math.Round(math.Max(0, math.Min(f, 1)) * float64(2*width)))
	s := strings.Repeat("━", halves/2)
	if halves%2 == 1 {
		s += "╸"
	}
	return s + strings.Repeat(" ", width-lipgloss.Width(s))
}

// arrowOf returns the arrow of d.
func arrowOf(d engine.Direction) string { return string([]rune("↑↓←→")[d]) }

// speedText writes the pace of autoplay.
func speedText(d time.Duration) string {
	if d <= 0 {
		return "full speed"
	}
	per := float64(time.Second) / float64(d)
	if per >= 1 {
		return fmt.Sprintf("%.0f moves/s", per)
	}
	return fmt.Sprintf("a move every %s", d)
}
