package tui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
)

// errInjected is the failure of a write that a test makes fail.
var errInjected = errors.New("no space left on device (injected)")

// The writes of a faultyStore, as its fail names them.
const (
	writeGame       = "game"       // the game in progress
	writeHistory    = "history"    // a line of the history
	writeUnrecorded = "unrecorded" // a game waiting for the history, or those that wait rewritten
)

// A faultyStore is a player's data whose writes fail as fail says: it is
// called before each write with what is written, and an error it returns
// is the write's, and the write is not made.
type faultyStore struct {
	playerdata.Store
	fail func(what string) error // nil: no write fails
}

// check returns the error fail gives for the write what, if any.
func (f *faultyStore) check(what string) error {
	if f.fail == nil {
		return nil
	}
	return f.fail(what)
}

func (f *faultyStore) SaveGame(g playerdata.SavedGame, sync bool) error {
	if err := f.check(writeGame); err != nil {
		return fmt.Errorf("saving: %w", err)
	}
	return f.Store.SaveGame(g, sync)
}

func (f *faultyStore) AppendHistory(g history.Game) error {
	if err := f.check(writeHistory); err != nil {
		return fmt.Errorf("recording the game: %w", err)
	}
	return f.Store.AppendHistory(g)
}

func (f *faultyStore) AddUnrecorded(g history.Game) error {
	if err := f.check(writeUnrecorded); err != nil {
		return fmt.Errorf("keeping the game: %w", err)
	}
	return f.Store.AddUnrecorded(g)
}

func (f *faultyStore) SetUnrecorded(games []history.Game) error {
	if err := f.check(writeUnrecorded); err != nil {
		return err
	}
	return f.Store.SetUnrecorded(games)
}

// savedOverGame saves, in s, a game over of one move with the ID id, and
// returns it.
func savedOverGame(t *testing.T, s playerdata.Files, id string) playerdata.SavedGame {
	t.Helper()
	b, err := engine.Parse(lostOrWon)
	if err != nil {
		t.Fatal(err)
	}
	g := playerdata.SavedGame{ID: id, Game: engine.NewGameFrom(b, 3)}
	if _, ok := g.Game.Move(engine.Down); !ok || !g.Game.Over() {
		t.Fatal("down does not end the game of lostOrWon")
	}
	if err := s.SaveGame(g, true); err != nil {
		t.Fatal(err)
	}
	return g
}

// session starts the game on the store s, as 2048 does, or as 2048 -new
// does with fresh.
func session(t *testing.T, s playerdata.Store, fresh bool) *Model {
	t.Helper()
	return newTestModel(t, Config{Store: s, Seed: 7, NewGame: fresh})
}

// moveOnce plays the first move of down, left, right and up that moves.
func moveOnce(t *testing.T, m *Model) {
	t.Helper()
	n := m.cur.Game.MoveCount()
	for _, k := range []string{"down", "left", "right", "up"} {
		if press(m, k); m.cur.Game.MoveCount() > n {
			return
		}
	}
	t.Fatalf("no move moves: game %q over %v, warnings %v", m.cur.ID, m.cur.Game.Over(), m.warnings)
}

// leaveForNew leaves the game on screen for a new one, as n does, saying
// yes if the game asks.
func leaveForNew(m *Model) {
	press(m, "n")
	if m.play.asking == confirmNew {
		press(m, "y")
	}
}

// ids counts the games of each ID in the history of s, and returns the
// number of lines.
func ids(t *testing.T, s playerdata.Files) (map[string]int, int) {
	t.Helper()
	log := historyOf(t, s)
	n := map[string]int{}
	for _, g := range log.Games {
		n[g.ID]++
	}
	return n, len(log.Games)
}

