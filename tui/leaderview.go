package tui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/settings"
)

// This file holds the screens of the leaderboards of 2048 serve: the
// boards, a tab each (today's daily challenge, yesterday's, the best games
// of all time), the games played by hand and with the AI apart, the
// player's own row marked; and the line where the player types their name,
// at their first game on the server and from the boards.

// leaderWidth is the widest the screen of the boards runs.
const leaderWidth = 60

// A leaderView is the screen of the boards: the tab in front and how far
// it is scrolled.
type leaderView struct {
	tab int // todayBoard, yesterdayBoard or allTimeBoard
	top int // the first line of the page on screen
}

// A nameEntry is the player's name being typed: what is typed, and why
// the last name sent was refused.
type nameEntry struct {
	line    lineEdit
	offered string // the name the line began with
	refused string
	first   bool // the player's first game: esc keeps the name offered
}

// askName puts up the line for the player's name, offering name.
func (m *Model) askName(name string, first bool) {
	m.screens.open(&nameEntry{line: lineEdit{text: []rune(name)}, offered: name, first: first})
}

// startRanks reads the player's name, and asks a player who has not
// chosen one yet for it.
func (m *Model) startRanks() {
	if m.ranks.src == nil {
		return
	}
	name, chosen, err := m.ranks.src.Player()
	if err != nil {
		m.warn("The leaderboards could not be read: " + err.Error())
		return
	}
	m.ranks.name = name
	if !chosen {
		m.askName(name, true)
	}
}

// onNameKey handles a key while the name is typed: enter sends it, esc
// goes back (at the first game, keeping the name offered), the others
// edit it.
func (e *nameEntry) onNameKey(m *Model, k tea.KeyPressMsg) tea.Cmd {
	switch k.String() {
	case "esc":
		if !e.first {
			m.screens.close(e)
			return nil
		}
		e.line.text = []rune(m.ranks.name)
		fallthrough
	case "enter":
		name, err := m.ranks.src.Rename(string(e.line.text))
		if err != nil {
			e.refused = err.Error()
			return nil
		}
		m.ranks.name = name
		m.screens.close(e)
		return m.ranks.readStandings(m)
	default:
		e.line.key(k)
		e.refused = ""
	}
	return nil
}

// nameScreen draws the line where the player types their name.
func (e *nameEntry) nameScreen(m *Model, w, h int) string {
	width := min(w, leaderWidth)
	text := lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Text)
	cursor := lipgloss.NewStyle().Reverse(true)
	intro := "Your name on the leaderboards, which the other players see: 1 to 20 characters, no control characters."
	enter := "enter keeps it" // the name offered, as it is
	if string(e.line.text) != e.offered {
		enter = "enter takes the name typed"
	}
	keys := enter + " · esc back"
	if e.first {
		intro = "Welcome! The leaderboards of this server show your name to the other players. " +
			"Choose one, 1 to 20 characters, or keep the one offered; you can change it later on the leaderboards (" +
			settings.FirstKey(m.keys.Leaderboard) + ")."
		keys = enter + " · esc keeps the one offered"
	}
	lines := []string{m.look.accent("2048 · your name"), ""}
	lines = append(lines, strings.Split(ansi.Wrap(intro, width, ""), "\n")...)
	lines = append(lines, "", "> "+e.line.view(width-2, text, cursor), "")
	if e.refused != "" {
		lines = append(lines, strings.Split(ansi.Wrap(lipgloss.NewStyle().Foreground(m.look.pal.Bad).Render(e.refused), width, ""), "\n")...)
		lines = append(lines, "")
	}
	lines = append(lines, m.look.muted(ansi.Truncate(keys, width, "…")))
	return fitScreen(lipgloss.JoinVertical(lipgloss.Left, lines...), w, h)
}

// openLeaders puts up the screen of the boards, at today's, and reads
// them again.
func (m *Model) openLeaders() tea.Cmd {
	m.screens.open(&leaderView{})
	return m.ranks.readStandings(m)
}

// onLeadersKey handles a key on the screen of the boards: left and right
// change the board, up and down (and the page keys) scroll it, e changes
// the player's name, esc or the key of the boards goes back.
func (v *leaderView) onLeadersKey(m *Model, k tea.KeyPressMsg) tea.Cmd {
	_, h := m.look.size()
	page := max(h-leaderChrome, 1)
	switch {
	case key.Matches(k, m.keys.Dismiss, m.keys.Leaderboard):
		m.screens.close(v)
	case key.Matches(k, m.keys.Quit):
		return m.quit()
	case key.Matches(k, m.keys.Help):
		m.openHelp()
	case key.Matches(k, m.keys.Left):
		v.tab, v.top = (v.tab+2)%3, 0
	case key.Matches(k, m.keys.Right):
		v.tab, v.top = (v.tab+1)%3, 0
	case key.Matches(k, m.keys.Up):
		v.top--
	case key.Matches(k, m.keys.Down):
		v.top++
	case k.String() == "pgup":
		v.top -= page
	case k.String() == "pgdown":
		v.top += page
	case k.String() == "home":
		v.top = 0
	case k.String() == "e":
		m.askName(m.ranks.name, false)
	}
	if m.screens.leaders() == v { // still up
		v.top = min(max(v.top, 0), max(len(v.leaderLines(m, leaderWidth))-page, 0))
	}
	return nil
}

// leaderChrome are the lines of the screen of the boards around its page:
// the title, the tabs, a blank line and the keys.
const leaderChrome = 4

