package tui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/guptarohit/asciigraph"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/history"
)

// statsWidth is the widest the statistics screen runs.
const statsWidth = 88

// A statsView is the state of the statistics screen: the game chosen in the
// list of games, and how far the screen is scrolled.
type statsView struct {
	chosen int // in the list, 0 being the newest game
	top    int // the first line of the page on screen
}

// openStats puts up the statistics screen, the newest game chosen.
func (m *Model) openStats() { m.screens.stats = &statsView{} }

// listed returns the games of the list, newest first: the game on screen
// first if it is over (it counts already; onScreen then says so), then
// those of the history.
func (m *Model) listed() (games []history.Record, onScreen bool) {
	games = make([]history.Record, 0, len(m.ledger.games)+1)
	if onScreen = m.cur.Game.Over() && m.cur.Game.MoveCount() > 0; onScreen {
		games = append(games, m.line().Record)
	}
	for i := len(m.ledger.games) - 1; i >= 0; i-- {
		games = append(games, m.ledger.games[i])
	}
	return games, onScreen
}

// onStatsKey handles a key on the statistics screen: the up and down keys
// (and the page keys, home and end) choose a game, enter or the review key
// opens its replay, esc or the statistics key goes back.
func (m *Model) onStatsKey(k tea.KeyPressMsg) tea.Cmd {
	v := m.screens.stats
	games, onScreen := m.listed()
	n := len(games)
	w, h := m.size()
	page := max(h-statsChrome, 1)
	switch {
	case key.Matches(k, m.keys.Dismiss, m.keys.Stats):
		m.screens.stats = nil
		return nil
	case key.Matches(k, m.keys.Up):
		v.chosen--
	case key.Matches(k, m.keys.Down):
		v.chosen++
	case k.String() == "pgup":
		v.chosen -= page
	case k.String() == "pgdown":
		v.chosen += page
	case k.String() == "home":
		v.chosen = 0
	case k.String() == "end":
		v.chosen = n - 1
	case (k.String() == "enter" || key.Matches(k, m.keys.Review)) && n > 0:
		return m.replayGame(games[v.chosen], onScreen && v.chosen == 0)
	}
	v.chosen = min(max(v.chosen, 0), max(n-1, 0))
	if v.chosen == 0 {
		v.top = 0 // the newest game: the page from its top, as far as it shows
	}
	v.top = visibleTop(v.top, len(m.statsHead(min(w, statsWidth), h))+1+v.chosen, page)
	return nil
}

// visibleTop returns the first line to show of a page, from top, moved the
// least that shows line in n lines.
func visibleTop(top, line, n int) int {
	switch {
	case line < top:
		return line
	case line >= top+n:
		return line - n + 1
	}
	return top
}

// statsChrome are the lines of the statistics screen around its page: the
// title, a blank line and the keys.
const statsChrome = 3

// statsScreen draws the statistics screen on the whole terminal: the
// figures of every game, the tiles reached, the trend of the scores and the
// list of games, scrolled to the game chosen.
func (m *Model) statsScreen(w, h int) string {
	width := min(w, statsWidth)
	page := m.statsHead(width, h)
	games, onScreen := m.listed()
	if len(games) > 0 {
		page = append(page, m.label(ansi.Truncate(listHeader, width, "…")))
	}
	n := max(h-statsChrome, 1)
	top := m.screens.stats.top
	if len(games) > 0 {
		top = visibleTop(top, len(page)+m.screens.stats.chosen, n) // the game chosen in sight, at any size
	}
	top = min(top, max(len(page)+len(games)-n, 0))
	var lines []string
	for i := top; i < top+n && i < len(page)+len(games); i++ {
		if i < len(page) {
			lines = append(lines, ansi.Truncate(page[i], width, "…"))
			continue
		}
		k := i - len(page)
		lines = append(lines, m.listRow(games[k], onScreen && k == 0, k == m.screens.stats.chosen, width))
	}
	keys := fmt.Sprintf("%s back", first(m.keys.Dismiss))
	if len(games) > 0 {
		keys = fmt.Sprintf("%s %s choose a game · enter replays it, reviewed · %s back", first(m.keys.Up), first(m.keys.Down), first(m.keys.Dismiss))
	}
	title := m.accent("2048 · statistics")
	screen := lipgloss.JoinVertical(lipgloss.Left, title, "", strings.Join(pad(lines, n), "\n"), m.muted(ansi.Truncate(keys, w, "…")))
	return fitScreen(screen, w, h)
}

