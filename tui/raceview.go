package tui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/race"
	"github.com/term2048/2048/tui/settings"
	"github.com/term2048/2048/tui/textblock"
)

// This file draws a race: the friend's board, small, beside the player's
// or under it where the terminal has room, else a line of their score and
// best tile under the board; and the lines of the race: its code while it
// waits, the code being typed, the result.

// The friend's board is tiny: its block is a line of their score over
// the board and a line of how their game stands under it, as wide as it.
var opponentWidth = tinyBoard.width()

// opponentGap is the columns between the player's screen and the friend's
// board beside it.
const opponentGap = 2

// screen draws the game's screen of a race on a w×h terminal with the
// friend's board beside the player's, or under it, in a layout no smaller
// than the large board's with its panel; ok is false when neither fits,
// and the screen then has the line of the friend's game instead.
func (r *racing) screen(m *Model, w, h int, parts func(layout) screenParts) (screen string, ok bool) {
	if r.seat == nil || !r.state.Started {
		return "", false
	}
	usual, fits := fit(w, h)
	if !fits {
		return "", false
	}
	large := func(l layout) bool {
		return l == usual || usual.board.grown() && l.panel == panelBeside && l.board.rows >= largeBoard.rows
	}
	opp := r.opponentBlock(m)
	if l, ok := fit(w-opponentWidth-opponentGap, h); ok && large(l) {
		mw := w - opponentWidth - opponentGap
		main := textblock.Of(m.boardScreen(mw, h, m.play.gameBanner(m, mw, true), parts), mw)
		return textblock.Beside(main, opponentGap, opp, boardTop(main.Lines)).Place(w, h), true
	}
	banner := m.play.gameBanner(m, w, true)
	if l, ok := fit(w, h-max(len(banner)+len(opp.Lines)-usual.bannerRows(), 0)); ok && large(l) {
		lw, _ := l.size()
		return m.boardScreen(w, h, append(banner, opp.WideAs(lw).Lines...), parts), true
	}
	return "", false
}

// boardTop returns the line of a screen where the board's area begins:
// the line under the first that is not blank, the title's.
func boardTop(lines []string) int {
	for i, l := range lines {
		if strings.TrimSpace(ansi.Strip(l)) != "" {
			return i + 1
		}
	}
	return 0
}

// gameBanner returns the lines under the board of the game's screen,
// wrapped to width: those of bannerLines, and the race's; drawn reports
// that the friend's board is on the screen, which their line then leaves
// out.
func (ps *playScreen) gameBanner(m *Model, width int, drawn bool) []string {
	return append(ps.bannerLines(m, width), m.race.lines(m, width, drawn)...)
}

// opponentBlock draws the friend's board, tiny, with their score over it
// and how their game stands under it.
func (r *racing) opponentBlock(m *Model) textblock.Block {
	s := r.state
	o := s.Opponent
	score := m.look.muted(figures.Count(o.Score))
	head := padBetween(lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Accent).Render(ansi.Truncate(r.headName(), opponentWidth-lipgloss.Width(score)-1, "…")), score, opponentWidth)
	board := renderBoard(o.Board, m.look.pal, tinyBoard, flash{})
	foot := fmt.Sprintf("best %d · %s", o.Board.HighestTile(), figures.Quantity(o.Moves, "move"))
	switch {
	case s.Gone:
		foot = "left the race"
	case o.Over:
		foot = fmt.Sprintf("out · best %d", o.Board.HighestTile())
	}
	lines := append([]string{head}, strings.Split(board, "\n")...)
	lines = append(lines, m.look.muted(center(ansi.Truncate(foot, opponentWidth, "…"), opponentWidth)))
	return textblock.Block{Lines: lines, Width: opponentWidth}
}

// padBetween draws left and right at the ends of width columns.
func padBetween(left, right string, width int) string {
	return left + textblock.Spaces(width-lipgloss.Width(left)-lipgloss.Width(right)) + right
}

