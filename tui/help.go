package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// A helpPage is the help's screen: how far it is scrolled.
type helpPage struct{ offset int }

// helpWidth is the widest the help's text runs, for lines easy to read.
const helpWidth = 76

// helpScreen draws the full help on the whole terminal, at any size: the
// text wraps to the width, the keys take as many columns as fit, and what
// does not fit in the height scrolls.
func (m *Model) helpScreen(w, h int) string {
	vp := m.helpView(w, h)
	title := lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Accent).Render("2048 · help")
	foot := "any key closes"
	if vp.TotalLineCount() > vp.Height() {
		foot = fmt.Sprintf("%s %s scroll · other keys close", first(m.keys.Up), first(m.keys.Down))
	}
	screen := lipgloss.JoinVertical(lipgloss.Left, title, "", vp.View(), m.muted(ansi.Truncate(foot, w, "…")))
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Top, screen)
}

// helpView returns the help's text in a viewport of the terminal's size,
// less the title, a blank line and the last line, scrolled to where the
// player left it.
func (m *Model) helpView(w, h int) viewport.Model {
	width := min(w, helpWidth)
	vp := viewport.New(viewport.WithWidth(width), viewport.WithHeight(max(h-3, 1)))
	vp.SetContent(m.helpText(width))
	vp.SetYOffset(m.screens.help.offset)
	return vp
}

// helpText returns the help: the keys in effect first, then how to play.
func (m *Model) helpText(width int) string {
	wrap := func(s string) string { return ansi.Wrap(s, width, "/") }
	var text []string
	for _, w := range m.warnings { // whole here, where a small screen cuts them
		text = append(text, lipgloss.NewStyle().Foreground(m.look.pal.Bad).Render(wrap(w.text)), "")
	}
	text = append(text,
		keyColumns(m.keys.FullHelp(), width, m.look.keyHelp.Styles.FullKey, m.look.keyHelp.Styles.FullDesc),
		"",
		wrap("Slide the tiles: equal tiles that meet merge into one, and you score its value. "+
			"Make a 2048 tile to win, then go on as long as you can."),
		"",
		wrap("The AI looks ahead with expectimax: it tries your moves and every tile the game could "+
			"add, and scores the positions it reaches. A hint shows its choice, and how each move "+
			"compares with the best."),
		"",
		wrap(fmt.Sprintf("Depth: %d to %d plies, or automatic: then it grows as the board fills, from %d to %d plies.",
			1, MaxDepth, minAutoDepth, maxAutoDepth)),
	)
	return strings.Join(text, "\n")
}

// keyColumns lays the bindings out in as many columns as fit in width, in
// the order given, column after column.
func keyColumns(groups [][]key.Binding, width int, keyStyle, descStyle lipgloss.Style) string {
	var all []key.Binding
	keyWidth, descWidth := 0, 0
	for _, g := range groups {
		for _, b := range g {
			all = append(all, b)
			keyWidth = max(keyWidth, lipgloss.Width(b.Help().Key))
			descWidth = max(descWidth, lipgloss.Width(b.Help().Desc))
		}
	}
	const gap = 3
	cell := keyWidth + 1 + descWidth
	cols := max(1, min((width+gap)/(cell+gap), len(all)))
	rows := (len(all) + cols - 1) / cols
	lines := make([]string, rows)
	for i, b := range all {
		r, c := i%rows, i/rows
		k := keyStyle.Render(b.Help().Key + strings.Repeat(" ", keyWidth-lipgloss.Width(b.Help().Key)))
		entry := k + " " + descStyle.Render(b.Help().Desc)
		if c > 0 {
			lines[r] += strings.Repeat(" ", gap)
		}
		if c < cols-1 {
			entry += strings.Repeat(" ", descWidth-lipgloss.Width(b.Help().Desc))
		}
		lines[r] += entry
	}
	for i, line := range lines {
		lines[i] = ansi.Truncate(line, width, "…") // a key list wider than a tiny terminal
	}
	return strings.Join(lines, "\n")
}

// onHelpKey handles a key while the help is up: the up and down keys (and
// the page keys) scroll it, and any other closes it.
func (m *Model) onHelpKey(k tea.KeyPressMsg) {
	vp := m.helpView(m.size())
	switch {
	case key.Matches(k, m.keys.Up):
		vp.ScrollUp(1)
	case key.Matches(k, m.keys.Down):
		vp.ScrollDown(1)
	case k.String() == "pgup":
		vp.PageUp()
	case k.String() == "pgdown":
		vp.PageDown()
	default:
		m.screens.help = nil
		return
	}
	m.screens.help.offset = vp.YOffset()
}
