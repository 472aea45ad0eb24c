package tui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
)

// tempStore returns the default store of a user whose XDG directories are
// in a fresh temporary directory.
func tempStore(t *testing.T) playerdata.Files {
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	return playerdata.DefaultFiles()
}

func playSome(g *engine.Game, n int) {
	for g.MoveCount() < n && !g.Over() {
		for _, d := range []engine.Direction{engine.Down, engine.Left, engine.Right, engine.Up} {
			if _, ok := g.Move(d); ok {
				break
			}
		}
	}
}

// blockedStore returns the default store of a user whose XDG directories
// cannot be created, even by root: their parent is a file.
func blockedStore(t *testing.T) playerdata.Files {
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	t.Setenv("XDG_STATE_HOME", filepath.Join(file, "state"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(file, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(file, "config"))
	return playerdata.DefaultFiles()
}

// finishedGame returns the line of the game of seed after n moves.
func finishedGame(t *testing.T, seed uint64, n int) history.Game {
	t.Helper()
	g := engine.NewGame(seed)
	playSome(g, n)
	line := history.FromEngine(g, nil)
	line.Ended = time.Date(2026, 11, 23, 14, 5, 0, 0, time.UTC)
	return line
}

func TestModelResumesTheSavedGame(t *testing.T) {
	s := tempStore(t)
	m := newTestModel(t, Config{Store: &s})
	press(m, "left")
	press(m, "down")
	settle(m, press(m, "h"), 5) // the hint shown marks the game hinted
	board, score := m.cur.Game.Board(), m.cur.Game.Score()
	press(m, "q")

	m2 := New(t.Context(), Config{Store: &s})
	if m2.cur.Game.Board() != board || m2.cur.Game.Score() != score || !m2.cur.Hinted {
		t.Errorf("resumed at %v, %d, hinted %v; want %v, %d, true", m2.cur.Game.Board(), m2.cur.Game.Score(), m2.cur.Hinted, board, score)
	}
	if !strings.Contains(m2.note, "Welcome back") {
		t.Errorf("note %q; want a welcome back", m2.note)
	}
	// -new starts afresh, and the abandoned game counts as played.
	m3 := New(t.Context(), Config{Store: &s, NewGame: true, Seed: 9})
	if m3.cur.Game.MoveCount() != 0 || m3.cur.Game.Seed() != 9 || m3.past.summary.Games != 1 || m3.past.summary.Hinted != 1 || m3.cur.Hinted {
		t.Errorf("-new: %d moves, seed %d, stats %+v, hinted %v", m3.cur.Game.MoveCount(), m3.cur.Game.Seed(), m3.past.summary, m3.cur.Hinted)
	}
}

func TestModelWithCorruptSave(t *testing.T) {
	s := tempStore(t)
	os.MkdirAll(s.StateDir, 0o755)
	os.WriteFile(s.GamePath(), []byte(`{"version":1,"game":{"seed":1,"moves":"LLLL"`), 0o644)
	m := newTestModel(t, Config{Store: &s})
	if len(m.warnings) != 1 || !strings.Contains(m.warnings[0].text, "moved to") {
		t.Errorf("warnings %+v; want one saying where the file went", m.warnings)
	}
	if !strings.Contains(m.render(), "Saved game not resumed") {
		t.Error("the warning is not on screen")
	}
	press(m, "left") // play goes on, and saves again
	if _, err := s.LoadGame(); err != nil {
		t.Errorf("the new game was not saved: %v", err)
	}
}

func TestModelWithUnwritableStore(t *testing.T) {
	s := blockedStore(t)
	m := newTestModel(t, Config{Store: &s})
	press(m, "left")
	press(m, "down")
	if m.cur.Game.MoveCount() == 0 || m.saveErr == nil {
		t.Fatalf("%d moves, save error %v; want play to go on with a warning", m.cur.Game.MoveCount(), m.saveErr)
	}
	if view := m.render(); !strings.Contains(view, "Not saved, play goes on") {
		t.Errorf("no warning on screen:\n%s", view)
	}
}

func TestWarningStaysDuringAutoplay(t *testing.T) {
	s := tempStore(t)
	os.MkdirAll(s.StateDir, 0o755)
	os.WriteFile(s.GamePath(), []byte(`{"version":1,"game":`), 0o644)
	m := newTestModel(t, Config{Store: &s, Autoplay: true, Depth: 1})
	settle(m, m.Init(), 20)
	if m.cur.Game.MoveCount() == 0 {
		t.Fatal("-autoplay did not play")
	}
	if len(m.warnings) != 1 || !strings.Contains(m.render(), "Saved game not resumed") {
		t.Errorf("after %d moves of the AI the warnings are %+v; want the warning still on screen", m.cur.Game.MoveCount(), m.warnings)
	}
}

// apartlessStore is the data of a player whose store keeps no games apart
// from the history (UnrecordedPath is ""), as 2048 serve's, and whose
// history cannot be read.
type apartlessStore struct{ playerdata.Store }

func (apartlessStore) LoadHistory() (*history.Index, []string, error) {
	return &history.Index{}, nil, errors.New("disk I/O error")
}
func (apartlessStore) UnrecordedPath() string           { return "" }
func (apartlessStore) AddUnrecorded(history.Game) error { return errors.New("none kept apart") }
func (apartlessStore) LoadUnrecorded() ([]history.Game, bool, []string, error) {
	return nil, false, nil, nil
}

// TestNoGamesApart: with a store that keeps no games apart from the
// history, and a history that cannot be read, the player is told that a
// game is not left until it can be written; one left stays in progress.
func TestNoGamesApart(t *testing.T) {
	s := tempStore(t)
	m := newTestModel(t, Config{Store: apartlessStore{&s}, Seed: 7, NewGame: true})
	if len(m.warnings) == 0 || !strings.Contains(m.warnings[0].text, "A game is not left until it can be written there") ||
		strings.Contains(m.warnings[0].text, "wait in") {
		t.Fatalf("the warnings at the start: %v", m.warnings)
	}
	for range 3 {
		moveOnce(t, m)
	}
	id := m.cur.ID
	leaveForNew(m)
	if m.cur.ID != id || m.cur.Game.MoveCount() != 3 {
		t.Errorf("after n: game %s of %d moves; want the game left, %s, in progress", m.cur.ID, m.cur.Game.MoveCount(), id)
	}
}