// lines draws the lines of the race under the board, wrapped to width:
// the prompt of a code, the code of a race waiting for the friend, the
// friend's game when their board is not drawn, and the result.
func (r *racing) lines(m *Model, width int, drawn bool) []string {
	accent := lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Accent)
	var text []string
	switch {
	case r.leaving:
		question := "Leave the race? You lose it."
		if r.quits {
			question = "Quit, and leave the race? You lose it."
		}
		text = append(text, accent.Render(question)+m.look.muted(fmt.Sprintf("  %s yes · any other key no", settings.FirstKey(m.keys.Yes))))
	case r.typing:
		p := r.prompt()
		code := string(r.entry) + strings.Repeat("_", max(p.Len-len(r.entry), 0))
		text = append(text, accent.Render(p.Head)+p.Text+"  "+accent.Render(code))
	case r.seat == nil:
		return nil
	case !r.state.Started && isPrompter(r.hub):
		text = append(text, "The race is getting ready.")
	case !r.state.Started:
		text = append(text, "Your race's code is "+accent.Render(r.seat.Code())+
			fmt.Sprintf(". Your friend presses %s in 2048 serve and types it: the race starts when they do. %s closes it.", settings.FirstKey(m.keys.Race), settings.FirstKey(m.keys.Race)))
	default:
		if !drawn {
			text = append(text, r.opponentLine(m))
		}
		if res := r.resultLine(m); res != "" {
			text = append(text, accent.Render(res))
		}
	}
	var lines []string
	for _, t := range text {
		lines = append(lines, strings.Split(ansi.Wrap(t, width, "/"), "\n")...)
	}
	return lines
}

// prompt returns what the prompt of a race asks for (see race.Prompter):
// a friend's code, unless the hub says otherwise.
func (r *racing) prompt() race.Prompt {
	if p, ok := r.hub.(race.Prompter); ok {
		return p.Prompt()
	}
	return race.FriendPrompt
}

// isPrompter reports whether hub says what its prompt asks for: a hub
// with no friend to wait for.
func isPrompter(hub RaceHub) bool { _, ok := hub.(race.Prompter); return ok }

// headName names the friend over their board: by their name, or as
// "friend".
func (r *racing) headName() string {
	if n := r.state.Opponent.Name; n != "" {
		return n
	}
	return "friend"
}

// opponentLine sums the friend's game up in a line: their score and their
// best tile.
func (r *racing) opponentLine(m *Model) string {
	s := r.state
	o := s.Opponent
	line := fmt.Sprintf("%s: %s points, best tile %d", r.friend(true), figures.Count(o.Score), o.Board.HighestTile())
	switch {
	case s.Gone:
		line += ", left the race"
	case o.Over:
		line += ", out"
	}
	return m.look.muted(line + ".")
}

// resultLine says how the race ended, "" while it goes on.
func (r *racing) resultLine(m *Model) string {
	s := r.state
	score := func() string {
		return fmt.Sprintf("%s points to %s", figures.Count(r.score(m)), figures.Count(s.Opponent.Score))
	}
	leave := fmt.Sprintf(" (%s leaves the race.)", settings.FirstKey(m.keys.Race))
	switch {
	case s.Result == RaceWon && s.By == By2048:
		return "You won the race: you made 2048 first." + leave
	case s.Result == RaceLost && s.By == By2048:
		return "You lost the race: " + r.friend(false) + " made 2048 first." + leave
	case s.Result == RaceWon && s.By == ByForfeit:
		return "You won the race: " + r.friend(false) + " left it." + leave
	case s.Result == RaceLost && s.By == ByForfeit:
		return "You lost the race: you left it." + leave
	case s.Result == RaceWon:
		return "You won the race, " + score() + "." + leave
	case s.Result == RaceLost:
		return "You lost the race, " + score() + "." + leave
	case s.Result == RaceTied:
		return "A tie: " + figures.Count(r.score(m)) + " points each." + leave
	case s.Gone:
		return r.friend(true) + " has left." + leave
	}
	return ""
}

// score returns the player's score in the race's game: the game on
// screen's if it is the race's.
func (r *racing) score(m *Model) int {
	if m.cur.ID == r.game {
		return m.cur.Game.Score()
	}
	return r.mine
}
