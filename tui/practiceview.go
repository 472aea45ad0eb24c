package tui

import (
	"image/color"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/practice"
	"github.com/term2048/2048/tui/settings"
)

// A practiceView is the practice's screen: a puzzle from the player's
// games, the board drawn as the game's, and beside it what the keeper's
// practice.Session says.
type practiceView struct {
	help bool // the screen's help is up in place of the text
}

// update handles a key on the practice: a move answers the puzzle, the
// new game's and the play keys go to the next puzzle, esc and q go back
// to the game, ? shows the screen's help.
func (v *practiceView) update(m *Model, k tea.KeyPressMsg) tea.Cmd {
	switch {
	case v.help:
		v.help = false
	case key.Matches(k, m.keys.Dismiss, m.keys.Quit):
		m.drill.Close()
		m.screens.close(v)
	case key.Matches(k, m.keys.Help):
		v.help = true
	case key.Matches(k, m.keys.New, m.keys.Play):
		m.drill.Next(m.now())
	}
	for d := range engine.Direction(engine.NumDirections) {
		if key.Matches(k, m.keys.Move(d)) && m.drill.Session != nil {
			return jobs(m.drill.Answer(d, m.now())...)
		}
	}
	return nil
}

// view draws the practice on a w×h terminal: the title, the board and the
// text beside it, or under it on a narrow terminal, and the keys.
func (v *practiceView) view(m *Model, w, h int) string {
	s := m.drill.Session
	size := tinyBoard // on a terminal too small for the game, as small as it gets
	if l, ok := fit(w, h); ok {
		size = l.board // as the game's
	}
	board := renderBoard(s.Board(), m.look.pal, size, flash{})
	beside, width := w-size.width()-3 >= 28, min(w, 60)
	if beside {
		width = min(w-size.width()-3, 60)
	}
	// The text keeps its width whatever it says, so that the screen, centred, stays put from one puzzle to the next.
	text := lipgloss.NewStyle().Width(width).Render(strings.Join(v.textLines(m, s, width), "\n"))
	body := lipgloss.JoinVertical(lipgloss.Left, board, "", text)
	if beside {
		body = lipgloss.JoinHorizontal(lipgloss.Top, board, "   ", text)
	}
	screen := lipgloss.JoinVertical(lipgloss.Left, m.look.accent("2048 · practice"), "", body, "", v.keysLine(m, s, w))
	return fitScreen(screen, w, h)
}

// textLines draws what the session says, or the screen's help, and the
// warnings, wrapped to width.
func (v *practiceView) textLines(m *Model, s *practice.Session, width int) []string {
	lines := s.Text(func(d engine.Direction) string { return arrowOf(d) + "\u00a0" + d.String() })
	if v.help {
		lines = practice.Help(settings.FirstKey(m.keys.New), settings.FirstKey(m.keys.Dismiss))
	}
	for _, w := range m.warnings { // a practice that could not be read or kept
		lines = append(lines, practice.Line{Kind: practice.Bad, Text: w.text})
	}
	p := m.look.pal
	colors := [...]color.Color{practice.Plain: p.Text, practice.Muted: p.Muted, practice.Accent: p.Accent, practice.Good: p.Good, practice.Bad: p.Bad}
	var out []string
	for i, l := range lines {
		if i > 0 && l.Kind != practice.Muted && l.Kind != practice.Plain {
			out = append(out, "")
		}
		st := lipgloss.NewStyle().Foreground(colors[l.Kind])
		for _, part := range strings.Split(ansi.Wordwrap(l.Text, width, ""), "\n") {
			out = append(out, st.Render(strings.ReplaceAll(part, "\u00a0", " ")))
		}
	}
	return out
}

// keysLine draws the last line of the practice: its keys.
func (v *practiceView) keysLine(m *Model, s *practice.Session, w int) string {
	short := func(b key.Binding, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(settings.FirstKey(b), desc))
	}
	keys := []key.Binding{short(m.keys.Dismiss, "back"), short(m.keys.Help, "help")}
	switch s.Phase {
	case practice.Asking:
		arrows := settings.FirstKey(m.keys.Left) + settings.FirstKey(m.keys.Up) + settings.FirstKey(m.keys.Down) + settings.FirstKey(m.keys.Right)
		keys = append([]key.Binding{key.NewBinding(key.WithKeys(m.keys.Up.Keys()...), key.WithHelp(arrows, "answer"))}, keys...)
	case practice.Solved, practice.Missed:
		keys = append([]key.Binding{short(m.keys.New, "next puzzle")}, keys...)
	}
	return m.look.helpLine(w, keys)
}
