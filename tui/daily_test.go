package tui

import (
	"strings"
	"testing"

	"github.com/term2048/2048/tui/history"
)

// TestDailyChallenge: c deals today's challenge (asking first over a game
// in progress); its first attempt left is the one that counts, a second is
// practice; the statistics and the game over say where it stands.
func TestDailyChallenge(t *testing.T) {
	s := tempStore(t)
	m := session(t, &s, true)
	moveOnce(t, m)
	press(m, "c")
	if m.play.asking != confirmDaily || !strings.Contains(plain(m), "Play today's challenge?") {
		t.Fatalf("c over a game in progress did not ask:\n%s", m.render())
	}
	press(m, "y")
	date := history.DailyDate(testTime)
	if m.cur.Daily != date || m.cur.Game.Seed() != 20261123 || !strings.Contains(m.note, "This attempt counts") {
		t.Fatalf("the challenge: daily %q, seed %d, note %q; want %s, 20261123, counting", m.cur.Daily, m.cur.Game.Seed(), m.note, date)
	}
	for range 3 {
		moveOnce(t, m)
	}
	first := m.cur.Game.Score()
	press(m, "c")
	press(m, "y") // the first attempt is left: it counts
	if !strings.Contains(m.note, "practice") || m.cur.Daily != date {
		t.Errorf("the second attempt: note %q, daily %q; want practice, the same challenge", m.note, m.cur.Daily)
	}
	press(m, "s")
	if view := plain(m); !strings.Contains(view, "DAILY") || !strings.Contains(view, "today") {
		t.Errorf("the statistics say nothing of the challenge:\n%s", view)
	}
	log := historyOf(t, s)
	d := history.SummarizeDaily(recordsOf(log.Games), date)
	if len(d.Days) != 1 || d.Today == nil || d.Today.Score != first || d.Streak != 1 {
		t.Errorf("the history's challenges: %+v; want today's first attempt, %d points", d, first)
	}
}

// recordsOf returns the records of games.
func recordsOf(games []history.Game) []history.Record {
	out := make([]history.Record, len(games))
	for i := range games {
		out[i] = games[i].Record
	}
	return out
}

// TestDailyFlag: 2048 -daily starts the challenge of the day's UTC date.
func TestDailyFlag(t *testing.T) {
	s := tempStore(t)
	m := newTestModel(t, Config{Store: &s, Seed: 0, NewGame: true, Daily: true})
	seed, err := history.DailySeed(m.cur.Daily)
	if err != nil || m.cur.Game.Seed() != seed || m.cur.Daily == "" {
		t.Errorf("-daily: game of seed %d, daily %q (%v); want the day's challenge", m.cur.Game.Seed(), m.cur.Daily, err)
	}
	if saved, err := s.LoadGame(); err != nil || saved.Daily != m.cur.Daily {
		t.Errorf("saved %+v, %v; want the challenge saved with its date", saved, err)
	}
}
