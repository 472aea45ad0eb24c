package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// A playScreen is the game's own screen, under every other: the board,
// the panel beside it, the banner under it and the keys at the foot. What
// it holds is what comes over the board: a moment of the game, and the
// question waiting for the player's answer.
type playScreen struct {
	banner      *banner  // a moment of the game over the board, for a while
	asking      question // what the screen is waiting for the player to answer
	practiceNow bool     // open the practice over the game at the start (2048 practice)
}

// update handles a key of the game. The review's key replays the game as
// it is: its note, banner and question stay.
func (ps *playScreen) update(m *Model, k tea.KeyPressMsg) tea.Cmd {
	if key.Matches(k, m.keys.Review) && !m.hidden() {
		return m.replayGameOnScreen()
	}
	return m.onGameOrOverKey(k)
}

// view draws the game. The lines under the board take what they need: a
// layout with smaller tiles is taken if the larger one leaves no room for
// them, and they are cut only when no layout leaves room.
func (ps *playScreen) view(m *Model, w, h int) string {
	parts := func(l layout) screenParts {
		right := panelRight(l)
		p := screenParts{title: func(width int) string { return ps.title(m, width) }, area: ps.boardArea(m, l, right), right: right, help: ps.footer(m, w)}
		if l.panel == statusOnly {
			p.panel = ps.statusLine(m, l.areaWidth())
		} else {
			p.panel = ps.panel(m, l)
		}
		return p
	}
	if screen, ok := m.race.screen(m, w, h, parts); ok { // the friend's board beside the player's, or under it
		return screen
	}
	return m.boardScreen(w, h, ps.gameBanner(m, w, false), parts)
}
