// Package storetest tests an implementation of playerdata.Store: one
// suite, written once and run on every implementation (the files of a
// local player, the data of a player of 2048 serve), as testing/fstest's
// TestFS tests a file system.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/dirlock"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
)

// Run runs the suite on the stores newStore returns: each must hold no
// data of the player yet, and be the test's alone.
func Run(t *testing.T, newStore func(t *testing.T) playerdata.Store) {
	for _, c := range []struct {
		name string
		test func(t *testing.T, s playerdata.Store)
	}{
		{"SavedGame", testSavedGame},
		{"History", testHistory},
		{"Unrecorded", testUnrecorded},
		{"Reviews", testReviews},
		{"MigrateNothing", testMigrateNothing},
		{"Lock", testLock},
		{"Messages", testMessages},
		{"Prefs", testPrefs},
		{"Practice", testPractice},
	} {
		t.Run(c.name, func(t *testing.T) { c.test(t, newStore(t)) })
	}
}

// played returns the game of seed after n moves, or fewer if it ends
// first: the first of down, left, right and up that moves, each time.
func played(seed uint64, n int) *engine.Game {
	g := engine.NewGame(seed)
	for g.MoveCount() < n && !g.Over() {
		for _, d := range []engine.Direction{engine.Down, engine.Left, engine.Right, engine.Up} {
			if _, ok := g.Move(d); ok {
				break
			}
		}
	}
	return g
}

// finished returns the line of the history of the game of seed after n
// moves, with the ID of its seed.
func finished(seed uint64, n int) history.Game {
	line := history.FromEngine(played(seed, n), nil)
	line.ID = fmt.Sprintf("%016x", seed)
	line.Ended = time.Date(2026, 11, 23, 14, 5, 0, 0, time.UTC)
	return line
}

// testSavedGame: no game saved, then each save in place of the one
// before, read back as it was saved, with and without sync.
func testSavedGame(t *testing.T, s playerdata.Store) {
	if _, err := s.LoadGame(); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("LoadGame with none saved = %v; want fs.ErrNotExist", err)
	}
	for i, sync := range []bool{false, true, false} {
		g := playerdata.SavedGame{ID: fmt.Sprintf("%016x", i+1), Game: played(uint64(i+1), 10*i+5), Hinted: i == 1, Undos: i}
		if err := s.SaveGame(g, sync); err != nil {
			t.Fatalf("SaveGame(%d, sync %v) = %v", i, sync, err)
		}
		back, err := s.LoadGame()
		if err != nil || back.ID != g.ID || back.Game.Board() != g.Game.Board() || back.Game.MoveCount() != g.Game.MoveCount() ||
			back.Hinted != g.Hinted || back.Undos != g.Undos {
			t.Errorf("LoadGame after save %d = %+v, %v; want %+v", i, back, err, g)
		}
	}
}

// testHistory: an empty history, then games appended, indexed, and read
// back whole; with leaderboards, the games appended are ranked there.
func testHistory(t *testing.T, s playerdata.Store) {
	x, notes, err := s.LoadHistory()
	if err != nil || len(x.Records) != 0 || len(notes) != 0 {
		t.Fatalf("LoadHistory of none = %d records, %q, %v; want none", len(x.Records), notes, err)
	}
	games := []history.Game{finished(5, 40), finished(6, 80)}
	for _, g := range games {
		if err := s.AppendHistory(g); err != nil {
			t.Fatal(err)
		}
	}
	x, notes, err = s.LoadHistory()
	if err != nil || len(x.Records) != len(games) || len(notes) != 0 {
		t.Fatalf("LoadHistory = %d records, %q, %v; want the %d appended", len(x.Records), notes, err, len(games))
	}
	for i, r := range x.Records {
		if r.ID != games[i].ID || r.Score != games[i].Score {
			t.Errorf("record %d = %q, score %d; want %q, %d", i, r.ID, r.Score, games[i].ID, games[i].Score)
		}
		g, err := s.ReadGame(r)
		if err != nil || g.ID != r.ID || len(g.Moves) != games[i].MoveCount {
			t.Errorf("ReadGame(%q) = %d moves, %v; want %d", r.ID, len(g.Moves), err, games[i].MoveCount)
		}
	}
	if ranks := s.Ranks(); ranks != nil {
		best := max(games[0].Score, games[1].Score)
		rows, err := ranks.Board("", false)
		if err != nil || len(rows) != 1 || !rows[0].Yours || rows[0].Score != best {
			t.Errorf("the board of the best games = %+v, %v; want the player's best, %d", rows, err, best)
		}
	}
}

// testUnrecorded: none wait, then games kept until they are set to fewer,
// then none; a store that keeps no games apart from the history keeps
// none, and says so.
func testUnrecorded(t *testing.T, s playerdata.Store) {
	if games, damaged, notes, err := s.LoadUnrecorded(); len(games) != 0 || damaged || len(notes) != 0 || err != nil {
		t.Fatalf("LoadUnrecorded of none = %d games, %v, %q, %v; want none", len(games), damaged, notes, err)
	}
	if s.UnrecordedPath() == "" {
		testNoneUnrecorded(t, s)
		return
	}
	a, b := finished(7, 20), finished(8, 30)
	for _, g := range []history.Game{a, b} {
		if err := s.AddUnrecorded(g); err != nil {
			t.Fatal(err)
		}
	}
	if got := unrecordedIDs(t, s); len(got) != 2 || got[0] != a.ID || got[1] != b.ID {
		t.Errorf("after two added: %q; want %q, %q", got, a.ID, b.ID)
	}
	if err := s.SetUnrecorded([]history.Game{b}); err != nil {
		t.Fatal(err)
	}
	if got := unrecordedIDs(t, s); len(got) != 1 || got[0] != b.ID {
		t.Errorf("after set to one: %q; want %q", got, b.ID)
	}
	if err := s.SetUnrecorded(nil); err != nil {
		t.Fatal(err)
	}
	if got := unrecordedIDs(t, s); len(got) != 0 {
		t.Errorf("after set to none: %q; want none", got)
	}
}