// TestLeavingRecordsEachGameOnce injects a fault at each write of a
// session in which the player leaves two games — a full disk at that one
// write, or a kill there, after which nothing more is written — and then
// plays on, in sessions that write, leaving the game on screen. The
// history then holds every game left exactly once, and the statistics
// count each once.
func TestLeavingRecordsEachGameOnce(t *testing.T) {
	for _, killed := range []bool{false, true} {
		for k := 1; ; k++ {
			name := fmt.Sprintf("write %d fails", k)
			if killed {
				name = fmt.Sprintf("killed at write %d", k)
			}
			s := tempStore(t)
			f := &faultyStore{Store: &s}
			a := savedOverGame(t, s, "aaaaaaaaaaaaaaaa")
			writes, reached := 0, false
			var done []string
			f.fail = func(what string) error {
				writes++
				switch {
				case writes < k:
				case writes == k:
					reached = true
					return errInjected
				case killed:
					return errInjected
				}
				done = append(done, what)
				return nil
			}
			m := session(t, f, false)
			leaveForNew(m) // the game over, a
			b := m.cur.ID
			if b != a.ID { // else a could be recorded nowhere, and stays
				moveOnce(t, m)
				leaveForNew(m) // b, of one move
			}
			m.shutdown()
			if !reached {
				if k == 1 {
					t.Fatal("the session wrote nothing")
				}
				break // every write has had its fault
			}

			f.fail = nil
			for range 2 { // the next sessions: each leaves what is on screen
				m = session(t, f, false)
				if m.cur.Game.MoveCount() > 0 {
					leaveForNew(m)
				}
				m.shutdown()
				if err := m.unrecordedError(); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
			count, lines := ids(t, s)
			for id, n := range count {
				if n != 1 {
					t.Errorf("%s: game %q is in the history %d times; want once (writes: %q)", name, id, n, done)
				}
			}
			if count[a.ID] != 1 {
				t.Errorf("%s: the game over left is in the history %d times; want once", name, count[a.ID])
			}
			if !killed && b != a.ID && count[b] != 1 {
				t.Errorf("%s: the game of one move left is in the history %d times; want once", name, count[b])
			}
			if m.past.summary.Games != lines {
				t.Errorf("%s: the statistics count %d games, the history holds %d", name, m.past.summary.Games, lines)
			}
		}
	}
}

// TestNewGameSavedAtOnce: -new saves the new game at once, so that a kill
// before any key does not resume the game left, to count it again.
func TestNewGameSavedAtOnce(t *testing.T) {
	s := tempStore(t)
	a := savedOverGame(t, s, "aaaaaaaaaaaaaaaa")
	m := session(t, &s, true) // and a kill: no shutdown
	saved, err := s.LoadGame()
	if err != nil || saved.ID == a.ID || saved.ID != m.cur.ID {
		t.Fatalf("after -new, the saved game is %q (%v); want the new game %q", saved.ID, err, m.cur.ID)
	}
	for range 3 {
		m = session(t, &s, true)
	}
	if count, lines := ids(t, s); lines != 1 || count[a.ID] != 1 || m.past.summary.Games != 1 {
		t.Errorf("after four -new: %d lines, %v, %d games counted; want game %q once", lines, count, m.past.summary.Games, a.ID)
	}
}

// TestNewWithUnwritableState: with a state directory that cannot be
// written, every -new leaves the same saved game, and it is recorded once.
func TestNewWithUnwritableState(t *testing.T) {
	s := tempStore(t)
	f := &faultyStore{Store: &s}
	a := savedOverGame(t, s, "aaaaaaaaaaaaaaaa")
	f.fail = func(what string) error {
		if what == writeGame {
			return errInjected
		}
		return nil
	}
	for range 3 {
		m := session(t, f, true)
		if m.saveErr == nil {
			t.Fatal("the new game was saved in a state directory that cannot be written")
		}
	}
	if count, lines := ids(t, s); lines != 1 || count[a.ID] != 1 {
		t.Errorf("three -new with the state unwritable: %d lines, %v; want game %q once", lines, count, a.ID)
	}
}

// TestLeftGameNotResumed: a game whose line is in the history (the program
// was killed between writing it and saving the next game) is not resumed:
// the player had asked for a new game.
func TestLeftGameNotResumed(t *testing.T) {
	s := tempStore(t)
	a := savedOverGame(t, s, "aaaaaaaaaaaaaaaa")
	line := history.FromEngine(a.Game, nil)
	line.ID = a.ID
	line.Ended = testTime
	if err := s.AppendHistory(line); err != nil {
		t.Fatal(err)
	}
	m := session(t, &s, false)
	if m.cur.ID == a.ID || m.cur.Game.MoveCount() != 0 {
		t.Errorf("resumed the game left (%q, %d moves); want a new game", m.cur.ID, m.cur.Game.MoveCount())
	}
	if m.statsNow().Games != 1 {
		t.Errorf("the statistics count %d games; want 1", m.statsNow().Games)
	}
}

// TestHistoryUnwritable: games left while the history cannot be written
// are counted, kept aside, reported at the end with an error, and written
// to the history once it can be.
func TestHistoryUnwritable(t *testing.T) {
	s := tempStore(t)
	f := &faultyStore{Store: &s}
	savedOverGame(t, s, "aaaaaaaaaaaaaaaa")
	f.fail = func(what string) error {
		if what == writeHistory {
			return errInjected
		}
		return nil
	}
	m := session(t, f, false)
	leaveForNew(m)
	moveOnce(t, m)
	leaveForNew(m)
	m.shutdown()
	if m.past.summary.Games != 2 {
		t.Errorf("%d games counted; want the 2 left", m.past.summary.Games)
	}
	err := m.unrecordedError()
	if err == nil || !strings.Contains(err.Error(), "2 games") || !strings.Contains(err.Error(), s.UnrecordedPath()) {
		t.Errorf("at the end: %v; want an error saying where the 2 games are", err)
	}
	if _, lines := ids(t, s); lines != 0 {
		t.Fatalf("%d lines written to a history that fails", lines)
	}

	f.fail = nil
	m = session(t, f, false)
	if count, lines := ids(t, s); lines != 2 || len(count) != 2 || m.past.summary.Games != 2 {
		t.Errorf("the next start: %d lines %v, %d counted; want the 2 games once each", lines, count, m.past.summary.Games)
	}
	if _, err := os.Stat(s.UnrecordedPath()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s is still there once its games are in the history: %v", s.UnrecordedPath(), err)
	}
	if err := m.unrecordedError(); err != nil {
		t.Error(err)
	}
}

// TestHistoryUnreadable: while the history cannot be read, nothing is
// appended to it (a game in it could be appended twice): a game left waits,
// and the end of the session says so.
func TestHistoryUnreadable(t *testing.T) {
	s := tempStore(t)
	savedOverGame(t, s, "aaaaaaaaaaaaaaaa")
	if err := os.MkdirAll(s.HistoryPath(), 0o755); err != nil { // a directory: read fails
		t.Fatal(err)
	}
	m := session(t, &s, false)
	leaveForNew(m)
	m.shutdown()
	if m.past.summary.Games != 1 || m.unrecordedError() == nil {
		t.Errorf("%d games counted, end: %v; want the game counted and an error", m.past.summary.Games, m.unrecordedError())
	}
	if err := os.Remove(s.HistoryPath()); err != nil {
		t.Fatal(err)
	}
	m = session(t, &s, false)
	if count, lines := ids(t, s); lines != 1 || count["aaaaaaaaaaaaaaaa"] != 1 || m.past.summary.Games != 1 {
		t.Errorf("once the history can be read: %d lines %v, %d counted; want the game once", lines, count, m.past.summary.Games)
	}
}

// TestGameKeptWhenNowhereToRecord: a game that can be written neither to
// the history nor aside is not left: it stays on screen, with a warning.
func TestGameKeptWhenNowhereToRecord(t *testing.T) {
	s := tempStore(t)
	f := &faultyStore{Store: &s}
	a := savedOverGame(t, s, "aaaaaaaaaaaaaaaa")
	f.fail = func(what string) error {
		if what != writeGame {
			return errInjected
		}
		return nil
	}
	m := session(t, f, false)
	leaveForNew(m)
	if m.cur.ID != a.ID || len(m.warnings) == 0 || m.past.summary.Games != 0 {
		t.Errorf("after n: game %q, warnings %v, %d counted; want the game kept, a warning, nothing counted", m.cur.ID, m.warnings, m.past.summary.Games)
	}
	f.fail = nil
	leaveForNew(m)
	if count, lines := ids(t, s); m.cur.ID == a.ID || lines != 1 || count[a.ID] != 1 {
		t.Errorf("n once the disk has room: game %q, %d lines; want the game left, once", m.cur.ID, lines)
	}
}

// TestLegacySaveGetsStableID: a game saved without an ID gets the same one
// at every start, so that leaving it twice records it once.
func TestLegacySaveGetsStableID(t *testing.T) {
	s := tempStore(t)
	savedOverGame(t, s, "")
	first, err := s.LoadGame()
	if err != nil {
		t.Fatal(err)
	}
	second, err := s.LoadGame()
	if err != nil || first.ID == "" || first.ID != second.ID {
		t.Errorf("IDs of a save without one: %q, then %q (%v); want one, the same", first.ID, second.ID, err)
	}
	if err := history.CheckID(first.ID); err != nil {
		t.Error(err)
	}
}

// TestMessagesNameShownFiles: with Shown set, as 2048 serve sets it, what
// the player reads of a full disk names the files from there, never from
// where they are kept.
func TestMessagesNameShownFiles(t *testing.T) {
	s := tempStore(t)
	f := &faultyStore{Store: &s}
	s.Shown = filepath.Dir(filepath.Dir(s.StateDir))
	files := map[string]string{writeGame: s.GamePath(), writeHistory: s.HistoryPath(), writeUnrecorded: s.UnrecordedPath()}
	f.fail = func(what string) error {
		return fmt.Errorf("writing %s: %w", files[what], errInjected)
	}
	m := session(t, f, true)
	moveOnce(t, m)
	leaveForNew(m) // recorded nowhere: the game goes on
	banner := strings.Join(m.play.bannerLines(m, 400), "\n")
	for _, want := range []string{filepath.Join("state", "2048", "game.json"), filepath.Join("state", "2048", "unrecorded.jsonl")} {
		if !strings.Contains(banner, want) {
			t.Errorf("the banner does not name %s:\n%s", want, banner)
		}
	}
	if strings.Contains(banner, s.Shown) {
		t.Errorf("the banner names where the files are kept, %s:\n%s", s.Shown, banner)
	}
}
