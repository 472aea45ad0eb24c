package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// Keys go to the screen in front (see screen), or to the game when none
// is. ctrl+c quits from any of them.

// onKey dispatches a key press to the screen in front, or to the game.
func (m *Model) onKey(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, m.keys.Quit) && k.String() == "ctrl+c":
		return m.quit()
	case m.race.prompting(m) && m.screens.replay() == nil && m.screens.settings() == nil:
		return m.race.onPromptKey(m, k)
	}
	return m.front().update(m, k)
}

// onGameOrOverKey handles a key on the game, or on the help or the
// statistics over it. A key puts away the note on screen, which has then
// been seen, the banner and the animation (the board is already where it
// leads), and the warnings that have been up long enough; what the key does
// may leave a note of its own. Moves of the AI leave notes and warnings
// alone.
func (m *Model) onGameOrOverKey(k tea.KeyPressMsg) tea.Cmd {
	m.note, m.play.banner, m.motion.anim = "", nil, nil
	// On the statistics, esc goes back: the warnings stay.
	if key.Matches(k, m.keys.Dismiss) && len(m.warnings) > 0 && m.screens.stats() == nil {
		m.warnings = nil
		return nil
	}
	if m.screens.help() == nil && !key.Matches(k, m.keys.Help) {
		m.seen() // the help shows the warnings whole: opening it is not putting them away
	}
	everywhere := key.Matches(k, m.keys.Quit, m.keys.Help, m.keys.Suspend)
	switch {
	case m.screens.help() != nil && !key.Matches(k, m.keys.Quit):
		m.screens.help().onHelpKey(m, k)
		return nil
	case m.screens.stats() != nil && !everywhere:
		return m.screens.stats().onStatsKey(m, k)
	case m.hidden() && !everywhere:
		return nil // no key acts on a board out of sight, nor answers the question over it
	case m.screens.stats() == nil && !m.hidden(): // the question waits under the statistics
		if cmd, done := m.play.answer(m, k); done {
			return cmd
		}
	}
	return m.play.onGameKey(m, k)
}

// onGameKey handles a key of the game itself.
func (ps *playScreen) onGameKey(m *Model, k tea.KeyPressMsg) tea.Cmd {
	if m.race.refuses(m, k) {
		return nil
	}
	for d := range engine.Direction(engine.NumDirections) {
		if key.Matches(k, m.keys.Move(d)) {
			return m.move(d, review.ByPlayer)
		}
	}
	switch {
	case key.Matches(k, m.keys.Hint):
		return m.ai.askHint(m)
	case key.Matches(k, m.keys.Play):
		return m.ai.playHint(m)
	case key.Matches(k, m.keys.Autoplay):
		return m.ai.toggleAutoplay(m)
	case key.Matches(k, m.keys.Undo):
		return m.undo()
	case key.Matches(k, m.keys.New):
		return m.askNewGame()
	case key.Matches(k, m.keys.Daily):
		return m.askDaily()
	case key.Matches(k, m.keys.Leaderboard) && m.ranks.src != nil:
		return m.openLeaders()
	case key.Matches(k, m.keys.Race):
		return m.race.onKey(m)
	case key.Matches(k, m.keys.Suspend):
		return m.suspend()
	case key.Matches(k, m.keys.Quit):
		return m.quit()
	}
	return ps.onSettingKey(m, k)
}

// onSettingKey handles the keys of the game that change a setting: the
// depth, the pace of autoplay, the theme, and those that open a screen. It
// returns the command that writes a changed setting to the preferences file.
func (ps *playScreen) onSettingKey(m *Model, k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, m.keys.Deeper):
		return m.ai.setDepth(m, m.ai.shownDepth(m)+1)
	case key.Matches(k, m.keys.Shallower):
		return m.ai.setDepth(m, m.ai.shownDepth(m)-1)
	case key.Matches(k, m.keys.AutoDepth):
		return m.ai.setAutoDepth(m)
	case key.Matches(k, m.keys.Slower):
		return m.ai.setSpeed(m, +1)
	case key.Matches(k, m.keys.Faster):
		return m.ai.setSpeed(m, -1)
	case key.Matches(k, m.keys.Theme):
		return m.nextTheme()
	case key.Matches(k, m.keys.Stats):
		m.openStats()
	case key.Matches(k, m.keys.Practice) && m.screens.front() == nil:
		return openPractice(m)
	case key.Matches(k, m.keys.Settings):
		m.openSettings()
	case key.Matches(k, m.keys.Help):
		m.openHelp()
	}
	return nil
}

// answer takes k as the answer to the question on screen, if there is one;
// done reports that the key was used up by it.
func (ps *playScreen) answer(m *Model, k tea.KeyPressMsg) (cmd tea.Cmd, done bool) {
	switch ps.asking {
	case confirmNew, confirmDaily:
		daily := ps.asking == confirmDaily
		ps.asking = noQuestion
		switch {
		case !key.Matches(k, m.keys.Yes):
			m.note = "The game goes on."
			return nil, true
		case daily:
			return m.dailyGame(), true
		}
		return m.newGame(), true
	case wonKeepGoing:
		switch {
		case key.Matches(k, m.keys.New):
			ps.asking = noQuestion
			return m.newGame(), true
		case key.Matches(k, m.keys.KeepGoing):
			ps.asking = noQuestion
			return nil, true
		case key.Matches(k, m.keys.Up, m.keys.Down, m.keys.Left, m.keys.Right):
			ps.asking = noQuestion // moving on is keeping going: the key moves too
		}
	}
	return nil, false
}
