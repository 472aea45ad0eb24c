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
	"github.com/term2048/2048/tui/textblock"
)

// The panel is fixed in height, so that the screen does not jump as its
// contents change: panelLines beside large tiles, compactLines beside small
// ones or under the board.
const (
	panelLines   = 17
	compactLines = 11
)

// panel draws the score, the hint and the state of the AI in the panel of l;
// a compact one puts two fields on a line and drops the blank lines, the
// hint's caption and the theme.
func (ps *playScreen) panel(m *Model, l layout) string {
	width, n := l.panelSize()
	compact := l.compact()
	g := m.cur.Game
	score, best := figures.Count(g.Score()), figures.Count(m.best())
	switch { // a game set up is kept apart: its best is none of the others'
	case m.cur.SetUp && compact:
		best = "set up"
	case m.cur.SetUp:
		best = "set up, apart"
	}
	moves, tile := figures.Count(g.MoveCount())+m.coach.markText(m, !compact), strconv.Itoa(g.HighestTile())
	var lines []string
	if compact {
		half := (width - 1) / 2
		lines = []string{
			m.look.field("SCORE", score, half) + " " + m.look.field("BEST", best, width-half-1),
			m.look.field("MOVES", moves, half) + " " + m.look.field("TILE", tile, width-half-1),
		}
		lines = append(lines, ps.hintLines(m, width, hintCompactRows)...)
		lines = append(lines, ps.aiLines(m, width, true)...)
	} else {
		lines = []string{m.look.field("SCORE", score, width), m.look.field("BEST", best, width),
			m.look.field("MOVES", moves, width), m.look.field("TILE", tile, width), ""}
		lines = append(lines, ps.hintLines(m, width, hintRows)...)
		lines = append(lines, "")
		lines = append(lines, ps.aiLines(m, width, false)...)
	}
	return padBlock(pad(lines, n)[:n], width)
}

// padBlock returns the lines one under the other, each padded with spaces
// to width columns, as lipgloss.NewStyle().Width(width).Render of them
// does. lipgloss wraps and measures every line again, grapheme by
// grapheme, and took near half the panel's time; the panel's lines are
// made to fit, each closing the styles it opens, so they are padded here,
// and lipgloss is left the lines that do not fit, which it wraps, and
// those that hold a tab, a return or a line's end.
func padBlock(lines []string, width int) string {
	var sb strings.Builder
	for i, l := range lines {
		w := lipgloss.Width(l)
		if w > width || strings.ContainsAny(l, "\n\t\r") {
			return lipgloss.NewStyle().Width(width).Render(strings.Join(lines, "\n"))
		}
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(l)
		sb.WriteString(textblock.Spaces(width - w))
	}
	return sb.String()
}

// field draws a label on the left and its value on the right. The label
// is ASCII, its width its length; the value's width is measured before it
// is styled, which adds none.
func (l *look) field(label, value string, width int) string {
	k := l.inks()
	return k.muted.Render(label) + textblock.Spaces(max(width-len(label)-lipgloss.Width(value), 1)) + k.value.Render(value)
}

// aiLines draws the state of the AI: how far it looks ahead, autoplay,
// and, with room, which AI hints and the network on offer (see aiLine).
// The engine's figures (the time and speed of its last search) are in the
// help; the theme is in the settings, and t names it as it changes.
func (ps *playScreen) aiLines(m *Model, width int, compact bool) []string {
	depth := movesAhead(m.ai.shownDepth(m))
	if m.ai.depth == ai.Auto {
		depth += " (auto)"
	}
	auto := "off"
	if m.ai.autoplay {
		auto = "on"
	}
	lines := []string{
		m.look.field("DEPTH", depth, width),
		m.look.field("AUTOPLAY", auto+" · "+speedText(m.ai.pace()), width),
	}
	if compact {
		return lines
	}
	return append(lines, ps.aiLine(m, width))
}

// themeShown says what the theme in effect is: with no colour (-color none,
// NO_COLOR, a terminal without colour), no theme shows.
func (l *look) themeShown() string {
	if l.pal.Colorless && !l.theme.Palette(colorprofile.TrueColor, l.dark).Colorless {
		return "none (no colour)"
	}
	return l.theme.Name
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
