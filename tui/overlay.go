package tui

import (
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// moment returns what to draw over the board, if anything: the summary of
// a game that is over, the question after 2048 made by hand, or a banner.
func (ps *playScreen) moment(m *Model) (title string, lines []string, c color.Color, ok bool) {
	switch {
	case m.cur.Game.Over():
		title, lines = ps.overLines(m)
		return title, lines, m.look.pal.Bad, true
	case ps.asking == wonKeepGoing:
		title, lines = ps.wonLines(m)
		return title, lines, m.look.pal.Good, true
	case ps.banner != nil:
		return ps.banner.title, ps.banner.lines, m.look.pal.Good, true
	}
	return "", nil, nil, false
}

// momentBox draws a moment in a box width columns wide (the board's: a
// tile half hidden would show part of its number, a 1024 reading 24) and
// at most height lines high: the title in c, bold, the lines under it
// wrapped, the last line (the keys, if the moment asks for one) muted.
// Lines that do not fit in height are dropped from the middle, the title
// and the last kept.
func (l *look) momentBox(title string, lines []string, c color.Color, width, height int) string {
	inner := max(width-4, 1) // the border and a space on each side
	var body []string
	for i, line := range lines {
		if line == "" {
			continue
		}
		st, wrapped := lipgloss.NewStyle().Foreground(l.pal.Text), ansi.Wrap(line, inner, "")
		if i == len(lines)-1 {
			st, wrapped = lipgloss.NewStyle().Foreground(l.pal.Muted), wrapItems(line, inner)
		}
		for _, l := range strings.Split(wrapped, "\n") {
			body = append(body, st.Render(l))
		}
	}
	if room := height - 3; len(body) > room && room > 0 { // the border and the title
		body = append(body[:room-1], body[len(body)-1])
	}
	head := lipgloss.NewStyle().Bold(true).Foreground(c).Render(ansi.Truncate(title, inner, "…"))
	text := lipgloss.JoinVertical(lipgloss.Center, append([]string{head}, body...)...)
	return lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(c).Padding(0, 1).
		Width(width).Align(lipgloss.Center).Render(text)
}

// wrapItems wraps a line of items separated by " · " (the keys of a
// moment) to width columns, breaking it between items only, so that no key
// is parted from what it does, and into lines of even length: "u undo · n
// new game" over "s statistics · r review", not three items over one. An
// item wider than width is wrapped on its own.
func wrapItems(line string, width int) string {
	items := strings.Split(line, " · ")
	lines := packItems(items, width)
	for target := lipgloss.Width(line) / len(lines); target < width; target++ {
		if even := packItems(items, target); len(even) == len(lines) {
			lines = even
			break
		}
	}
	return ansi.Wrap(strings.Join(lines, "\n"), width, "")
}

// packItems puts as many items on each line as fit in width columns,
// joined by " · ".
func packItems(items []string, width int) []string {
	var out []string
	cur := ""
	for _, item := range items {
		switch {
		case cur == "":
			cur = item
		case lipgloss.Width(cur)+3+lipgloss.Width(item) <= width:
			cur += " · " + item
		default:
			out = append(out, cur)
			cur = item
		}
	}
	return append(out, cur)
}

// overlay draws box over base, centred: base shows around it.
func overlay(base, box string) string {
	lines := strings.Split(base, "\n")
	boxLines := strings.Split(box, "\n")
	bw := lipgloss.Width(box)
	x := max((lipgloss.Width(base)-bw)/2, 0)
	y := max((len(lines)-len(boxLines))/2, 0)
	for i, b := range boxLines {
		if y+i >= len(lines) {
			break
		}
		l := lines[y+i]
		lines[y+i] = ansi.Truncate(l, x, "") + b + ansi.TruncateLeft(l, x+bw, "")
	}
	return strings.Join(lines, "\n")
}
