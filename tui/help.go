package tui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/settings"
)

// A helpPage is the help's screen: how far it is scrolled.
type helpPage struct{ offset int }

// helpWidth is the widest the help's text runs, for lines easy to read.
const helpWidth = 76

// helpScreen draws the full help on the whole terminal, at any size: the
// text wraps to the width, the keys take as many columns as fit, and what
// does not fit in the height scrolls.
func (p *helpPage) helpScreen(m *Model, w, h int) string {
	vp := p.helpView(m, w, h)
	title := lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Accent).Render("2048 · help")
	foot := "any key closes"
	if vp.TotalLineCount() > vp.Height() {
		foot = fmt.Sprintf("%s %s scroll · other keys close", settings.FirstKey(m.keys.Up), settings.FirstKey(m.keys.Down))
	}
	screen := lipgloss.JoinVertical(lipgloss.Left, title, "", vp.View(), m.look.muted(ansi.Truncate(foot, w, "…")))
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Top, screen)
}

// helpView returns the help's text in a viewport of the terminal's size,
// less the title, a blank line and the last line, scrolled to where the
// player left it.
func (p *helpPage) helpView(m *Model, w, h int) viewport.Model {
	width := min(w, helpWidth)
	vp := viewport.New(viewport.WithWidth(width), viewport.WithHeight(max(h-3, 1)))
	text, _ := p.helpText(m, width)
	vp.SetContent(text)
	vp.SetYOffset(p.offset)
	return vp
}

// openHelp puts the help up: at its part about the hint while a hint is on
// screen, which is what a player asking for help then wants explained.
// The keys are a scroll up.
func (m *Model) openHelp() {
	p := &helpPage{}
	if m.ai.hint != nil || m.ai.autoplay && m.ai.played != nil {
		w, _ := m.look.size()
		_, p.offset = p.helpText(m, min(w, helpWidth))
	}
	m.screens.open(p)
}

// helpText returns the help: the keys in effect first, then how to play,
// the hint and the AI. hintAt is the line where the part about the hint
// begins.
func (p *helpPage) helpText(m *Model, width int) (text string, hintAt int) {
	wrap := func(s string) string { return ansi.Wrap(s, width, "/") }
	var parts []string
	if problems := p.problemsHelp(m, width); problems != "" { // until the file is fixed
		parts = append(parts, problems)
	}
	for _, w := range m.warnings { // whole here, where a small screen cuts them
		if !slices.Contains(m.prefs.Problems, w.text) {
			parts = append(parts, lipgloss.NewStyle().Foreground(m.look.pal.Bad).Render(wrap(w.text)))
		}
	}
	parts = append(parts,
		keyColumns(p.fullHelpKeys(m), width, m.look.keyHelp.Styles.FullKey, m.look.keyHelp.Styles.FullDesc),
		wrap("Slide the tiles: equal tiles that meet merge into one, and you score its value. "+
			"Make a 2048 tile to win, then go on as long as you can."),
	)
	before := strings.Join(parts, "\n\n")
	parts = append(parts, p.hintHelp(m, width), p.aiHelp(m, width), m.coach.coachHelp(m, width), p.settingsHelp(m, width))
	return strings.Join(parts, "\n\n"), strings.Count(before, "\n") + 2
}

