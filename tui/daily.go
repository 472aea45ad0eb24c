package tui

import (
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
)

// The daily challenge (see history.DailySeed): 2048 -daily, or c in
// the game, deals today's game, the same for every player; the first
// attempt of the day to be left is the one that counts, the later ones are
// practice. Undos are counted, and a hint or autoplay marks the attempt as
// assisted, as in any game.

// today returns the date of today's daily challenge.
func (m *Model) today() string { return history.DailyDate(m.now()) }

// dailySave returns a new game of today's challenge, not saved yet.
func (m *Model) dailySave() playerdata.SavedGame {
	date := m.today()
	seed, err := m.seeds.DailySeed(date)
	if err != nil {
		panic(err) // DailyDate writes a date, which every dealer of seeds takes
	}
	return playerdata.SavedGame{ID: newGameID(), Game: engine.NewGame(seed), Daily: date}
}

// attempted reports whether the daily challenge of date has an attempt
// that counts already: a game of it was left.
func (m *Model) attempted(date string) bool {
	return slices.ContainsFunc(m.past.games, func(r history.Record) bool { return r.Daily == date })
}

// dailyNote says which daily challenge the game on screen is, and whether
// it counts.
func (m *Model) dailyNote() string {
	if m.attempted(m.cur.Daily) {
		return fmt.Sprintf("The daily challenge of %s, again: your first attempt counted, this one is practice.", m.cur.Daily)
	}
	return fmt.Sprintf("The daily challenge of %s: the same tiles for every player. This attempt counts once you leave it.", m.cur.Daily)
}

// askDaily starts today's challenge, asking first if a game is in
// progress.
// leavesDaily reports whether leaving the game in progress makes it the
// counted attempt at its daily challenge: a daily challenge not yet
// attempted, with moves played.
func (m *Model) leavesDaily() bool {
	return m.cur.Daily != "" && m.cur.Game.MoveCount() > 0 && !m.attempted(m.cur.Daily)
}

func (m *Model) askDaily() tea.Cmd {
	if m.cur.Game.MoveCount() > 0 && !m.cur.Game.Over() {
		m.play.asking = confirmDaily
		return nil
	}
	return m.dailyGame()
}

// dailyGame leaves the game on screen for today's challenge.
func (m *Model) dailyGame() tea.Cmd {
	if !m.startGame(m.dailySave()) {
		return nil
	}
	m.note = m.dailyNote()
	if m.ai.autoplay {
		return m.ai.ask(m, forAuto)
	}
	return nil
}

// dailyLine returns the line of the game-over summary of a daily
// challenge: whether the game counts, and where it stands.
func (ps *playScreen) dailyLine(m *Model) string {
	if m.cur.Daily == "" {
		return ""
	}
	if m.attempted(m.cur.Daily) {
		return "Practice: the attempt that counted today is in the statistics."
	}
	d := history.SummarizeDaily(append(m.past.games[:len(m.past.games):len(m.past.games)], m.line().Record), m.cur.Daily)
	return fmt.Sprintf("Daily challenge: %s of your %s", figures.Ordinal(d.TodayRank), figures.Quantity(len(d.Days), "day"))
}
