package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/engine"
)

// TestGameSetUp: a game begun from a position (2048 -board) starts there,
// is marked as set up in its line, and its records are kept apart: they
// raise neither the best score on screen nor the statistics of the games
// begun afresh.
func TestGameSetUp(t *testing.T) {
	s := tempStore(t)
	b, err := engine.Parse("1024 512 256 128 / 0 0 0 64 / 0 0 0 0 / 0 0 2 2")
	if err != nil {
		t.Fatal(err)
	}
	m := newTestModel(t, Config{Store: &s, Seed: 7, NewGame: true, Board: b})
	if m.cur.Game.Start() != b || !m.cur.SetUp || m.cur.Game.Board() != b {
		t.Fatalf("-board: the game starts on %v (set up %v); want %v, set up", m.cur.Game.Start(), m.cur.SetUp, b)
	}
	for m.cur.Game.Score() == 0 {
		moveOnce(t, m)
	}
	if m.best() != 0 || m.statsNow().BestScore != 0 {
		t.Errorf("a game set up raised the best score to %d, %d; want 0", m.best(), m.statsNow().BestScore)
	}
	m = session(t, &s, true) // leaves it
	log := historyOf(t, s)
	if len(log.Games) != 1 || !log.Games[0].SetUp || log.Games[0].Start != b {
		t.Fatalf("its line: %+v; want one game, set up from %v", log.Games, b)
	}
	if st := m.statsNow(); st.Games != 0 || st.BestScore != 0 || st.SetUp.Games != 1 {
		t.Errorf("statistics %+v; want no game begun afresh, and the game set up apart", st)
	}
}

// TestTakeOver: in the replay, the take-over key plays on from the
// position on screen, in a new game set up there; over a game in
// progress, it asks first, and any other key keeps the game.
func TestTakeOver(t *testing.T) {
	s := tempStore(t)
	m := session(t, &s, true)
	for m.cur.Game.MoveCount() < 12 {
		moveOnce(t, m)
	}
	old := m.cur.ID
	press(m, "r")
	press(m, "home")
	for range 5 {
		press(m, "right")
	}
	want := m.screens.replay().boards[5]
	press(m, "enter")
	if m.screens.replay() == nil || m.cur.ID != old || !strings.Contains(plain(m), "Play on from here?") {
		t.Fatalf("enter over a game in progress did not ask:\n%s", m.render())
	}
	press(m, "right") // any other key: no
	press(m, "left")
	press(m, "enter")
	press(m, "enter")
	if m.screens.replay() != nil || m.cur.ID == old || !m.cur.SetUp || m.cur.Game.Start() != want || m.cur.Game.Score() != 0 {
		t.Fatalf("enter twice: replay up %v, game %q set up %v from %v score %d; want a new game set up from %v",
			m.screens.replay() != nil, m.cur.ID, m.cur.SetUp, m.cur.Game.Start(), m.cur.Game.Score(), want)
	}
	if text := plain(m); !strings.Contains(text, "set up") {
		t.Errorf("the panel of a game set up does not say why its best is apart:\n%s", text)
	}
	if log := historyOf(t, s); len(log.Games) != 1 || log.Games[0].ID != old {
		t.Errorf("the game left: %+v; want it in the history", log.Games)
	}
	if saved, err := s.LoadGame(); err != nil || saved.ID != m.cur.ID || !saved.SetUp {
		t.Errorf("saved %+v, %v; want the game set up, saved at once", saved, err)
	}
}

// TestTakeOverFromStatistics: playing on from a replay opened from the
// statistics puts the new game in front, not the statistics.
func TestTakeOverFromStatistics(t *testing.T) {
	s := tempStore(t)
	m := session(t, &s, true)
	for !m.cur.Game.Over() {
		moveOnce(t, m)
	}
	press(m, "s")
	press(m, "enter") // the replay of the game just over, from the statistics
	if m.screens.replay() == nil || m.screens.stats() == nil {
		t.Fatalf("enter on the statistics did not open the replay over them:\n%s", m.render())
	}
	press(m, "home")
	press(m, "enter")
	if m.front() != &m.play || !m.cur.SetUp {
		t.Fatalf("playing on from the replay: %T in front, game set up %v; want the new game in front:\n%s", m.front(), m.cur.SetUp, m.render())
	}
}

// TestTakeOverDaily: playing on from a replay over a daily challenge not
// yet attempted says that the challenge left counts as the attempt, and
// so does the question of a new game.
func TestTakeOverDaily(t *testing.T) {
	s := tempStore(t)
	m := newTestModel(t, Config{Store: &s, NewGame: true, Daily: true})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 34})
	for m.cur.Game.MoveCount() < 6 {
		moveOnce(t, m)
	}
	press(m, "r")
	press(m, "home")
	press(m, "enter")
	if text := plain(m); !strings.Contains(text, "counts as your attempt") {
		t.Errorf("playing on from a replay over the daily challenge does not say the challenge counts:\n%s", text)
	}
	press(m, "esc")
	press(m, "esc")
	press(m, "n")
	if text := plain(m); !strings.Contains(text, "This daily challenge counts as your attempt.") {
		t.Errorf("a new game over the daily challenge does not say the challenge counts:\n%s", text)
	}
}