// hintHelp explains the hint: the verdicts, the figures, the bars and the
// line that says why.
func (p *helpPage) hintHelp(m *Model, width int) string {
	wrap := func(s string) string { return ansi.Wrap(s, width, "/") }
	verdicts := []struct {
		word  string
		v     review.Verdict
		means string
	}{
		{"best", review.Best, "the AI's move, or one worth as much"},
		{"good", review.Good, "loses less than " + percentText(review.GoodLoss)},
		{"inaccuracy", review.Inaccuracy, "loses " + percentText(review.GoodLoss) + " to " + percentText(review.InaccuracyLoss)},
		{"mistake", review.Mistake, "loses " + percentText(review.InaccuracyLoss) + " to " + percentText(review.MistakeLoss)},
		{"blunder", review.Blunder, "loses " + percentText(review.MistakeLoss) + " or more"},
		{"loses", review.Blunder, "the game ends after it, whatever tile comes"},
		{"only move", review.Forced, "the one move the board allows"},
	}
	lines := []string{m.look.heading("The hint"), wrap(fmt.Sprintf("%s asks the AI: an arrow beside the board shows its move, and %s "+
		"plays it. Every move is rated as the review of the game (%s) rates the moves you play:",
		settings.FirstKey(m.keys.Hint), settings.FirstKey(m.keys.Play), settings.FirstKey(m.keys.Review)))}
	for _, v := range verdicts {
		word := m.look.verdictStyle(v.v).Render(fmt.Sprintf("%-*s", verdictWidth, v.word))
		lines = append(lines, wrap("  "+word+"  "+v.means))
	}
	lines = append(lines,
		wrap("The figure is the loss: how much less the AI expects of the game after the move than after "+
			"its own, in percent; in points with an evaluator whose values are points still to come, as the "+
			"network's are. The bar says the same at a glance: full for the best move, a step shorter "+
			"for each verdict worse, empty for a move that loses."),
		wrap("The line under the bars says why the AI prefers its move to the next best, from what the "+
			"board shows: the largest tile kept in its corner, its row or column kept full, larger tiles "+
			"merged, more empty cells. When the board shows no simple reason, it says nothing."),
		wrap(fmt.Sprintf("In the replay, %s and %s jump to your slips: your inaccuracies, mistakes and blunders.",
			settings.FirstKey(m.keys.NextMistake), settings.FirstKey(m.keys.PrevMistake))))
	return strings.Join(lines, "\n")
}

// aiHelp explains the AI: how it looks ahead, its depth in plies, and the
// engine's figures, which the panel leaves out.
func (p *helpPage) aiHelp(m *Model, width int) string {
	wrap := func(s string) string { return ansi.Wrap(s, width, "/") }
	depth := m.ai.shownDepth(m)
	lo, hi := m.ai.searcher.AutoDepthRange()
	return strings.Join([]string{
		m.look.heading("The AI"),
		wrap("It looks ahead with expectimax: it tries your moves and every tile the game could add, and " +
			"scores the positions it reaches."),
		wrap(fmt.Sprintf("Depth: how far it looks, in plies. A ply is one move of yours; the AI looks %s, "+
			"with every tile the game could add in between. %s and %s change the depth, from 1 to %d "+
			"plies; %s makes it automatic: it grows as the board fills, from %d to %d. Each ply more "+
			"takes several times as long.", movesAhead(depth), settings.FirstKey(m.keys.Deeper), settings.FirstKey(m.keys.Shallower),
			ai.MaxDepth, settings.FirstKey(m.keys.AutoDepth), lo, hi)),
		wrap(p.engineText(m)),
	}, "\n")
}

// engineText says what the AI's engine is and did: its evaluator, and the
// time and speed of its last search.
func (p *helpPage) engineText(m *Model) string {
	text := "Now: the " + m.ai.evalName + " evaluator"
	if r := m.ai.last; r != nil {
		text += "; the last search took " + figures.Duration(r.Elapsed)
		if r.MovesTried > 0 { // a search of 1 ply evaluates at its root only
			text += ", " + figures.Rate(r.MovesTriedPerSecond()) + " evaluations a second"
		}
	}
	return text + "; theme " + m.look.themeShown() + "."
}

// heading draws the title of a part of the help.
func (l *look) heading(s string) string {
	return lipgloss.NewStyle().Bold(true).Foreground(l.pal.Accent).Render(s)
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
func (p *helpPage) onHelpKey(m *Model, k tea.KeyPressMsg) {
	w, h := m.look.size()
	vp := p.helpView(m, w, h)
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
		m.screens.close(p)
		return
	}
	p.offset = vp.YOffset()
}

// update handles a key on the help. Over the replay, any key but those
// that scroll closes it; over the game or another screen, the keys that
// act everywhere act too (see onGameOrOverKey).
func (p *helpPage) update(m *Model, k tea.KeyPressMsg) tea.Cmd {
	if m.screens.replay() != nil {
		m.screens.help().onHelpKey(m, k)
		return nil
	}
	return m.onGameOrOverKey(k)
}

// view draws the help.
func (p *helpPage) view(m *Model, w, h int) string { return p.helpScreen(m, w, h) }
