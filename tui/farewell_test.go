package tui

import (
	"testing"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
)

// TestFarewell: the line the game leaves when it ends says where the game
// stands, and that it resumes.
func TestFarewell(t *testing.T) {
	s := tempStore(t)
	m := session(t, &s, true)
	if got, want := m.farewell("run 2048"), "2048: a new game is ready; run 2048 to play it."; got != want {
		t.Errorf("with no move: %q; want %q", got, want)
	}
	moveOnce(t, m)
	if got, want := m.farewell("run 2048"), "2048: saved at "+figures.Count(m.cur.Game.Score())+" points after 1 move; run 2048 to go on."; got != want {
		t.Errorf("after a move: %q; want %q", got, want)
	}
	m = modelAt(t, Config{Store: &s}, lostOrWon, 3)
	press(m, "down")
	if got, want := m.farewell("run 2048"), "2048: game over at "+figures.Count(m.cur.Game.Score())+" points after 1 move, saved; run 2048 to see it or start another."; got != want {
		t.Errorf("at the game over: %q; want %q", got, want)
	}
	m = newTestModel(t, Config{})
	m.cur.Game = engine.NewGame(1)
	if got, want := m.farewell("run 2048"), "2048: not saved (no place to keep games)."; got != want {
		t.Errorf("with no store: %q; want %q", got, want)
	}
}
