package tui

import (
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/theme"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/playerdata"
)

// flashTime is how long the tiles of the last move stay marked.
const flashTime = 300 * time.Millisecond

// flashDoneMsg ends the flash it names.
type flashDoneMsg struct{ id int }

// move plays d, a move of by (the player, or the AI), if it changes the
// board.
func (m *Model) move(d engine.Direction, by review.Mover) tea.Cmd {
	before := m.cur.Game.Board()
	turn, ok := m.cur.Game.Move(d)
	if !ok {
		return nil
	}
	m.cur.Moved(by)
	m.countTime()
	m.boardChanged()
	m.motion.flash.spawned, m.motion.flash.merged = 1<<turn.Spawn.Cell, before.Merges(d)
	id := m.motion.flash.id
	cmds := []tea.Cmd{tea.Tick(m.motion.flashFor, func(time.Time) tea.Msg { return flashDoneMsg{id} })}
	if m.motion.animates(m, by) {
		cmds = append(cmds, m.motion.startAnimation(m, before, d, turn.Spawn.Cell))
	}
	if by == review.ByPlayer {
		cmds = append(cmds, m.coach.rateMove(m, before, d))
	}
	if m.cur.Game.Over() {
		m.gameEnded()
		cmds = append(cmds, m.ranks.readStandings(m)) // for the game over's place on the leaderboards
	} else {
		cmds = append(cmds, m.play.celebrate(m, before))
	}
	m.save(m.cur.Game.Over())
	m.race.report(m)
	if m.ai.autoplay && !m.cur.Game.Over() {
		cmds = append(cmds, m.ai.ask(m, forAuto))
	}
	return tea.Batch(cmds...)
}

// boardChanged forgets everything that belonged to the old board, the marks
// of the last move's tiles and its animation included.
func (m *Model) boardChanged() {
	m.ai.stopSearch()
	m.coach.stopCoach()
	m.ai.hint, m.ai.pending, m.ai.played, m.motion.anim, m.coach.mark = nil, nil, nil, nil, nil
	m.motion.flash = flash{id: m.motion.flash.id + 1}
}

// gameEnded stops the AI at the end of a game: the game-over summary
// takes the place of any banner.
func (m *Model) gameEnded() {
	m.ai.autoplay, m.play.banner = false, nil
}

// undo takes back a move. During autoplay it stops the AI first: the AI
// would play the same move again at once, and the rewound generator would
// bring the same tile.
func (m *Model) undo() tea.Cmd {
	if !m.cur.Game.CanUndo() {
		m.note = "Nothing to undo: this is the start of the game."
		return nil
	}
	stopped := m.ai.autoplay
	m.ai.autoplay, m.ai.pending, m.play.banner = false, nil, nil
	m.cur.Game.Undo()
	m.cur.Undone()
	m.countTime()
	if !m.cur.Game.Won() {
		m.cur.WinSeen = false // making 2048 again is a moment again
	}
	m.boardChanged()
	m.play.asking = noQuestion
	m.save(false)
	if stopped {
		m.note = "Autoplay off, and the AI's last move undone: your turn."
	}
	return nil
}

// askNewGame starts a new game, asking first if one is in progress.
func (m *Model) askNewGame() tea.Cmd {
	if m.cur.Game.MoveCount() > 0 && !m.cur.Game.Over() {
		m.play.asking = confirmNew
		return nil
	}
	return m.newGame()
}

// newGame leaves the old game, which goes into the history, and starts a
// new one.
func (m *Model) newGame() tea.Cmd {
	if !m.startGame(playerdata.SavedGame{Game: engine.NewGame(m.seeds.New())}) {
		return nil
	}
	m.note = "A new game."
	if m.ai.autoplay {
		return m.ai.ask(m, forAuto)
	}
	return nil
}

// startGame leaves the game on screen, which goes into the history, and
// plays g in its place, saved at once. It reports false, the game on screen
// kept, if that game could be kept nowhere (the warning says why).
func (m *Model) startGame(g playerdata.SavedGame) bool {
	if !m.leave() {
		return false
	}
	g.ID = newGameID()
	m.cur = g
	m.lastActive, m.play.banner = m.now(), nil
	m.boardChanged()
	m.race.leaveDecided(m)
	m.save(true)
	return true
}

// quit stops the AI, saves everything and ends the program.
func (m *Model) quit() tea.Cmd {
	m.shutdown()
	return tea.Quit
}

// suspend hands the terminal back to the shell (ctrl+z), saving the game
// first: a suspended game may never be resumed. Bubble Tea restores the
// screen on fg; the AI, stopped with the process, goes on where it was.
func (m *Model) suspend() tea.Cmd {
	m.save(true)
	return tea.Suspend
}

