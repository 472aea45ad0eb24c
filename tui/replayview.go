package tui

import (
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/textblock"
)

// replayScreen draws the replay on a w×h terminal, laid out as the game
// is: the board at the position on screen, and beside it the move played
// there, the AI's, the hint panel's bars, and the review so far.
func (v *replayView) replayScreen(m *Model, w, h int) string {
	return m.boardScreen(w, h, v.replayBanner(m, w), func(l layout) screenParts {
		right := replayPanelRight(l)
		p := screenParts{title: func(width int) string { return v.replayTitle(m, width) }, area: v.replayArea(m, l, right), right: right, help: m.look.helpLine(w, m.keys.ReplayHelp())}
		if l.panel == statusOnly {
			p.panel = v.replayStatus(m, l.areaWidth())
		} else {
			p.panel = v.replayPanel(m, l)
		}
		return p
	})
}

// replayTitle draws the top line of the replay: what it is, and the seed.
func (v *replayView) replayTitle(m *Model, width int) string {
	right := m.look.muted(m.seeds.Shown(v.game.Seed))
	left := m.look.accent("2048") + m.look.muted(" · replay of "+v.title)
	if lipgloss.Width(left)+1+lipgloss.Width(right) > width {
		left = m.look.accent("2048") + m.look.muted(" · replay")
	}
	gap := max(width-lipgloss.Width(left)-lipgloss.Width(right), 1)
	return left + strings.Repeat(" ", gap) + right
}

// replayBanner draws the lines under the board of the replay: why the
// review stopped, if it failed, and the replay's note.
func (v *replayView) replayBanner(m *Model, width int) []string {
	var lines []string
	add := func(c color.Color, text string) {
		for _, line := range strings.Split(ansi.Wrap(text, width, "/"), "\n") {
			lines = append(lines, lipgloss.NewStyle().Foreground(c).Render(line))
		}
	}
	if v.failed != nil {
		add(m.look.pal.Bad, "The review stopped: "+v.failed.Error())
	}
	if v.note != "" {
		add(m.look.pal.Muted, v.note)
	}
	return lines
}

// replayArea draws the board at the position on screen, the tiles of the
// move that made it marked, with the move played there as a hollow arrow
// and the AI's move as a solid one; right is the line of the panel that
// reads "→ right".
func (v *replayView) replayArea(m *Model, l layout, right int) textblock.Block {
	var marks flash
	if v.at > 0 {
		marks.spawned = 1 << v.spawns[v.at]
		marks.merged = v.boards[v.at-1].Merges(v.game.Moves[v.at-1])
	}
	var board string
	if v.anim != nil {
		board = v.anim.renderFrame(v.anim.frame, l.board, &m.look.styles)
	} else {
		board = renderBoard(v.boards[v.at], m.look.pal, l.board, marks)
	}
	var arrows [engine.NumDirections]string
	if played, mv, ok := v.current(); ok {
		arrows[played] = m.look.arrowStyle(l, lipgloss.NewStyle().Foreground(m.look.pal.Muted)).Render(hollowArrows[played])
		if mv != nil {
			arrows[played] = m.look.arrowStyle(l, m.look.verdictStyle(mv.Verdict)).Render(hollowArrows[played])
			arrows[mv.Best()] = m.look.arrowStyle(l, lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Accent)).Render(solidArrows[mv.Best()])
		}
	}
	row, _ := l.sideRow(right)
	return arrowed(board, l, arrows, row)
}

// current returns the move played at the position on screen and its
// review, nil if it is not reviewed yet; ok is false at the end of the
// game, where no move was played.
func (v *replayView) current() (played engine.Direction, mv *review.Move, ok bool) {
	if v.at >= len(v.game.Moves) {
		return 0, nil, false
	}
	if v.at < len(v.moves) {
		mv = &v.moves[v.at]
	}
	return v.game.Moves[v.at], mv, true
}

// replayPanelRight returns the line of the replay's panel in l that reads
// "→ right": after the fields (three, or two lines of them in a compact
// panel), the blank line of a full panel, and the lines of the move played
// and of the AI's, the bars of the moves in the order of engine.Direction
// (see replayFull, replayCompact and moveLines); -1 for a layout with no
// panel.
func replayPanelRight(l layout) int {
	switch {
	case l.panel == statusOnly:
		return -1
	case l.compact():
		return 2 + 2 + int(engine.Right)
	}
	return 3 + 1 + 2 + int(engine.Right)
}

