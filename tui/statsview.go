package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/guptarohit/asciigraph"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/gamelist"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/practice"
	"github.com/term2048/2048/tui/settings"
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
func (m *Model) openStats() { m.screens.open(&statsView{}) }

// listed returns the games of the list, newest first: the game on screen
// first if it is over (it counts already; onScreen then says so), then
// those of the history.
func (v *statsView) listed(m *Model) (games []history.Record, onScreen bool) {
	games = make([]history.Record, 0, len(m.past.games)+1)
	if onScreen = m.cur.Game.Over() && m.cur.Game.MoveCount() > 0; onScreen {
		games = append(games, m.line().Record)
	}
	for i := len(m.past.games) - 1; i >= 0; i-- {
		games = append(games, m.past.games[i])
	}
	return games, onScreen
}

// onStatsKey handles a key on the statistics screen: enter or the review
// key opens the replay of the game chosen, esc or the statistics key goes
// back, and the others scroll (see scroll).
func (v *statsView) onStatsKey(m *Model, k tea.KeyPressMsg) tea.Cmd {
	games, onScreen := v.listed(m)
	switch {
	case key.Matches(k, m.keys.Dismiss, m.keys.Stats):
		m.screens.close(v)
	case (k.String() == "enter" || key.Matches(k, m.keys.Review)) && len(games) > 0:
		return m.replayGame(games[v.chosen], onScreen && v.chosen == 0)
	default:
		v.scrollStats(m, k, len(games))
	}
	return nil
}

// scrollStats moves the statistics screen for the key k, with n games in
// its list: the up and down keys (and the page keys) scroll the figures
// above the list line by line until the game chosen is in sight, then
// choose the game above or below; home goes back to the top, end to the
// oldest game. So the figures are never cut off the top on opening, and
// every line can be reached on the smallest screen.
func (v *statsView) scrollStats(m *Model, k tea.KeyPressMsg, n int) {
	w, h := m.look.size()
	page := max(h-statsChrome, 1)
	first := len(v.statsHead(m, min(w, statsWidth), h)) + 1 // the line of the newest game, under the list's header
	below := n == 0 || first+v.chosen >= v.top+page         // the game chosen is under the page
	step := 0
	switch {
	case key.Matches(k, m.keys.Up):
		step = -1
	case key.Matches(k, m.keys.Down):
		step = 1
	case k.String() == "pgup":
		step = -page
	case k.String() == "pgdown":
		step = page
	case k.String() == "home":
		v.chosen, v.top = 0, 0
	case k.String() == "end":
		v.chosen = max(n-1, 0)
		v.top = visibleTop(v.top, first+v.chosen, page)
	}
	switch {
	case step < 0 && v.chosen == 0, step > 0 && below:
		v.top += step
	case step != 0:
		v.chosen = min(max(v.chosen+step, 0), max(n-1, 0))
		v.top = visibleTop(v.top, first+v.chosen, page)
	}
	total := first
	if n > 0 {
		total += n
	}
	v.top = min(max(v.top, 0), max(total-page, 0))
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
func (v *statsView) statsScreen(m *Model, w, h int) string {
	width := min(w, statsWidth)
	page := v.statsHead(m, width, h)
	games, onScreen := v.listed(m)
	if len(games) > 0 {
		page = append(page, m.look.label(gamelist.Header(width)))
	}
	n := max(h-statsChrome, 1)
	top := min(v.top, max(len(page)+len(games)-n, 0))
	var lines []string
	for i := top; i < top+n && i < len(page)+len(games); i++ {
		if i < len(page) {
			lines = append(lines, ansi.Truncate(page[i], width, "…"))
			continue
		}
		k := i - len(page)
		lines = append(lines, v.listRow(m, games[k], onScreen && k == 0, k == v.chosen, width))
	}
	title := m.look.accent("2048 · statistics")
	screen := lipgloss.JoinVertical(lipgloss.Left, title, "", strings.Join(pad(lines, n), "\n"), v.statsKeys(m, w, len(games) > 0))
	return fitScreen(screen, w, h)
}

// statsKeys draws the last line of the statistics screen in width
// columns: the keys, in words where they fit, else as the game's keys are
// shown, the way back first.
func (v *statsView) statsKeys(m *Model, width int, games bool) string {
	back := settings.FirstKey(m.keys.Dismiss)
	if !games {
		return m.look.muted(ansi.Truncate(back+" back", width, "…"))
	}
	long := fmt.Sprintf("%s %s choose a game · enter replays it, reviewed · %s back", settings.FirstKey(m.keys.Up), settings.FirstKey(m.keys.Down), back)
	if lipgloss.Width(long) <= width {
		return m.look.muted(long)
	}
	return m.look.helpLine(width, []key.Binding{
		key.NewBinding(key.WithKeys(m.keys.Dismiss.Keys()...), key.WithHelp(back, "back")),
		key.NewBinding(key.WithKeys(m.keys.Up.Keys()...), key.WithHelp(settings.FirstKey(m.keys.Up)+" "+settings.FirstKey(m.keys.Down), "scroll")),
		key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "replay")),
	})
}

