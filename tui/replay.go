package tui

import (
	"context"
	"fmt"
	"slices"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/settings"
)

// This file holds the replay: a game move by move, reviewed by the AI. It
// opens over the game (r), over the end of a game, or from the list of the
// statistics, and leaves the screen under it exactly as it was: the game's
// autoplay waits while it is up, and goes on after it.
//
// The review runs in the background (see replayreview.go) and fills the
// replay in as it goes; the replay can be stepped through at once.

// A replayView is the state of the replay on screen.
type replayView struct {
	id    uint64      // the replay's number: its review's messages name it
	game  review.Game // the game replayed, its own copy
	title string      // what the game is: "this game", "the game of 2026-11-23 14:05"
	// The positions of the game, from the start to the end: the board and
	// the score after each number of moves, and the cell of the tile that
	// came with the move that made it (-1 for the start).
	boards []engine.Board
	scores []int
	spawns []int
	at     int        // the position on screen, 0 to len(game.Moves): the board after that many moves
	anim   *animation // the move to the position on screen, being drawn

	setting review.Setting
	moves   []review.Move  // the moves reviewed so far, from the first
	summary review.Summary // of moves
	known   int            // the moves whose searches were kept: they need no keeping again
	stream  *review.Stream // the review; nil until it has begun
	started bool           // the review has begun (the kept review is read)
	ended   bool           // the review has ended: complete, failed or stopped
	failed  error          // why the review stopped before the end, if it did
	cancel  context.CancelFunc

	playing bool          // the replay steps on by itself
	pace    time.Duration // the least time between two of its steps
	ticks   int           // numbers the ticks of its steps: each names its own
	note    string        // a line for the player, until the next key
	// takingOver says that the take-over key was pressed once over a game in
	// progress: pressed again, it leaves that game (see takeOver).
	takingOver bool
}

// defaultReplayPace is the pace at which a replay plays itself at first.
const defaultReplayPace = 200 * time.Millisecond

// reviewSetting is the setting of the replay's reviews and the coach's
// ratings with a heuristic: the review's default, the same on every
// machine, so that a review kept is taken again.
var reviewSetting = review.Setting{Depth: review.DefaultDepth}

// reviewSettingFor returns the setting of the replay's reviews and the
// coach's ratings when the AI scores boards with eval: with a network,
// whose values are points, the network at its review depth, so that a
// move's loss is told in points; with any heuristic, reviewSetting, the
// default one's, whose reviews are kept.
func reviewSettingFor(eval ai.Evaluator) review.Setting {
	if set := review.DefaultSetting(eval); set.InPoints() {
		return set
	}
	return reviewSetting
}

// replayGameOnScreen opens the replay of the game on screen, as it
// stands: a game in progress is reviewed up to now. The replay opens at
// the position on screen.
func (m *Model) replayGameOnScreen() tea.Cmd {
	if m.cur.Game.MoveCount() == 0 {
		m.note = "Nothing to replay yet: no move has been played."
		return nil
	}
	g := review.Game{Transcript: m.cur.Game.Transcript(), By: m.cur.Movers()}
	title := "this game"
	if !m.cur.Game.Over() {
		// The review shows the AI's move at each position, this one's too:
		// the game is played with the AI's help from then on.
		title = "this game, up to now"
		if !m.cur.Hinted {
			m.cur.Hinted = true
			m.note = "The review shows the AI's moves: this game counts as played with the AI."
		}
	}
	return m.openReplay(g, title, m.cur.Game.MoveCount())
}

// replayGame opens the replay of a game of the history, at its start: its
// moves are read again from the history.
func (m *Model) replayGame(r history.Record, onScreen bool) tea.Cmd {
	title := "the game of " + r.Ended.Format("2006-01-02 15:04")
	g, err := m.gameOf(r)
	if onScreen {
		title, g, err = "this game", m.line(), nil
	}
	if err != nil {
		m.warn("This game cannot be replayed: " + err.Error())
		return nil
	}
	return m.openReplay(g.Review(), title, 0)
}

// openReplay opens the replay of g at the position at, and starts its
// review. The game's autoplay waits while the replay is up, and a hint
// asked to be played is shown instead: the game under the replay stays as
// it was.
func (m *Model) openReplay(g review.Game, title string, at int) tea.Cmd {
	v, err := newReplayView(g, title, at, m.screens.reviewAt)
	if err != nil {
		m.warn("This game cannot be replayed: " + err.Error())
		return nil
	}
	if m.ai.thinking == forPlay {
		m.ai.thinking = forHint
	}
	m.screens.replays++
	v.id = m.screens.replays
	ctx, cancel := context.WithCancel(m.ctx)
	v.cancel = cancel
	m.screens.open(v)
	return v.startReview(m, ctx)
}

