package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/settings"
	"github.com/term2048/2048/tui/textblock"
)

// View draws the screen.
func (m *Model) View() tea.View {
	content := m.render()
	if m.look.ascii {
		content = toASCII.Replace(content)
	}
	v := tea.NewView(content)
	v.AltScreen = true
	v.WindowTitle = "2048"
	return v
}

// size returns the size of the terminal; one of unknown size is taken to
// be 80×24.
func (l *look) size() (w, h int) {
	if l.width == 0 || l.height == 0 {
		return 80, 24
	}
	return l.width, l.height
}

// hidden reports whether the terminal is too small to show the game: the
// keys of play then do nothing, and autoplay waits.
func (m *Model) hidden() bool {
	_, ok := fit(m.look.size())
	return !ok
}

// render draws the screen in front as a string.
func (m *Model) render() string {
	w, h := m.look.size()
	return m.front().view(m, w, h)
}

// front returns the screen in front: the game's own when no other is up.
func (m *Model) front() screen {
	if s := m.screens.front(); s != nil {
		return s
	}
	return &m.play
}

// boardScreen draws a screen with the board, the game's or the replay's,
// on a w×h terminal, with banner under it: in the largest layout that
// leaves room for banner's lines, or the largest that fits, which cuts
// them. parts draws the rest in the layout chosen.
func (m *Model) boardScreen(w, h int, banner []string, parts func(l layout) screenParts) string {
	l, ok := fit(w, h)
	if !ok {
		return m.tooSmall(w, h)
	}
	if more, ok := fit(w, h-max(len(banner)-l.bannerRows(), 0)); ok {
		l = more
	}
	p := parts(l)
	p.banner = banner
	return m.compose(l, w, h, p)
}

// screenParts are the parts of a screen with the board: the game's, or
// the replay's.
type screenParts struct {
	title  func(width int) string // the top line, width columns wide
	area   textblock.Block        // the board and the arrows around it
	panel  string                 // beside the board, or under it; or the status line
	right  int                    // the panel's line that reads "→ right" (see layout.sideRow)
	banner []string               // the lines under them, wrapped
	help   string                 // the last line: the keys
}

// compose puts the parts of a screen together in the layout l, on a w×h
// terminal: the title over the board and its panel (a layout with no panel
// has no title: its status line says what matters of it), then the
// banner's lines (cut to what the terminal has room for) and the keys.
func (m *Model) compose(l layout, w, h int, p screenParts) string {
	lw, lh := l.size()
	banner := clip(pad(p.banner, l.bannerRows()), h-lh+l.bannerRows(), w, settings.FirstKey(m.keys.Help))
	panel := textblock.Of(p.panel, 0)
	panel.Width, _ = l.panelSize()
	var top textblock.Block
	switch l.panel {
	case panelBeside:
		_, at := l.sideRow(p.right)
		top = textblock.Stack(textblock.Measured(p.title(lw)), textblock.Beside(p.area, 1, panel, at))
	case panelUnder:
		width := max(p.area.Width, panel.Width)
		top = textblock.Stack(textblock.Measured(p.title(lw)), p.area.WideAs(width), panel.WideAs(width))
	default:
		top = textblock.Stack(p.area, panel)
	}
	rest := textblock.Measured(append(banner, p.help)...)
	return textblock.Stack(top.WideAs(max(top.Width, rest.Width)), rest).Place(w, h)
}

// fitScreen places a full screen at the top of a w×h terminal, centred
// across, and cuts what does not fit: the lines below h and the columns
// past w.
func fitScreen(screen string, w, h int) string {
	lines := strings.Split(screen, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "")
	}
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Top, strings.Join(lines, "\n"))
}

// clip keeps the first n lines, the last of them ending in an ellipsis and
// where to read the rest (the help, whose key is help) if lines were
// dropped.
func clip(lines []string, n, width int, help string) []string {
	if len(lines) <= n {
		return lines
	}
	lines = lines[:max(n, 0)]
	if n > 0 {
		more := "… (" + help + " shows all)"
		lines[n-1] = ansi.Truncate(lines[n-1], max(width-lipgloss.Width(more), 0), "") + more
	}
	return lines
}

