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
)

// This file holds the keys of a race and what the game does as the race
// changes: v opens a race or joins a friend's, by its code; when both are
// in, each plays a new game on the race's seed. In a race there are no
// hints, no autoplay and no undo: the race is the players' own, and an
// undo would let a player try the same tiles again. The keys that would
// leave the race's game (a new game, the daily challenge) wait for its
// end, or for v, which leaves the race, lost, once asked.

// noHelpInRace says why the AI's keys and undo do nothing in a race.
const noHelpInRace = "No hints, autoplay or undo in a race: it is you against your friend."

// onRaceKey handles v: a code to type, or, in a race, leaving it.
func (m *Model) onRaceKey() tea.Cmd {
	r := &m.race
	switch {
	case r.hub == nil: // the local game: no race
		return nil
	case r.seat == nil:
		r.typing, r.entry = true, nil
	case m.inRace():
		r.leaving = true
	default: // waiting for the friend, or decided: nothing is lost
		m.leaveRace()
		m.note = "You have left the race."
	}
	return nil
}

// raceRefuses takes a key of the game that a race does not allow while
// it is played, and says why; done reports that it did.
func (m *Model) raceRefuses(k tea.KeyPressMsg) (done bool) {
	if !m.inRace() {
		return false
	}
	switch {
	case key.Matches(k, m.keys.Hint, m.keys.Play, m.keys.Autoplay, m.keys.Undo):
		m.note = noHelpInRace
	case key.Matches(k, m.keys.New, m.keys.Daily):
		m.note = "You are racing: finish the game, or leave the race with " + first(m.keys.Race) + " (you lose it)."
	default:
		return false
	}
	return true
}

// racePrompt reports whether the race waits for keys of its own: a code
// being typed, or the question of leaving.
func (m *Model) racePrompt() bool { return m.race.typing || m.race.leaving }

// onRacePromptKey takes a key typed at the race's prompt.
func (m *Model) onRacePromptKey(k tea.KeyPressMsg) tea.Cmd {
	r := &m.race
	m.note = ""
	if r.leaving {
		r.leaving = false
		if !key.Matches(k, m.keys.Yes) {
			m.note = "The race goes on."
			return nil
		}
		m.leaveRace()
		m.note = "You have left the race, and lost it: your friend is told."
		return nil
	}
	switch k.String() {
	case "esc":
		r.typing, r.entry = false, nil
	case "enter":
		r.typing = false
		return m.enterRace(string(r.entry))
	case "backspace":
		if len(r.entry) > 0 {
			r.entry = r.entry[:len(r.entry)-1]
		}
	default:
		m.typeCode(k.Text)
	}
	return nil
}

// typeCode adds the characters of s that a code has to the code being
// typed, as capitals, up to the length of a code.
func (m *Model) typeCode(s string) {
	for _, c := range strings.ToUpper(s) {
		if len(m.race.entry) < RaceCodeLen && strings.ContainsRune(RaceCodeAlphabet, c) {
			m.race.entry = append(m.race.entry, c)
		}
	}
}

// pasteCode takes a code pasted at the race's prompt.
func (m *Model) pasteCode(s string) {
	if m.race.typing {
		m.typeCode(strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) {
				return -1
			}
			return r
		}, s))
	}
}

// enterRace opens a race (no code) or joins the race of code.
func (m *Model) enterRace(code string) tea.Cmd {
	r := &m.race
	var seat RaceSeat
	var err error
	if code == "" {
		seat, err = r.hub.Create()
	} else {
		seat, err = r.hub.Join(code)
	}
	if err != nil {
		m.note = raceProblem(err)
		return nil
	}
	r.entry, r.seat, r.state = nil, seat, RaceState{}
	return m.listenRace(seat)
}

// raceProblem says why a race could not be opened or joined.
func raceProblem(err error) string {
	var e *RaceError
	if errors.As(err, &e) {
		return e.Error()
	}
	return "No race: " + err.Error()
}

// A RaceError is why a hub refused a race, in words for the player.
type RaceError struct{ Why string }

// Error returns the words for the player.
func (e *RaceError) Error() string { return e.Why }

// onRace takes the race as it stands now: the start of the race's game
// when the friend is in, and the end of the race.
func (m *Model) onRace(msg raceMsg) tea.Cmd {
	r := &m.race
	if msg.seat != r.seat || r.seat == nil {
		return nil // a seat left already
	}
	if msg.ended {
		m.leaveRace()
		return nil
	}
	was := r.state
	r.state = msg.state
	switch {
	case msg.state.Expired:
		m.leaveRace()
		m.note = "Nobody joined your race in time: its code is closed. " + first(m.keys.Race) + " makes another."
		return nil
	case msg.state.Started && !was.Started:
		m.startRace()
	}
	return m.listenRace(r.seat)
}

// startRace leaves the game on screen, which goes into the history, for
// the race's game, and tells the race where it stands.
func (m *Model) startRace() {
	r := &m.race
	m.ai.autoplay, m.ai.pending, m.asking = false, nil, noQuestion
	if !m.startGame(playerdata.SavedGame{Game: engine.NewGame(r.seat.Seed()), Race: r.seat.Code()}) {
		m.leaveRace() // the game on screen could be kept nowhere: the warning says why
		return
	}
	r.game = m.cur.ID
	m.reportRace()
	m.note = "The race is on: the same tiles for both of you. " + noHelpInRace
}

// fullHelpKeys returns the keys of the help: without the race's key where
// there is no race.
func (m *Model) fullHelpKeys() [][]key.Binding {
	all := m.keys.FullHelp()
	if m.race.hub != nil {
		return all
	}
	desc := m.keys.Race.Help().Desc
	for i, g := range all {
		all[i] = slices.DeleteFunc(slices.Clone(g), func(b key.Binding) bool { return b.Help().Desc == desc })
	}
	return all
}