// statsHead draws the top of the statistics screen in width columns, for
// a screen h lines high: the figures, then the tiles reached and the trend
// of the scores, side by side if there is room.
func (v *statsView) statsHead(m *Model, width, h int) []string {
	s := m.statsNow()
	if s.Games == 0 && s.BestScore == 0 {
		return append(strings.Split(ansi.Wrap("No game counted yet. A game counts once it is over, or when you leave it for a new one ("+
			settings.FirstKey(m.keys.New)+"); quitting keeps it for next time.", width, ""), "\n"), v.practiceField(m, width)...)
	}
	lines := v.figureLines(m, s, width)
	if s.Recorded.Games == 0 {
		return append(lines, "")
	}
	chartHeight := 4 // lines above the axis
	if h >= 40 {
		chartHeight = 6
	}
	lines = append(lines, "")
	if width < 76 {
		lines = append(lines, v.reachLines(m, s, width)...)
		lines = append(lines, "")
		lines = append(lines, v.trendLines(m, width, chartHeight)...)
		return append(lines, "")
	}
	left := (width - 3) * 2 / 5
	reach := lipgloss.NewStyle().Width(left).Render(strings.Join(v.reachLines(m, s, left), "\n"))
	trend := strings.Join(v.trendLines(m, width-left-3, chartHeight), "\n")
	both := lipgloss.JoinHorizontal(lipgloss.Top, reach, "   ", trend)
	return append(append(lines, strings.Split(both, "\n")...), "")
}

// figureLines draws the counts and records of every game, and of the games
// played by hand.
func (v *statsView) figureLines(m *Model, s history.Summary, width int) []string {
	half := (width - 3) / 2
	two := func(l1, v1, l2, v2 string) string {
		if width < 60 {
			return m.look.field(l1, v1, width) + "\n" + m.look.field(l2, v2, width)
		}
		return m.look.field(l1, v1, half) + "   " + m.look.field(l2, v2, width-half-3)
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
	if m.past.earlier.GamesPlayed > 0 {
		own = "none in the history yet"
	}
	if o := s.Own; o.Games > 0 {
		own = fmt.Sprintf("%s · won %s · best %s · mean %s", figures.Quantity(o.Games, "game"), figures.Count(o.Won),
			figures.Count(o.BestScore), figures.Count(int(o.MeanScore+0.5)))
		if n := s.NoUndo; n.Games < o.Games {
			own += fmt.Sprintf("; without an undo %s · best %s", figures.Quantity(n.Games, "game"), figures.Count(n.BestScore))
		}
	}
	help := fmt.Sprintf("%s with hints · %s with autoplay", figures.Count(s.Hinted), figures.Count(s.Autoplayed))
	lines = append(lines, v.longField(m, "BY HAND", own, width), v.longField(m, "WITH THE AI", help, width))
	if d := history.SummarizeDaily(m.past.games, m.today()); len(d.Days) > 0 {
		lines = append(lines, v.longField(m, "DAILY", dailyText(d), width))
	}
	lines = append(lines, v.practiceField(m, width)...)
	if u := s.SetUp; u.Games > 0 {
		lines = append(lines, v.longField(m, "SET UP", fmt.Sprintf("%s from a position · best %s · kept apart from the rest",
			figures.Quantity(u.Games, "game"), figures.Count(u.BestScore)), width))
	}
	if e := m.past.earlier; e.GamesPlayed > 0 {
		before := fmt.Sprintf("%s from before the history count in games, wins and records; the rest is of the %s since.",
			figures.Quantity(e.GamesPlayed, "game"), figures.Quantity(s.Recorded.Games, "game"))
		if s.Recorded.Games == 0 {
			before = fmt.Sprintf("The %s are from before the history: their scores and moves were not kept.",
				figures.Quantity(e.GamesPlayed, "game"))
		}
		lines = append(lines, m.look.muted(ansi.Wrap(before, width, "")))
	}
	return strings.Split(strings.Join(lines, "\n"), "\n")
}

// practiceField draws the line of the practice, if the player practised.
func (v *statsView) practiceField(m *Model, width int) []string {
	if p := practice.StatsText(m.drill.Deck, m.now()); p != "" {
		return []string{v.longField(m, "PRACTICE", p, width)}
	}
	return nil
}

// longField draws a field whose value may not fit beside its label: it then
// goes under it, wrapped.
func (v *statsView) longField(m *Model, label, value string, width int) string {
	if len(label)+1+lipgloss.Width(value) <= width {
		return m.look.field(label, value, width)
	}
	return m.look.muted(label) + "\n" + lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Text).Render(ansi.Wrap(value, width, ""))
}