// listHeader heads the columns of the list of games (see listRow).
const listHeader = "  DATE                SCORE   TILE   MOVES      TIME  HOW"

// listRow draws a game of the list in width columns, marked if chosen;
// the game on screen is "this game".
func (m *Model) listRow(g history.Record, onScreen, chosen bool, width int) string {
	date := g.Ended.Format("2006-01-02 15:04") // as the player saw it then
	if onScreen {
		date = "this game"
	}
	row := fmt.Sprintf("%-16s  %8s  %5d  %6s  %8s  %s", date, figures.Count(g.Score), g.HighestTile(),
		figures.Count(g.MoveCount), clockTime(g.Played), g.How())
	row = ansi.Truncate(row, width-2, "…")
	if chosen {
		return m.accent("▸ ") + lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Text).Render(row)
	}
	return "  " + row
}

// clockTime writes a time played as a clock does: 0:45, 12:05, 1:02:03.
func clockTime(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s < 3600 {
		return fmt.Sprintf("%d:%02d", s/60, s%60)
	}
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}

// statsHead draws the top of the statistics screen in width columns, for
// a screen h lines high: the figures, then the tiles reached and the trend
// of the scores, side by side if there is room.
func (m *Model) statsHead(width, h int) []string {
	s := m.statsNow()
	if s.Games == 0 && s.BestScore == 0 {
		return strings.Split(ansi.Wrap("No game counted yet. A game counts once it is over, or when you leave it for a new one ("+
			first(m.keys.New)+"); quitting keeps it for next time.", width, ""), "\n")
	}
	lines := m.figureLines(s, width)
	if s.Recorded.Games == 0 {
		return append(lines, "")
	}
	chartHeight := 4 // lines above the axis
	if h >= 40 {
		chartHeight = 6
	}
	lines = append(lines, "")
	if width < 76 {
		lines = append(lines, m.reachLines(s, width)...)
		lines = append(lines, "")
		lines = append(lines, m.trendLines(width, chartHeight)...)
		return append(lines, "")
	}
	left := (width - 3) * 2 / 5
	reach := lipgloss.NewStyle().Width(left).Render(strings.Join(m.reachLines(s, left), "\n"))
	trend := strings.Join(m.trendLines(width-left-3, chartHeight), "\n")
	both := lipgloss.JoinHorizontal(lipgloss.Top, reach, "   ", trend)
	return append(append(lines, strings.Split(both, "\n")...), "")
}