// newReplayView returns the replay of g at the position at, to be reviewed
// at the setting set, with no move reviewed yet.
func newReplayView(g review.Game, title string, at int, set review.Setting) (*replayView, error) {
	g.Moves, g.By = slices.Clone(g.Moves), slices.Clone(g.By)
	if g.By != nil && len(g.By) != len(g.Moves) {
		g.By = nil // who made the moves is not known
	}
	v := &replayView{game: g, title: title, setting: set, pace: defaultReplayPace}
	e := engine.NewGameFrom(g.Start, g.Seed)
	v.boards, v.scores, v.spawns = []engine.Board{e.Board()}, []int{0}, []int{-1}
	for i, d := range g.Moves {
		turn, ok := e.Move(d)
		if !ok {
			return nil, fmt.Errorf("move %d (%v) changes nothing", i+1, d)
		}
		v.boards = append(v.boards, e.Board())
		v.scores = append(v.scores, e.Score())
		v.spawns = append(v.spawns, turn.Spawn.Cell)
	}
	v.at = min(max(at, 0), len(g.Moves))
	return v, nil
}

// leaveReplay closes the replay: its review is stopped, and what it found
// is kept. The screen under it is back as it was, and the game's autoplay
// goes on if it waited.
func (v *replayView) leaveReplay(m *Model) tea.Cmd {
	v.cancel()
	m.screens.close(v)
	cmds := []tea.Cmd{v.keepReview(m)}
	if m.ai.pending != nil && m.ai.autoplay && !m.hidden() {
		cmds = append(cmds, m.ai.onAutoTick(m, autoTickMsg{m.ai.pendingID}))
	}
	return tea.Batch(cmds...)
}

// boardAway reports whether the game's board is out of the player's sight,
// so that the AI must not play on it: the terminal is too small, or the
// replay is up.
func (m *Model) boardAway() bool { return m.hidden() || m.screens.replay() != nil }

// onReplayKey handles a key on the replay; the help's key opens the help
// over it.
func (v *replayView) onReplayKey(m *Model, k tea.KeyPressMsg) tea.Cmd {
	v.note, v.anim = "", nil // a key finishes the slide at once, and acts
	if !key.Matches(k, m.keys.TakeOver) {
		v.takingOver = false // the question is answered no
	}
	switch {
	case key.Matches(k, m.keys.Dismiss, m.keys.Quit):
		return v.leaveReplay(m)
	case key.Matches(k, m.keys.Help):
		m.screens.open(&helpPage{})
		return nil
	case key.Matches(k, m.keys.Suspend):
		return m.suspend()
	case m.hidden():
		return nil // no key steps through a board out of sight
	case key.Matches(k, m.keys.ReplayBack):
		v.goTo(v.at - 1)
	case key.Matches(k, m.keys.ReplayForward):
		v.goTo(v.at + 1)
		return v.animateStep(m)
	case key.Matches(k, m.keys.ReplayStart):
		v.goTo(0)
	case key.Matches(k, m.keys.ReplayEnd):
		v.goTo(len(v.game.Moves))
	case key.Matches(k, m.keys.NextMistake):
		v.jumpToMistake(+1)
	case key.Matches(k, m.keys.PrevMistake):
		v.jumpToMistake(-1)
	case key.Matches(k, m.keys.ReplayPlay):
		return v.toggleReplayPlay()
	case key.Matches(k, m.keys.TakeOver):
		return v.takeOver(m)
	case key.Matches(k, m.keys.Slower):
		v.pace = stepSpeed(v.pace, +1)
		v.note = "Replay: " + speedText(v.pace) + "."
	case key.Matches(k, m.keys.Faster):
		v.pace = stepSpeed(v.pace, -1)
		v.note = "Replay: " + speedText(v.pace) + "."
	}
	return nil
}

// goTo shows the position at, kept within the game, at once; stepping by
// hand stops the replay playing itself.
func (v *replayView) goTo(at int) {
	v.at = min(max(at, 0), len(v.game.Moves))
	v.playing, v.anim = false, nil
}

// animateStep slides the tiles of the move that led to the position on
// screen, as the game does, if it animates moves and the replay is not
// playing itself faster than the slide; it returns the tick of the next
// frame.
func (v *replayView) animateStep(m *Model) tea.Cmd {
	v.anim = nil
	if !m.motion.animate || m.look.pal.Colorless || m.hidden() || v.at == 0 || v.playing && v.pace < animTime {
		return nil
	}
	i := v.at - 1
	v.anim = m.motion.newAnimation(v.boards[i], v.game.Moves[i], v.boards[v.at], v.spawns[v.at])
	return nextFrame(v.anim.id)
}

// isSlip reports whether the player's move was an inaccuracy, a mistake or
// a blunder: what the keys of the mistakes jump to, so that every move the
// review marks in the accent or the bad colour is a key away. The AI's
// moves are not the player's slips.
func isSlip(mv review.Move) bool {
	return !mv.By.AI() && (mv.Verdict == review.Inaccuracy || mv.Verdict == review.Mistake || mv.Verdict == review.Blunder)
}