// testNoneUnrecorded checks a store that keeps no games apart from the
// history: it refuses one, and has none.
func testNoneUnrecorded(t *testing.T, s playerdata.Store) {
	if err := s.AddUnrecorded(finished(7, 20)); err == nil {
		t.Error("AddUnrecorded to a store that keeps none apart succeeded")
	}
	if games, _, _, err := s.LoadUnrecorded(); len(games) != 0 || err != nil {
		t.Errorf("LoadUnrecorded = %d games, %v; want none", len(games), err)
	}
	if err := s.SetUnrecorded(nil); err != nil {
		t.Errorf("SetUnrecorded(none) = %v", err)
	}
}

// unrecordedIDs returns the IDs of the games waiting in s, in order.
func unrecordedIDs(t *testing.T, s playerdata.Store) []string {
	t.Helper()
	games, damaged, _, err := s.LoadUnrecorded()
	if damaged || err != nil {
		t.Fatalf("LoadUnrecorded: damaged %v, %v", damaged, err)
	}
	var ids []string
	for _, g := range games {
		ids = append(ids, g.ID)
	}
	return ids
}

// reviewSetting is the setting of the reviews of the suite: shallow, to
// keep it quick, and the same on every machine, so that it is kept.
var reviewSetting = review.Setting{Depth: 2}

// testReviews: none kept, then the searches kept, read back for their
// game and setting only.
func testReviews(t *testing.T, s playerdata.Store) {
	g := review.Game{Transcript: played(3, 30).Transcript()}
	rev, err := review.Run(context.Background(), g, review.Options{Setting: reviewSetting, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	searches := make([]ai.Result, len(rev.Moves))
	for i, m := range rev.Moves {
		searches[i] = m.Search
	}
	if known, err := s.LoadReview(g, reviewSetting); len(known) != 0 || err != nil {
		t.Fatalf("LoadReview with none kept = %d searches, %v", len(known), err)
	}
	if err := s.SaveReview(g, reviewSetting, searches[:20]); err != nil {
		t.Fatal(err)
	}
	known, err := s.LoadReview(g, reviewSetting)
	if err != nil || len(known) != 20 || known[19].Board != searches[19].Board || known[19].Value != searches[19].Value {
		t.Errorf("LoadReview after keeping 20 = %d searches, %v", len(known), err)
	}
	if known, err := s.LoadReview(g, review.Setting{Depth: 3}); len(known) != 0 || err != nil {
		t.Errorf("LoadReview at another setting = %d searches, %v; want none", len(known), err)
	}
	other := review.Game{Transcript: played(4, 10).Transcript()}
	if known, err := s.LoadReview(other, reviewSetting); len(known) != 0 || err != nil {
		t.Errorf("LoadReview of another game = %d searches, %v; want none", len(known), err)
	}
}

// testMigrateNothing: with no statistics of earlier versions, nothing is
// carried, and the history is as it was.
func testMigrateNothing(t *testing.T, s playerdata.Store) {
	var x history.Index
	e, err := s.MigrateStats(&x, func(e history.Earlier) history.Earlier { return e })
	if err != nil || e != (history.Earlier{}) || len(x.Earlier) != 0 {
		t.Errorf("MigrateStats of none = %+v, %v; want nothing", e, err)
	}
}

// testLock: the data is one game's at a time; once given back, another
// takes it.
func testLock(t *testing.T, s playerdata.Store) {
	release, err := s.Lock()
	if err != nil {
		t.Fatal(err)
	}
	var held *dirlock.HeldError
	if second, err := s.Lock(); !errors.As(err, &held) {
		if err == nil {
			second()
		}
		t.Errorf("a second Lock while held = %v; want a *dirlock.HeldError", err)
	}
	release()
	again, err := s.Lock()
	if err != nil {
		t.Fatalf("Lock once given back = %v", err)
	}
	again()
}

// testMessages: a message that names no place of the player's data is
// left as it is.
func testMessages(t *testing.T, s playerdata.Store) {
	const text = "Saved game not resumed: no space left on device."
	if got := s.ForPlayer(text); got != text {
		t.Errorf("ForPlayer(%q) = %q; want it unchanged", text, got)
	}
	if s.HistoryPath() == "" {
		t.Errorf("HistoryPath() = %q; want where the history is", s.HistoryPath())
	}
}

// testPrefs: a player with no preferences yet has none; the text written
// is read back byte for byte, in place of the one before, and has a name
// for the messages.
func testPrefs(t *testing.T, s playerdata.Store) {
	p := s.Prefs()
	if text, err := p.Read(); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Prefs().Read() of a new player = %q, %v; want fs.ErrNotExist", text, err)
	}
	for _, text := range []string{"# mine\ntheme = \"dark\" # at night\n", "\uFEFFdepth = 3\n", ""} {
		if err := p.Write([]byte(text)); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Prefs().Read(); err != nil || string(got) != text {
			t.Errorf("Prefs().Read() after Write(%q) = %q, %v", text, got, err)
		}
	}
	if p.Name() == "" {
		t.Error("Prefs().Name() is empty; want what the messages call the preferences")
	}
}