// farewell returns the line the game leaves on the terminal when it ends,
// having saved: where the game stands, and that it resumes; again says
// how to come back to it ("run 2048").
func (m *Model) farewell(again string) string {
	text := m.gameFarewell(again)
	if m.race.lost {
		text += "\n2048: you left the race under way, and lost it."
	}
	return text
}

// gameFarewell is the line of farewell about the game.
func (m *Model) gameFarewell(again string) string {
	g := m.cur.Game
	switch {
	case m.store == nil:
		return "2048: not saved (no place to keep games)."
	case g.MoveCount() == 0:
		return "2048: a new game is ready; " + again + " to play it."
	case g.Over() && m.recorded(m.cur.ID):
		return fmt.Sprintf("2048: game over at %s points after %s, recorded; %s to start another.",
			figures.Count(g.Score()), figures.Quantity(g.MoveCount(), "move"), again)
	case g.Over():
		return fmt.Sprintf("2048: game over at %s points after %s, saved; %s to see it or start another.",
			figures.Count(g.Score()), figures.Quantity(g.MoveCount(), "move"), again)
	}
	return fmt.Sprintf("2048: saved at %s points after %s; %s to go on.",
		figures.Count(g.Score()), figures.Quantity(g.MoveCount(), "move"), again)
}

// shutdown stops the AI and saves the game (and so its records), however the
// program ends.
func (m *Model) shutdown() {
	m.race.lost = m.race.lost || m.race.running(m) // shutdown runs again as the program ends
	m.race.leave()                                 // a race not decided is lost, and the friend told
	m.ai.autoplay = false
	m.ai.stopSearch()
	m.coach.stopCoach()
	m.closeReplay()
	m.writeUnrecorded()
	if m.ranks.src != nil && m.cur.Game.Over() {
		// With leaderboards, a game over is left as its player goes, so that
		// it is ranked now, as its game-over line said, rather than when the
		// player next starts a game; the next session starts a new one.
		m.leave()
	}
	m.save(true)
}

// nextTheme switches to the next theme, when there is colour to show it,
// and returns the command that writes it to the preferences file.
func (m *Model) nextTheme() tea.Cmd {
	if m.look.themeShown() != m.look.theme.Name {
		m.note = "No colour here (-color none, NO_COLOR or the terminal): themes need colour."
		return nil
	}
	all := theme.All()
	i := slices.IndexFunc(all, func(t theme.Theme) bool { return t.Name == m.look.theme.Name })
	m.look.theme = all[(i+1)%len(all)]
	m.look.repaint()
	m.note = "Theme: " + m.look.theme.Name + " (" + m.look.theme.Description + ")"
	return m.savePref("theme", m.look.theme.Name)
}

// shownDepth returns the depth the next search will use on this board.
func (a *assistant) shownDepth(m *Model) int {
	if a.depth == ai.Auto {
		return a.searcher.AutoDepth(m.cur.Game.Board())
	}
	return a.depth
}

// setDepth sets the depth of the next search to d plies, kept between 1 and
// ai.MaxDepth, and returns the command that writes it to the preferences
// file.
func (a *assistant) setDepth(m *Model, d int) tea.Cmd {
	a.depth = min(max(d, 1), ai.MaxDepth)
	m.note = "The AI looks " + movesAhead(a.depth) + " from the next move."
	switch {
	case d > ai.MaxDepth:
		m.note = "The AI looks " + movesAhead(a.depth) + ", the deepest it goes."
	case d < 1:
		m.note = "The AI looks 1 move ahead, the least it can."
	}
	return m.savePref("depth", int64(a.depth))
}

// setAutoDepth lets the position decide the depth of the next search.
func (a *assistant) setAutoDepth(m *Model) tea.Cmd {
	a.depth = ai.Auto
	m.note = "The AI looks as far ahead as the board needs: more moves as it fills."
	return m.savePref("depth", "auto")
}

// speeds are the steps of [ and ]: the least time between two AI moves.
var speeds = []time.Duration{0, 50 * time.Millisecond, 100 * time.Millisecond,
	200 * time.Millisecond, 333 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second}

// setSpeed moves the autoplay delay one step slower (+1) or faster (-1).
func (a *assistant) setSpeed(m *Model, step int) tea.Cmd {
	a.delay = stepSpeed(a.delay, step)
	m.note = "Autoplay: " + speedText(a.delay) + "."
	return m.savePref("speed", a.delay.String())
}

// save writes the game in progress after a move, telling the player when it
// fails; sync waits for the disk, for the last save of a session or a game.
func (m *Model) save(sync bool) {
	if m.store == nil {
		return
	}
	m.saveErr = m.store.SaveGame(m.cur, sync)
}
