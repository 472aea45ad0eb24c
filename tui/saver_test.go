package tui

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
)

// memorySaves keeps the game in progress in memory, encoded as the file
// is, and the rest of the player's data in Store: the data of a player
// whose game in progress is not in the files (2048 serve's players: their
// games are in its database).
type memorySaves struct {
	playerdata.Store
	data    []byte // the game saved; nil: none
	saves   int    // the saves made
	loadErr error  // the error of LoadGame, if set
	saveErr error  // the error of SaveGame, if set
}

func (s *memorySaves) LoadGame() (playerdata.SavedGame, error) {
	switch {
	case s.loadErr != nil:
		return playerdata.SavedGame{}, s.loadErr
	case s.data == nil:
		return playerdata.SavedGame{}, fs.ErrNotExist
	}
	return playerdata.DecodeSavedGame(s.data)
}

func (s *memorySaves) SaveGame(g playerdata.SavedGame, sync bool) error {
	if s.saveErr != nil {
		return s.saveErr
	}
	data, err := playerdata.EncodeSavedGame(g)
	if err == nil {
		s.data, s.saves = data, s.saves+1
	}
	return err
}

// TestSavesApart plays with a Store that keeps the game in progress apart
// from the files: each move is saved there, not in game.json, and the next
// session resumes it from there.
func TestSavesApart(t *testing.T) {
	s := tempStore(t)
	saves := &memorySaves{Store: &s}
	m := newTestModel(t, Config{Store: saves, Seed: 7})
	moveOnce(t, m)
	before := saves.saves
	moveOnce(t, m)
	if saves.saves != before+1 {
		t.Errorf("%d saves for a move; want 1", saves.saves-before)
	}
	board, n := m.cur.Game.Board(), m.cur.Game.MoveCount()
	m.shutdown()
	if _, err := os.Stat(s.GamePath()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s written (%v); want the game in the saver only", s.GamePath(), err)
	}
	again := newTestModel(t, Config{Store: saves, Seed: 7})
	if again.cur.Game.Board() != board || again.cur.Game.MoveCount() != n || !strings.Contains(again.note, "Welcome back") {
		t.Errorf("resumed %v after %d moves, note %q; want %v after %d", again.cur.Game.Board(), again.cur.Game.MoveCount(), again.note, board, n)
	}
}

// TestSavesApartLeftGameNotResumed: a game the saver holds whose ID the
// history has is a game left, as with the Store's file: a new game begins,
// and the one left counts once.
func TestSavesApartLeftGameNotResumed(t *testing.T) {
	s := tempStore(t)
	a := savedOverGame(t, s, "aaaaaaaaaaaaaaaa")
	line := history.FromEngine(a.Game, nil)
	line.ID, line.Ended = a.ID, testTime
	if err := s.AppendHistory(line); err != nil {
		t.Fatal(err)
	}
	saves := &memorySaves{Store: &s}
	if err := saves.SaveGame(a, true); err != nil {
		t.Fatal(err)
	}
	os.Remove(s.GamePath())
	m := newTestModel(t, Config{Store: saves, Seed: 7})
	if m.cur.ID == a.ID || m.cur.Game.MoveCount() != 0 || m.statsNow().Games != 1 {
		t.Errorf("game %q of %d moves, %d games counted; want a new game, and the one left counted once", m.cur.ID, m.cur.Game.MoveCount(), m.statsNow().Games)
	}
}

// TestSavesApartErrors: a saver that cannot load or save tells the
// player, and the game goes on on the screen.
func TestSavesApartErrors(t *testing.T) {
	s := tempStore(t)
	saves := &memorySaves{Store: &s, loadErr: errors.New("the saved game cannot be read (injected)"), saveErr: errInjected}
	m := newTestModel(t, Config{Store: saves, Seed: 7})
	moveOnce(t, m)
	moveOnce(t, m)
	view := m.render()
	for _, want := range []string{"Saved game not resumed: the saved game cannot be read", "Not saved, play goes on"} {
		if !strings.Contains(view, want) {
			t.Errorf("the screen does not say %q:\n%s", want, view)
		}
	}
	if n := m.cur.Game.MoveCount(); n != 2 {
		t.Errorf("%d moves on screen; want 2, the game going on", n)
	}
}