// replayPanel draws the panel of the replay in the panel's place of l.
func (v *replayView) replayPanel(m *Model, l layout) string {
	width, n := l.panelSize()
	var lines []string
	if l.compact() {
		lines = v.replayCompact(m, width)
	} else {
		lines = v.replayFull(m, width)
	}
	lines = pad(lines, n)
	return lipgloss.NewStyle().Width(width).Render(strings.Join(lines[:n], "\n"))
}

// replayFull draws the panel beside a large board: the position, the move
// and its review, the game's accuracy and verdicts, and the review's
// progress.
func (v *replayView) replayFull(m *Model, width int) []string {
	lines := []string{
		m.look.field("MOVE", v.positionText(false), width),
		m.look.field("SCORE", figures.Count(v.scores[v.at]), width),
		m.look.field("PLAYED BY", v.moverText(), width),
		"",
	}
	lines = append(lines, v.moveLines(m, width, 7)...)
	lines = append(lines, "", m.look.field("ACCURACY", v.accuracyText(true), width))
	half := (width - 1) / 2
	count := func(label string, verdict review.Verdict, w int) string {
		return m.look.field(label, figures.Count(v.summary.Verdicts[verdict]), w)
	}
	for _, row := range [][2]review.Verdict{{review.Best, review.Good}, {review.Inaccuracy, review.Mistake}, {review.Blunder, review.Forced}} {
		lines = append(lines, count(strings.ToUpper(row[0].String()), row[0], half)+" "+
			count(strings.ToUpper(row[1].String()), row[1], width-half-1))
	}
	return append(lines, v.progressLine(m, width))
}

// replayCompact draws the panel beside or under a small board: the same
// as replayFull, two fields to a line where it can.
func (v *replayView) replayCompact(m *Model, width int) []string {
	half := (width - 1) / 2
	lines := []string{
		m.look.field("MOVE", v.positionText(true), half) + " " + m.look.field("SCORE", figures.Count(v.scores[v.at]), width-half-1),
		m.look.field("PLAYED BY", v.moverText(), width),
	}
	lines = append(lines, v.moveLines(m, width, 6)[:6]...)
	lines = append(lines, m.look.field("ACCURACY", v.accuracyText(false), width), v.verdictCounts(m, width), v.progressLine(m, width))
	return lines
}

// positionText says which move the position on screen is: "124 of 1,234",
// or "end of 1,234" after the last; short, "124/1,234" and "end".
func (v *replayView) positionText(short bool) string {
	total := figures.Count(len(v.game.Moves))
	switch {
	case v.at >= len(v.game.Moves) && short:
		return "end"
	case v.at >= len(v.game.Moves):
		return "end of " + total
	case short:
		return figures.Count(v.at+1) + "/" + total
	}
	return figures.Count(v.at+1) + " of " + total
}

// moverText says who made the move at the position on screen; the AI's
// moves are not counted in the accuracy.
func (v *replayView) moverText() string {
	if v.at >= len(v.game.Moves) {
		return "—"
	}
	by := review.ByPlayer
	if v.game.By != nil {
		by = v.game.By[v.at]
	}
	switch by {
	case review.ByAutoplay:
		return "autoplay: not counted"
	case review.ByHint:
		return "a hint: not counted"
	}
	return "you"
}

// moveLines draws the move at the position on screen and its review in n
// lines (6 or 7): what was played and its verdict, the AI's move and the
// loss, the bars of every move, the line played marked, and, in the
// seventh, what the arrows mean.
func (v *replayView) moveLines(m *Model, width, n int) []string {
	played, mv, ok := v.current()
	if !ok {
		end := "the game is over"
		if v.boards[v.at].HasMove() {
			end = "the game goes on"
		}
		return pad([]string{m.look.muted("THE END") + "  " + end}, n)
	}
	left := m.look.muted("PLAYED ") + lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Text).Render(arrowOf(played)+" "+played.String())
	if mv == nil {
		return pad([]string{besideRight(left, m.look.muted("reviewing…"), width)}, n)
	}
	verdict := m.look.verdictStyle(mv.Verdict).Render(verdictMarks[mv.Verdict] + " " + mv.Verdict.String())
	points := v.setting.InPoints()
	loss := "loss " + figures.ShortPercent(mv.Loss)
	switch {
	case mv.Loss == 0:
		loss = "no loss"
	case points:
		loss = figures.PointsLoss(mv.PointsLost()) + " points"
	}
	best := m.look.muted("BEST   ") + m.look.accent(arrowOf(mv.Best())+" "+mv.Best().String())
	lines := []string{besideRight(left, verdict, width), besideRight(best, m.look.muted(loss), width)}
	lines = append(lines, m.barLines(mv.Search, width, played, points)...)
	if n > 6 {
		legend := m.barsCaption(points)
		if played != mv.Best() {
			legend = " " + solidArrows[mv.Best()] + " AI's move  " + hollowArrows[played] + " move played"
		}
		lines = append(lines, m.look.muted(legend))
	}
	return lines
}