// jumpToMistake shows the position of the next slip of the player after
// the one on screen (step +1), or the previous one (step -1), among the
// moves reviewed; it says so if there is none.
func (v *replayView) jumpToMistake(step int) {
	for i := v.at + step; i >= 0 && i < len(v.moves); i += step {
		if isSlip(v.moves[i]) {
			v.goTo(i)
			return
		}
	}
	switch {
	case step < 0:
		v.note = "No inaccuracy nor mistake of yours before this move."
	case v.ended || len(v.moves) == len(v.game.Moves):
		v.note = "No inaccuracy nor mistake of yours after this move."
	default:
		v.note = fmt.Sprintf("No inaccuracy nor mistake of yours found after this move yet: the review is at move %s of %s.",
			figures.Count(len(v.moves)), figures.Count(len(v.game.Moves)))
	}
}

// replayTickMsg says that the replay playing itself may step on: the tick
// numbered tick of the replay numbered id.
type replayTickMsg struct {
	id   uint64
	tick int
}

// toggleReplayPlay starts or stops the replay playing itself; from the
// end, it plays from the start.
func (v *replayView) toggleReplayPlay() tea.Cmd {
	if v.playing {
		v.playing = false
		return nil
	}
	if v.at == len(v.game.Moves) {
		v.at = 0
	}
	v.playing = true
	return v.replayTick()
}

// replayTick returns the tick of the next step of the replay playing
// itself; at full speed, a step a frame.
func (v *replayView) replayTick() tea.Cmd {
	v.ticks++
	msg := replayTickMsg{v.id, v.ticks}
	return tea.Tick(max(v.pace, frameTime), func(time.Time) tea.Msg { return msg })
}

// onTick steps the replay on, if the tick is the one it waits for.
func (v *replayView) onTick(m *Model, msg replayTickMsg) tea.Cmd {
	if v.ticks != msg.tick || !v.playing {
		return nil
	}
	if m.hidden() {
		return v.replayTick() // wait for the board to be in sight
	}
	v.at++
	animate := v.animateStep(m)
	if v.at >= len(v.game.Moves) {
		v.at, v.playing = len(v.game.Moves), false
		return animate
	}
	return tea.Batch(animate, v.replayTick())
}

// stepSpeed returns the next pace of speeds after d, one step slower (+1)
// or faster (-1).
func stepSpeed(d time.Duration, step int) time.Duration {
	i, _ := slices.BinarySearch(speeds, d)
	if step < 0 {
		i-- // the next faster step below d
	} else if i < len(speeds) && speeds[i] == d {
		i++
	}
	return speeds[min(max(i, 0), len(speeds)-1)]
}

// takeOver plays on from the position on screen in the replay, in a new
// game set up there: its tiles come from a new seed, its score from 0, and
// its records are kept apart from those of games begun afresh. The game on
// screen is left first, as n leaves it; if it is in progress, the key must
// be pressed twice.
func (v *replayView) takeOver(m *Model) tea.Cmd {
	b := v.boards[v.at]
	if !b.HasMove() {
		v.note = "No move is left on this board: there is nothing to play on from here."
		return nil
	}
	if m.race.running(m) {
		v.note = "You are racing: finish the game, or leave the race with " + settings.FirstKey(m.keys.Race) + " (you lose it), before playing on from here."
		return nil
	}
	if m.cur.Game.MoveCount() > 0 && !m.cur.Game.Over() && !v.takingOver {
		v.takingOver = true
		left := fmt.Sprintf("The game in progress is left, as %s leaves it", settings.FirstKey(m.keys.New))
		if m.leavesDaily() {
			left = "The daily challenge in progress is left, and counts as your attempt of " + m.cur.Daily
		}
		v.note = fmt.Sprintf("Play on from here? %s: %s again to play on, any other key to stay.", left, settings.FirstKey(m.keys.TakeOver))
		return nil
	}
	at := v.at
	cmd := v.leaveReplay(m)
	m.screens.stack = nil // the new game is in front, whatever the replay was opened from
	if !m.startGame(playerdata.SavedGame{Game: engine.NewGameFrom(b, m.seeds.New()), SetUp: true}) {
		return cmd
	}
	m.note = fmt.Sprintf("Playing on from move %s, with new tiles and a score from 0: a game set up, whose records are kept apart.",
		figures.Count(at))
	return cmd
}

// update handles a key on the replay.
func (v *replayView) update(m *Model, k tea.KeyPressMsg) tea.Cmd { return v.onReplayKey(m, k) }

// view draws the replay.
func (v *replayView) view(m *Model, w, h int) string { return v.replayScreen(m, w, h) }