// leadersScreen draws the screen of the boards on the whole terminal.
func (v *leaderView) leadersScreen(m *Model, w, h int) string {
	width := min(w, leaderWidth)
	lines := v.leaderLines(m, width)
	n := max(h-leaderChrome, 1)
	top := min(v.top, max(len(lines)-n, 0))
	page := lines[top:min(top+n, len(lines))]
	keys := fmt.Sprintf("%s %s board · %s %s scroll · e your name · %s back",
		settings.FirstKey(m.keys.Left), settings.FirstKey(m.keys.Right), settings.FirstKey(m.keys.Up), settings.FirstKey(m.keys.Down), settings.FirstKey(m.keys.Dismiss))
	screen := lipgloss.JoinVertical(lipgloss.Left, m.look.accent("2048 · leaderboards"), v.leaderTabs(m, width), "",
		strings.Join(pad(page, n), "\n"), m.look.muted(ansi.Truncate(keys, width, "…")))
	return fitScreen(screen, w, h)
}

// leaderTabs draws the names of the boards, the one in front marked.
func (v *leaderView) leaderTabs(m *Model, width int) string {
	names := []string{"today", "yesterday", "all time"}
	if s := m.ranks.shown; s != nil && width >= 44 {
		names[0], names[1] = "today "+s.today, "yesterday"
	}
	var parts []string
	for i, name := range names {
		if i == v.tab {
			parts = append(parts, lipgloss.NewStyle().Bold(true).Reverse(true).Foreground(m.look.pal.Accent).Render(" "+name+" "))
			continue
		}
		parts = append(parts, m.look.muted(" "+name+" "))
	}
	return ansi.Truncate(strings.Join(parts, " "), width, "…")
}

// leaderLines draws the board in front in width columns: the games played
// by hand, then those played with the AI.
func (v *leaderView) leaderLines(m *Model, width int) []string {
	s := m.ranks.shown
	switch {
	case m.ranks.err != nil:
		return strings.Split(ansi.Wrap("The leaderboards could not be read: "+m.ranks.err.Error(), width, ""), "\n")
	case s == nil:
		return []string{m.look.muted("Reading the leaderboards…")}
	}
	tab := v.tab
	var lines []string
	lines = append(lines, strings.Split(ansi.Wrap(m.look.muted(boardIntro(tab, s)), width, ""), "\n")...)
	for a, title := range []string{"BY HAND", "WITH THE AI"} {
		rows := s.boards[tab][a]
		heading := fmt.Sprintf("%s · %s", title, figures.Quantity(len(rows), "player"))
		if slices.ContainsFunc(rows, func(r playerdata.Standing) bool { return r.Undos > 0 }) {
			heading += " · " + undoGlyph(m.look.ascii) + " undos"
		}
		lines = append(lines, "", m.look.label(ansi.Truncate(heading, width, "…")))
		if len(rows) == 0 {
			lines = append(lines, m.look.muted("  no one yet"))
		} else {
			lines = append(lines, m.look.muted(standingHeader(width)))
		}
		for _, r := range rows {
			lines = append(lines, v.standingRow(m, r, width))
		}
	}
	return lines
}

// undoGlyph marks the undos of a game on the boards: ↶, or u in ASCII.
func undoGlyph(ascii bool) string {
	if ascii {
		return "u"
	}
	return "↶"
}

// boardIntro says what the board tab holds.
func boardIntro(tab int, s *standings) string {
	switch tab {
	case todayBoard:
		return "The daily challenge of " + s.today + ": each player's first attempt of the day."
	case yesterdayBoard:
		return "The daily challenge of " + s.yesterday + ": each player's first attempt of the day."
	}
	return "Each player's best game, from a fresh start."
}

// standingRow draws a row of a board: the place, the name, the score, the
// tile and the undos, if any; the player's own row marked.
// standingHeader names the columns of the rows standingRow draws, width
// columns wide.
func standingHeader(width int) string {
	figures := fmt.Sprintf("%8s  %5s %5s", "SCORE", "TILE", "UNDOS")
	nameWidth := max(width-lipgloss.Width(figures)-7, 4)
	return fmt.Sprintf(" %4s %-*s %s", "", nameWidth, ansi.Truncate("PLAYER", nameWidth, ""), figures)
}

func (v *leaderView) standingRow(m *Model, r playerdata.Standing, width int) string {
	mark := " "
	if r.Yours {
		mark = "▸"
	}
	undos := ""
	if r.Undos > 0 {
		undos = fmt.Sprintf("%s%d", undoGlyph(m.look.ascii), r.Undos)
	}
	score := fmt.Sprintf("%8s  %5d %5s", figures.Count(r.Score), r.Tile, undos)
	nameWidth := max(width-lipgloss.Width(score)-7, 4)
	name := ansi.Truncate(r.Name, nameWidth, "…")
	line := fmt.Sprintf("%s%4s %s%s%s", mark, figures.Ordinal(r.Place), name, strings.Repeat(" ", max(nameWidth-ansi.StringWidth(name), 0)+1), score)
	if r.Yours {
		return lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Accent).Render(line)
	}
	return line
}

// update handles a key on the leaderboards.
func (v *leaderView) update(m *Model, k tea.KeyPressMsg) tea.Cmd { return v.onLeadersKey(m, k) }

// view draws the leaderboards.
func (v *leaderView) view(m *Model, w, h int) string { return v.leadersScreen(m, w, h) }

// update handles a key while the name is typed: it takes every key.
func (e *nameEntry) update(m *Model, k tea.KeyPressMsg) tea.Cmd { return e.onNameKey(m, k) }

// view draws the line where the name is typed.
func (e *nameEntry) view(m *Model, w, h int) string { return e.nameScreen(m, w, h) }