// besideRight draws left and right at the two ends of a line width columns
// wide, right cut if the two do not fit.
func besideRight(left, right string, width int) string {
	room := width - lipgloss.Width(left) - 1
	right = ansi.Truncate(right, max(room, 0), "…")
	return left + textblock.Spaces(width-lipgloss.Width(left)-lipgloss.Width(right)) + right
}

// verdictMarks are the marks of the verdicts, as chess annotates moves:
// ✓ for a best or good move, ?! an inaccuracy, ? a mistake, ?? a blunder,
// □ the only move.
var verdictMarks = [review.NumVerdicts]string{"✓", "✓", "?!", "?", "??", "□"}

// verdictStyle returns the style of a verdict: good moves in the good
// colour, inaccuracies in the accent, mistakes and blunders in the bad
// colour, the forced moves muted.
func (l *look) verdictStyle(v review.Verdict) lipgloss.Style {
	st := lipgloss.NewStyle().Bold(true)
	switch v {
	case review.Best, review.Good:
		return st.Foreground(l.pal.Good)
	case review.Inaccuracy:
		return st.Foreground(l.pal.Accent)
	case review.Mistake, review.Blunder:
		return st.Foreground(l.pal.Bad)
	}
	return lipgloss.NewStyle().Foreground(l.pal.Muted)
}

// accuracyText says the accuracy of the player's moves reviewed so far:
// "87.3%", with how many moves it counts if long.
func (v *replayView) accuracyText(long bool) string {
	s := v.summary
	if s.Rated == 0 {
		if v.ended || len(v.moves) == len(v.game.Moves) {
			return "no move of yours to rate"
		}
		return "—"
	}
	text := figures.Percent(s.Accuracy/100, 1)
	if long {
		text += " over " + figures.Quantity(s.Mattered, "move") + " that mattered"
	}
	return text
}

// verdictCounts draws the count of each verdict of the player's moves, by
// their marks, in width columns: "✓ 380  ?! 12  ? 5  ?? 2  □ 13".
func (v *replayView) verdictCounts(m *Model, width int) string {
	s := v.summary
	var parts []string
	add := func(mark string, n int, v review.Verdict) {
		parts = append(parts, m.look.verdictStyle(v).Render(mark)+" "+figures.Count(n))
	}
	add("✓", s.Verdicts[review.Best]+s.Verdicts[review.Good], review.Best)
	for _, v := range []review.Verdict{review.Inaccuracy, review.Mistake, review.Blunder, review.Forced} {
		add(verdictMarks[v], s.Verdicts[v], v)
	}
	return ansi.Truncate(strings.Join(parts, "  "), width, "…")
}

// progressLine draws how far the review has come: a bar and a percentage
// while it runs, then its setting.
func (v *replayView) progressLine(m *Model, width int) string {
	total := len(v.game.Moves)
	switch {
	case v.failed != nil:
		return m.look.field("REVIEW", "stopped", width)
	case len(v.moves) == total:
		return m.look.field("REVIEW", "done, "+v.setting.String(), width)
	case !v.started:
		return m.look.field("REVIEW", "starting…", width)
	}
	share := float64(len(v.moves)) / float64(total)
	label := figures.Percent(share, 0)
	barWidth := max(width-lipgloss.Width(label)-len("REVIEW")-2, 1)
	return m.look.muted("REVIEW") + " " + lipgloss.NewStyle().Foreground(m.look.pal.Bar).Render(bar(share, barWidth)) + " " + label
}