// reachLines draws how often the games reached each tile from 512 up to
// the highest made (2048 at least).
func (v *statsView) reachLines(m *Model, s history.Summary, width int) []string {
	n := s.Recorded.Games
	var lines []string
	for _, line := range strings.Split(ansi.Wrap("TILES REACHED in "+figures.Quantity(n, "game"), width, ""), "\n") {
		lines = append(lines, m.look.muted(line))
	}
	highest, _ := engine.RankOf(s.Recorded.HighestTile)
	top := max(engine.WinRank, highest)
	barWidth := max(width-20, 1)
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
func (v *statsView) trendLines(m *Model, width, height int) []string {
	listed, _ := v.listed(m)
	// The games set up are kept apart, as the figures above keep them (the
	// line SET UP says so).
	games := slices.DeleteFunc(slices.Clone(listed), func(g history.Record) bool { return g.SetUp })
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
		asciigraph.LowerBound(0), asciigraph.YAxisValueFormatter(func(n float64) string { return figures.Count(int(n + 0.5)) })))
	title := strings.Split(ansi.Wrap("SCORES of the last "+figures.Quantity(n, "game")+", oldest left", width, ""), "\n")
	for i, line := range title {
		title[i] = m.look.muted(line)
	}
	return append(title, strings.Split(chart, "\n")...)
}

// label draws the heading of a part of a screen.
func (l *look) label(s string) string { return l.muted(s) }

// accent draws a title.
func (l *look) accent(s string) string {
	return lipgloss.NewStyle().Bold(true).Foreground(l.pal.Accent).Render(s)
}

// dailyText sums up the daily challenges: today's place among the days,
// the streak and the best day.
func dailyText(d history.Daily) string {
	today := "not played today"
	if d.Today != nil {
		help := ""
		if d.Today.Assisted {
			help = " with the AI"
		}
		today = fmt.Sprintf("today %s%s, %s of %s", figures.Count(d.Today.Score), help, figures.Ordinal(d.TodayRank), figures.Quantity(len(d.Days), "day"))
	}
	return fmt.Sprintf("%s · streak %s · best %s (%s)", today, figures.Quantity(d.Streak, "day"), figures.Count(d.Best.Score), d.Best.Date)
}

// update handles a key on the statistics (see onGameOrOverKey).
func (v *statsView) update(m *Model, k tea.KeyPressMsg) tea.Cmd { return m.onGameOrOverKey(k) }

// view draws the statistics.
func (v *statsView) view(m *Model, w, h int) string { return v.statsScreen(m, w, h) }

// listRow draws a game of the list in width columns, marked if chosen;
// the game on screen is "this game".
func (v *statsView) listRow(m *Model, g history.Record, onScreen, chosen bool, width int) string {
	row := gamelist.Row(g, onScreen, width)
	if chosen {
		return m.look.accent("▸ ") + lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Text).Render(row)
	}
	return "  " + row
}