// figureLines draws the counts and records of every game, and of the games
// played by hand.
func (m *Model) figureLines(s history.Summary, width int) []string {
	half := (width - 3) / 2
	two := func(l1, v1, l2, v2 string) string {
		if width < 60 {
			return m.field(l1, v1, width) + "\n" + m.field(l2, v2, width)
		}
		return m.field(l1, v1, half) + "   " + m.field(l2, v2, width-half-3)
	}
	won := figures.Count(s.Won)
	if s.Games > 0 {
		won += " (" + figures.Percent(float64(s.Won)/float64(s.Games), 0) + ")"
	}
	lines := []string{
		two("GAMES", figures.Count(s.Games), "WON", won),
		two("BEST SCORE", figures.Count(s.BestScore), "HIGHEST TILE", strconv.Itoa(s.HighestTile)),
	}
	if r := s.Recorded; r.Games > 0 {
		lines = append(lines, two("MEAN SCORE", figures.Count(int(r.MeanScore+0.5)), "MEDIAN SCORE", figures.Count(int(r.MedianScore+0.5))))
	}
	own := "none yet"
	if m.ledger.earlier.GamesPlayed > 0 {
		own = "none in the history yet"
	}
	if o := s.Own; o.Games > 0 {
		own = fmt.Sprintf("%s · won %s · best %s · mean %s", figures.Quantity(o.Games, "game"), figures.Count(o.Won),
			figures.Count(o.BestScore), figures.Count(int(o.MeanScore+0.5)))
	}
	help := fmt.Sprintf("%s with hints · %s with autoplay", figures.Count(s.Hinted), figures.Count(s.Autoplayed))
	lines = append(lines, m.longField("BY HAND", own, width), m.longField("WITH THE AI", help, width))
	if e := m.ledger.earlier; e.GamesPlayed > 0 {
		before := fmt.Sprintf("%s from before the history count in games, wins and records; the rest is of the %s since.",
			figures.Quantity(e.GamesPlayed, "game"), figures.Quantity(s.Recorded.Games, "game"))
		if s.Recorded.Games == 0 {
			before = fmt.Sprintf("The %s are from before the history: their scores and moves were not kept.",
				figures.Quantity(e.GamesPlayed, "game"))
		}
		lines = append(lines, m.muted(ansi.Wrap(before, width, "")))
	}
	return strings.Split(strings.Join(lines, "\n"), "\n")
}

// longField draws a field whose value may not fit beside its label: it then
// goes under it, wrapped.
func (m *Model) longField(label, value string, width int) string {
	if len(label)+1+lipgloss.Width(value) <= width {
		return m.field(label, value, width)
	}
	return m.muted(label) + "\n" + lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Text).Render(ansi.Wrap(value, width, ""))
}

// reachLines draws how often the games reached each tile from 512 up to
// the highest made (2048 at least).
func (m *Model) reachLines(s history.Summary, width int) []string {
	n := s.Recorded.Games
	lines := []string{m.label("TILES REACHED") + m.muted(" in "+figures.Quantity(n, "game"))}
	highest, _ := engine.RankOf(s.Recorded.HighestTile)
	top := max(engine.WinRank, highest)
	barWidth := max(width-20, 4)
	for r := uint8(9); r <= top; r++ {
		k := s.Reached[r]
		share := float64(k) / float64(n)
		bar := lipgloss.NewStyle().Foreground(m.look.pal.Bar).Render(bar(share, barWidth))
		lines = append(lines, fmt.Sprintf("%5d %s %5s %5s", engine.TileValue(r), bar, figures.Percent(share, 0), figures.Count(k)))
	}
	return lines
}

// trendLines draws the scores of the latest games as a line chart of
// height lines above its axis, in width columns.
func (m *Model) trendLines(width, height int) []string {
	games, _ := m.listed()
	best := 0
	for _, g := range games {
		best = max(best, g.Score)
	}
	chartWidth := max(width-len(figures.Count(best))-4, 8) // the axis and its labels take the rest
	n := min(len(games), chartWidth)
	// A few games take three columns each, as steps: asciigraph's Width
	// would interpolate between them and flatten the peaks.
	spread := min(max(chartWidth/max(n, 1), 1), 3)
	scores := make([]float64, 0, n*spread)
	for i := n - 1; i >= 0; i-- { // oldest on the left
		for range spread {
			scores = append(scores, float64(games[i].Score))
		}
	}
	chart := lipgloss.NewStyle().Foreground(m.look.pal.Bar).Render(asciigraph.Plot(scores, asciigraph.Height(height),
		asciigraph.LowerBound(0), asciigraph.YAxisValueFormatter(func(v float64) string { return figures.Count(int(v + 0.5)) })))
	title := m.label("SCORES") + m.muted(" of the last "+figures.Quantity(n, "game")+", oldest left")
	return append([]string{title}, strings.Split(chart, "\n")...)
}

// label draws the heading of a part of a screen.
func (m *Model) label(s string) string { return m.muted(s) }

// accent draws a title.
func (m *Model) accent(s string) string {
	return lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Accent).Render(s)
}
