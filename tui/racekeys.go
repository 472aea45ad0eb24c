package tui

import (
	"errors"
	"slices"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/race"
	"github.com/term2048/2048/tui/settings"
)

// This file holds the keys of a race and what the game does as the race
// changes: v opens a race or joins a friend's, by its code; when both are
// in, each plays a new game on the race's seed. In a race there are no
// hints, no autoplay and no undo: the race is the players' own, and an
// undo would let a player try the same tiles again. The keys that would
// leave the race's game (a new game, the daily challenge) wait for its
// end, or for v, which leaves the race, lost, once asked.

// noHelpInRace says why the AI's keys and undo do nothing in a race.
const noHelpInRace = "No hints, autoplay or undo in a race: the game is yours alone."

// onKey handles v: a code to type, or, in a race, leaving it.
func (r *racing) onKey(m *Model) tea.Cmd {
	switch {
	case r.hub == nil: // the local game: no race
		return nil
	case r.seat == nil:
		r.typing, r.entry = true, nil
	case r.running(m):
		r.leaving = true
	default: // waiting for the friend, or decided: nothing is lost
		r.leave()
		m.note = "You have left the race."
	}
	return nil
}

// refuses takes a key of the game that a race does not allow while
// it is played, and says why; done reports that it did.
func (r *racing) refuses(m *Model, k tea.KeyPressMsg) (done bool) {
	if !r.running(m) {
		return false
	}
	switch {
	case key.Matches(k, m.keys.Hint, m.keys.Play, m.keys.Autoplay, m.keys.Undo):
		m.note = noHelpInRace
	case key.Matches(k, m.keys.New, m.keys.Daily):
		m.note = "You are racing: finish the game, or leave the race with " + settings.FirstKey(m.keys.Race) + " (you lose it)."
	case key.Matches(k, m.keys.Quit) && k.String() != "ctrl+c":
		r.leaving, r.quits = true, true // quitting forfeits: ask first, as v does
	default:
		return false
	}
	return true
}

// prompting reports whether the race waits for keys of its own: a code
// being typed, or the question of leaving.
func (r *racing) prompting(m *Model) bool { return r.typing || r.leaving }

// onPromptKey takes a key typed at the race's prompt.
func (r *racing) onPromptKey(m *Model, k tea.KeyPressMsg) tea.Cmd {
	m.note = ""
	if r.leaving {
		quits := r.quits
		r.leaving, r.quits = false, false
		if !key.Matches(k, m.keys.Yes) {
			m.note = "The race goes on."
			return nil
		}
		if quits {
			return m.quit() // the farewell says the race is lost
		}
		m.note = "You have left the race, and lost it."
		if _, local := r.hub.(race.Prompter); !local { // a friend, whom the server tells
			m.note = "You have left the race, and lost it: " + r.friend(false) + " is told."
		}
		r.leave()
		return nil
	}
	switch k.String() {
	case "esc":
		r.typing, r.entry = false, nil
	case "enter":
		r.typing = false
		return r.enter(m, string(r.entry))
	case "backspace":
		if len(r.entry) > 0 {
			r.entry = r.entry[:len(r.entry)-1]
		}
	default:
		r.typeCode(k.Text)
	}
	return nil
}

// typeCode adds the characters of s that a code has to the code being
// typed, as capitals, up to the length the prompt asks.
func (r *racing) typeCode(s string) {
	n := r.prompt().Len
	for _, c := range strings.ToUpper(s) {
		if len(r.entry) < n && strings.ContainsRune(RaceCodeAlphabet, c) {
			r.entry = append(r.entry, c)
		}
	}
}

// pasteCode takes a code pasted at the race's prompt.
func (r *racing) pasteCode(s string) {
	if r.typing {
		r.typeCode(strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) {
				return -1
			}
			return r
		}, s))
	}
}

// raceEnteredMsg is the seat of the race asked for by the ask numbered
// id, opened or joined, or why there is none.
type raceEnteredMsg struct {
	id   uint64
	seat RaceSeat
	err  error
}

// enter opens a race (no code) or joins the race of code, in the
// background: a hub of servers that share their races asks their
// database. onEntered takes the seat; a seat that comes once the game is
// over is left at once.
func (r *racing) enter(m *Model, code string) tea.Cmd {
	r.asks++
	id, hub, ctx := r.asks, r.hub, m.ctx
	return func() tea.Msg {
		var seat RaceSeat
		var err error
		if code == "" {
			seat, err = hub.Create()
		} else {
			seat, err = hub.Join(code)
		}
		if err == nil && ctx.Err() != nil {
			seat.Leave()
			return nil
		}
		return raceEnteredMsg{id, seat, err}
	}
}

// onEntered takes the seat of the race asked for last and follows the
// race; the seat of an ask given up since, for another or for a race
// already joined, is left.
func (r *racing) onEntered(m *Model, msg raceEnteredMsg) tea.Cmd {
	switch {
	case msg.id != r.asks || r.seat != nil:
		if msg.err == nil {
			msg.seat.Leave()
		}
		return nil
	case msg.err != nil:
		m.note = raceProblem(msg.err)
		return nil
	}
	r.entry, r.seat, r.state = nil, msg.seat, RaceState{}
	return r.listen(m, msg.seat)
}

// raceProblem says why a race could not be opened or joined.
func raceProblem(err error) string {
	var e *RaceError
	if errors.As(err, &e) {
		return e.Error()
	}
	return "No race: " + err.Error()
}

// onMsg takes the race as it stands now: the start of the race's game
// when the friend is in, and the end of the race.
func (r *racing) onMsg(m *Model, msg raceMsg) tea.Cmd {
	if msg.seat != r.seat || r.seat == nil {
		return nil // a seat left already
	}
	if msg.ended {
		r.leave()
		return nil
	}
	was := r.state
	r.state = msg.state
	switch {
	case msg.state.Expired:
		r.leave()
		m.note = "Nobody joined your race in time: its code is closed. " + settings.FirstKey(m.keys.Race) + " makes another."
		return nil
	case msg.state.Started && !was.Started:
		r.start(m)
	}
	return r.listen(m, r.seat)
}

// start leaves the game on screen, which goes into the history, for
// the race's game, and tells the race where it stands.
func (r *racing) start(m *Model) {
	m.ai.autoplay, m.ai.pending, m.play.asking = false, nil, noQuestion
	if !m.startGame(playerdata.SavedGame{Game: engine.NewGame(r.seat.Seed()), Race: r.seat.Code()}) {
		r.leave() // the game on screen could be kept nowhere: the warning says why
		return
	}
	r.game = m.cur.ID
	r.report(m)
	m.note = "The race is on: the same tiles for both of you. " + noHelpInRace
}

// fullHelpKeys returns the keys of the help: without the race's key where
// there is no race.
func (p *helpPage) fullHelpKeys(m *Model) [][]key.Binding {
	all := m.keys.FullHelp()
	race := m.keys.Race.Help().Desc
	for i, g := range all {
		all[i] = slices.DeleteFunc(slices.Clone(g), func(b key.Binding) bool {
			return !b.Enabled() || m.race.hub == nil && b.Help().Desc == race // no race in the local game
		})
	}
	return all
}
