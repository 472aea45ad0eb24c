package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
)

// panelWidth is the width of the panel beside the board.
const panelWidth = 34

// A layout places the board and the panel: large or small tiles, the panel
// beside the board or under it.
type layout struct {
	board  boardSize
	beside bool
}

// layouts are tried in order; the first that fits the terminal is used.
var layouts = []layout{{largeBoard, true}, {smallBoard, true}, {largeBoard, false}, {smallBoard, false}}

// Around the board are two columns and a line on each side for the hint's
// arrow; above everything the title, below the messages and the help.
const (
	arrowCols  = 2
	chromeRows = 1 + bannerRows + 1
	bannerRows = 2
)

func (l layout) areaWidth() int  { return l.board.width() + 2*arrowCols }
func (l layout) areaHeight() int { return l.board.height() + 2 }

// compact reports whether l uses the compact panel: all but large tiles
// with the panel beside them.
func (l layout) compact() bool { return !l.beside || l.board != largeBoard }

// panelSize returns the width and height of l's panel.
func (l layout) panelSize() (w, h int) {
	w, h = panelWidth, panelLines
	if !l.beside {
		w = l.areaWidth()
	}
	if l.compact() {
		h = compactLines
	}
	return w, h
}

// size returns the columns and lines l needs.
func (l layout) size() (w, h int) {
	pw, ph := l.panelSize()
	if l.beside {
		return l.areaWidth() + 1 + pw, chromeRows + max(l.areaHeight(), ph)
	}
	return max(l.areaWidth(), pw), chromeRows + l.areaHeight() + ph
}

// fit returns the first layout that fits a w×h terminal.
func fit(w, h int) (layout, bool) {
	for _, l := range layouts {
		if lw, lh := l.size(); lw <= w && lh <= h {
			return l, true
		}
	}
	return layout{}, false
}

// View draws the screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.WindowTitle = "2048"
	return v
}

// render draws the screen as a string; a terminal of unknown size is taken
// to be 80×24.
func (m *Model) render() string {
	w, h := m.width, m.height
	if w == 0 || h == 0 {
		w, h = 80, 24
	}
	l, ok := fit(w, h)
	if !ok {
		return tooSmall(w, h)
	}
	var body string
	if m.showHelp {
		body = m.helpScreen(l)
	} else {
		area := m.boardArea(l)
		panel := m.panel(l)
		if l.beside {
			body = lipgloss.JoinHorizontal(lipgloss.Top, area, " ", panel)
		} else {
			body = lipgloss.JoinVertical(lipgloss.Center, area, panel)
		}
	}
	lw, _ := l.size()
	screen := lipgloss.JoinVertical(lipgloss.Left, m.title(lw), body, m.banner(lw), m.helpLine(lw))
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, screen)
}

// tooSmall tells the player how large the terminal must be: wide enough for
// small tiles with the panel beside them, or tall enough for the panel under
// them.
func tooSmall(w, h int) string {
	bw, bh := layout{smallBoard, true}.size()
	tw, th := layout{smallBoard, false}.size()
	msg := fmt.Sprintf("The terminal is %d×%d.\nThe game needs %d×%d, or %d×%d:\nplease make it larger.\n\n(q quits)", w, h, bw, bh, tw, th)
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, lipgloss.NewStyle().Align(lipgloss.Center).Render(msg))
}

// title draws the top line: the name of the game and the seed.
func (m *Model) title(width int) string {
	left := lipgloss.NewStyle().Bold(true).Foreground(m.pal.Accent).Render("2048")
	right := m.muted(fmt.Sprintf("game %d", m.cur.Game.Seed()))
	gap := max(width-lipgloss.Width(left)-lipgloss.Width(right), 1)
	return left + strings.Repeat(" ", gap) + right
}