// tooSmall tells the player how large the terminal must be: as large as
// the smallest layout. The text wraps between words, the keys between
// items.
func (m *Model) tooSmall(w, h int) string {
	sw, sh := smallest()
	parts := []string{
		ansi.Wrap(fmt.Sprintf("The terminal is %d×%d. The game needs %d×%d: please make it larger.", w, h, sw, sh), w, ""),
		wrapItems(fmt.Sprintf("%s help · %s quits", settings.FirstKey(m.keys.Help), settings.FirstKey(m.keys.Quit)), w),
	}
	if m.ai.autoplay {
		parts = append(parts, ansi.Wrap("Autoplay waits until the board is in sight.", w, ""))
	}
	msg := strings.Join(parts, "\n\n")
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, lipgloss.NewStyle().Align(lipgloss.Center).Render(msg))
}

// title draws the top line: the name of the game and the seed, unless it
// is secret.
func (ps *playScreen) title(m *Model, width int) string {
	left := lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Accent).Render("2048")
	right := m.look.muted(m.seeds.Shown(m.cur.Game.Seed()))
	gap := max(width-lipgloss.Width(left)-lipgloss.Width(right), 1)
	return left + strings.Repeat(" ", gap) + right
}

// boardArea draws the board with the hint's arrow on the side of the best
// move, and the moment of the game over them, if any; right is the line of
// the panel that reads "→ right".
func (ps *playScreen) boardArea(m *Model, l layout, right int) textblock.Block {
	var board string
	if m.motion.anim != nil {
		board = m.motion.anim.renderFrame(m.motion.anim.frame, l.board, &m.look.styles)
	} else {
		board = m.look.drawn.boardOf(m.cur.Game.Board(), m.look.pal, l.board, m.motion.flash)
	}
	var arrows [engine.NumDirections]string
	if m.ai.hint != nil && m.ai.hint.HasMove() && m.ai.thinking == idle {
		accent := lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Accent)
		arrows[m.ai.hint.Best] = m.look.arrowStyle(l, accent).Render(solidArrows[m.ai.hint.Best])
	}
	row, _ := l.sideRow(right)
	area := arrowed(board, l, arrows, row)
	if title, text, c, ok := ps.moment(m); ok { // over the board and the hint's arrows, which it hides
		area = textblock.Of(overlay(strings.Join(area.Lines, "\n"), m.look.momentBox(title, text, c, l.board.width(), l.areaHeight())), area.Width)
	}
	return area
}

// bannerLines draws the lines under the board, wrapped to width: the
// question of a new game, the save error, the warnings and the note. (The
// moments of the game show over the board.)
func (ps *playScreen) bannerLines(m *Model, width int) []string {
	var lines []string
	add := func(st lipgloss.Style, text string) {
		for _, line := range strings.Split(ansi.Wrap(text, width, "/"), "\n") {
			lines = append(lines, st.Render(line))
		}
	}
	bad := lipgloss.NewStyle().Foreground(m.look.pal.Bad)
	muted := lipgloss.NewStyle().Foreground(m.look.pal.Muted)
	if ps.asking.leaving() {
		lines = append(lines, ps.newGameQuestion(m, width))
	}
	if m.saveErr != nil {
		add(bad, "Not saved, play goes on: "+m.forPlayer(m.saveErr.Error()))
	}
	for _, w := range m.warnings {
		add(bad, w.text)
	}
	if m.note != "" {
		add(muted, m.note)
	}
	return lines
}

// newGameQuestion draws the question of a new game in width columns: with
// its keys if they fit, else without them (the last line has them too),
// shorter still if need be.
func (ps *playScreen) newGameQuestion(m *Model, width int) string {
	q := lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Accent)
	left := "This one counts as played."
	if m.leavesDaily() {
		left = "This daily challenge counts as your attempt."
	}
	line := q.Render("Start a new game? " + left)
	if ps.asking == confirmDaily {
		line = q.Render("Play today's challenge? " + strings.Replace(left, "This one", "This game", 1))
	}
	if full := line + m.look.muted(fmt.Sprintf("  %s yes · any other key no", settings.FirstKey(m.keys.Yes))); lipgloss.Width(full) <= width {
		return full
	}
	if lipgloss.Width(line) <= width {
		return line
	}
	return q.Render("Start a new game?")
}

// muted draws secondary text.
func (l *look) muted(s string) string {
	return lipgloss.NewStyle().Foreground(l.pal.Muted).Render(s)
}