// boardArea draws the board with the hint's arrow on the side of the best
// move.
func (m *Model) boardArea(l layout) string {
	board := renderBoard(m.cur.Game.Board(), m.pal, l.board, m.flash)
	var d engine.Direction
	shown := m.hint != nil && m.hint.HasMove() && m.thinking == idle
	if shown {
		d = m.hint.Best
	}
	arrow := func(dir engine.Direction, glyph string) string {
		if !shown || d != dir {
			return ""
		}
		return lipgloss.NewStyle().Bold(true).Foreground(m.pal.Accent).Render(glyph)
	}
	bh := l.board.height()
	side := func(dir engine.Direction, glyph string) string {
		col := make([]string, bh)
		col[bh/2] = arrow(dir, glyph)
		return lipgloss.NewStyle().Width(arrowCols).Align(lipgloss.Center).Render(strings.Join(col, "\n"))
	}
	middle := lipgloss.JoinHorizontal(lipgloss.Top, side(engine.Left, "◀"), board, side(engine.Right, "▶"))
	line := func(dir engine.Direction, glyph string) string {
		return lipgloss.NewStyle().Width(l.areaWidth()).Align(lipgloss.Center).Render(arrow(dir, glyph))
	}
	return lipgloss.JoinVertical(lipgloss.Left, line(engine.Up, "▲"), middle, line(engine.Down, "▼"))
}

// banner draws the lines under the board: a question, the end of the game,
// a warning or a note.
func (m *Model) banner(width int) string {
	var lines []string
	st := lipgloss.NewStyle().Bold(true)
	switch {
	case m.asking == confirmNew:
		lines = append(lines, st.Foreground(m.pal.Accent).Render("Start a new game? This one counts as played.")+m.muted("  y yes · n no"))
	case m.asking == wonKeepGoing:
		lines = append(lines, st.Foreground(m.pal.Good).Render("You made 2048!")+m.muted("  k keep going · n new game"))
	case m.cur.Game.Over():
		lines = append(lines, st.Foreground(m.pal.Bad).Render(fmt.Sprintf("Game over: %s points, highest tile %d.",
			figures.Count(m.cur.Game.Score()), m.cur.Game.HighestTile()))+m.muted("  u undo · n new game"))
	}
	if m.saveErr != nil {
		lines = append(lines, lipgloss.NewStyle().Foreground(m.pal.Bad).Render("Not saved, play goes on: "+m.saveErr.Error()))
	}
	if m.note.text != "" {
		if m.note.bad {
			lines = append(lines, lipgloss.NewStyle().Foreground(m.pal.Bad).Render(m.note.text))
		} else {
			lines = append(lines, m.muted(m.note.text))
		}
	}
	lines = pad(lines, bannerRows)
	for i, s := range lines[:bannerRows] {
		lines[i] = lipgloss.NewStyle().MaxWidth(width).Render(s)
	}
	return strings.Join(lines[:bannerRows], "\n")
}

// helpScreen draws the full help in place of the board and panel.
func (m *Model) helpScreen(l layout) string {
	w, _ := l.size()
	text := []string{
		lipgloss.NewStyle().Bold(true).Render("How to play"),
		"Slide the tiles with the arrow keys. Equal tiles that meet merge into",
		"one, and you score its value. Make a 2048 tile to win, then go on.",
		"",
		"The AI looks ahead with expectimax: it tries your moves and every tile",
		"the game could add, and scores the positions it reaches. A hint shows",
		"its choice and how each move compares with the best.",
		"",
		m.help.FullHelpView(m.keys.FullHelp()),
		"",
		m.muted("Any key closes this help."),
	}
	return lipgloss.NewStyle().Width(w).Render(strings.Join(text, "\n"))
}

// helpLine draws the one-line help in width columns. It clips the line
// itself: bubbles' help (v2.2.1) lets it overflow when even its ellipsis
// does not fit.
func (m *Model) helpLine(width int) string {
	h := m.help
	h.SetWidth(width)
	return lipgloss.NewStyle().MaxWidth(width).Render(h.ShortHelpView(m.keys.ShortHelp()))
}

// muted draws secondary text.
func (m *Model) muted(s string) string {
	return lipgloss.NewStyle().Foreground(m.pal.Muted).Render(s)
}
