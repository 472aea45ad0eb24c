package tui

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
)

// Each test here checks one definition of the doc comments of record.go
// and of history.Summary.

// historyOf reads the history file of the store s whole, as
// history.Read does, and fails t if it has a line that cannot be read.
func historyOf(t *testing.T, s playerdata.Files) history.Log {
	t.Helper()
	f, err := os.Open(s.HistoryPath())
	if errors.Is(err, fs.ErrNotExist) {
		return history.Log{}
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	log, err := history.Read(f)
	if err != nil || len(log.Skipped) > 0 {
		t.Fatalf("reading %s: %v, skipped %v", s.HistoryPath(), err, log.Skipped)
	}
	return log
}

// TestPlayedCountsLeftGames: a game gets its line when it is left with at
// least one move; quitting is not leaving, and an untouched game is not a
// game.
func TestPlayedCountsLeftGames(t *testing.T) {
	s := tempStore(t)
	m := newTestModel(t, Config{Store: &s})
	press(m, "n") // no move: nothing to count
	if m.past.summary.Games != 0 || len(historyOf(t, s).Games) != 0 {
		t.Fatalf("a game of no move counted: %+v", m.past.summary)
	}
	playSome(m.cur.Game, 5)
	press(m, "q")
	m = New(t.Context(), Config{Store: &s})
	if m.past.summary.Games != 0 || len(historyOf(t, s).Games) != 0 {
		t.Fatalf("quitting counted the game: %+v", m.past.summary)
	}
	m = New(t.Context(), Config{Store: &s, NewGame: true})
	if log := historyOf(t, s); len(log.Games) != 1 || m.past.summary.Games != 1 || len(log.Games[0].Moves) != 5 {
		t.Errorf("-new on a saved game: %d lines, %+v in the game; want it played, its 5 moves in its line", len(log.Games), m.past.summary)
	}
}

// lostOrWon is a position where down ends the game (with the spawns of
// seed 3) and left makes 2048.
const lostOrWon = "64 32 2 2 / 8 512 1024 1024 / 128 2 0 256 / 512 4 512 128"

// TestWonAfterUndo: a game lost, undone and then won counts once, as won,
// and gets one line. The game over counts while it is on screen, and the
// undo takes it out.
func TestWonAfterUndo(t *testing.T) {
	s := tempStore(t)
	m := modelAt(t, Config{Store: &s}, lostOrWon, 3)
	press(m, "down")
	if st := m.statsNow(); !m.cur.Game.Over() || st.Games != 1 || st.Won != 0 {
		t.Fatalf("after the losing move: over %v, %+v; want one game played, lost", m.cur.Game.Over(), st)
	}
	press(m, "u")
	if st := m.statsNow(); st.Games != 0 {
		t.Fatalf("undo after the loss kept the count: %+v", st)
	}
	press(m, "left")
	press(m, "k") // keep going after 2048
	press(m, "n")
	press(m, "y")
	if st := m.statsNow(); st.Games != 1 || st.Won != 1 {
		t.Errorf("lost, undone, won and left: %+v; want one game played, won", st)
	}
	if log := historyOf(t, s); len(log.Games) != 1 || !log.Games[0].Won() {
		t.Errorf("the history holds %d games; want the one, won", len(log.Games))
	}
}

// TestWonIsAsLeft: a game that made 2048, undone below it and then lost
// counts as not won.
func TestWonIsAsLeft(t *testing.T) {
	m := modelAt(t, Config{}, lostOrWon, 3)
	press(m, "left")
	press(m, "k")
	press(m, "u")
	press(m, "down") // which loses
	if st := m.statsNow(); !m.cur.Game.Over() || st.Games != 1 || st.Won != 0 {
		t.Errorf("%+v; want one game played, not won", st)
	}
}

// TestHintedWhenShown: a game counts as hinted once a hint reaches the
// screen, not when h is pressed: not while the AI plays, and not when a
// move comes before the hint.
func TestHintedWhenShown(t *testing.T) {
	m := newTestModel(t, Config{Depth: 2})
	press(m, "h")
	press(m, "left") // before the answer: the hint never shows
	if m.cur.Hinted {
		t.Error("a hint that never showed marked the game")
	}
	auto := press(m, "a")
	press(m, "h") // the AI is thinking: h shows nothing
	settle(m, auto, 10)
	press(m, "h")
	press(m, "a")
	if m.cur.Hinted || !m.cur.Autoplayed {
		t.Errorf("hinted %v, autoplayed %v after h pressed during autoplay; want autoplayed only", m.cur.Hinted, m.cur.Autoplayed)
	}
	settle(m, press(m, "h"), 5)
	if m.ai.hint == nil || !m.cur.Hinted {
		t.Errorf("the hint on screen did not mark the game: hint %v", m.ai.hint)
	}
	m.cur.Hinted = false
	m.ai.hint = nil
	settle(m, press(m, "space"), 5) // asks, and plays the answer
	if !m.cur.Hinted {
		t.Error("a move played with space did not mark the game")
	}
}

// TestRecordsFromTheGame: the best score and the highest tile of the game
// in progress are in its save, written with every move, so that neither a
// kill -9 nor leaving a resumed game loses them.
func TestRecordsFromTheGame(t *testing.T) {
	s := tempStore(t)
	m := newTestModel(t, Config{Store: &s})
	for m.cur.Game.Score() == 0 {
		press(m, "left")
		press(m, "down")
	}
	// Killed here: nothing but the moves' saves written.
	m2 := New(t.Context(), Config{Store: &s})
	if st := m2.statsNow(); st.BestScore != m.cur.Game.Score() || st.HighestTile != m.cur.Game.HighestTile() {
		t.Errorf("after the moves, killed: %+v; want best %d, tile %d", st, m.cur.Game.Score(), m.cur.Game.HighestTile())
	}
	if !strings.Contains(m2.render(), "BEST") || !strings.Contains(m2.render(), " "+figures.Count(m.cur.Game.Score())) {
		t.Errorf("the panel does not show the best score:\n%s", m2.render())
	}
	m3 := New(t.Context(), Config{Store: &s, NewGame: true})
	if st := m3.statsNow(); st.BestScore != m.cur.Game.Score() || st.Games != 1 {
		t.Errorf("after leaving the resumed game of %d points: %+v", m.cur.Game.Score(), st)
	}
}

// TestUndoKeepsTheBest: an undo does not lower the best score on screen,
// in this session nor the next, before or after the game is left; the
// game counts its undos, and its line keeps them and the score it reached.
func TestUndoKeepsTheBest(t *testing.T) {
	s := tempStore(t)
	m := newTestModel(t, Config{Store: &s})
	for m.cur.Game.Score() == 0 {
		press(m, "left")
		press(m, "down")
	}
	peak := m.cur.Game.Score()
	for m.cur.Game.Score() == peak && m.cur.Game.CanUndo() {
		press(m, "u")
	}
	undos := m.cur.Undos
	if undos == 0 || m.statsNow().BestScore != peak || !strings.Contains(m.render(), " "+figures.Count(peak)) {
		t.Fatalf("after %d undos: best %d on a score of %d; want the %d reached", undos, m.statsNow().BestScore, m.cur.Game.Score(), peak)
	}
	m = New(t.Context(), Config{Store: &s})
	if m.cur.Undos != undos || m.statsNow().BestScore != peak {
		t.Errorf("resumed: %d undos, best %d; want %d and %d", m.cur.Undos, m.statsNow().BestScore, undos, peak)
	}
	m = New(t.Context(), Config{Store: &s, NewGame: true})
	log := historyOf(t, s)
	if len(log.Games) != 1 || log.Games[0].Undos != undos || log.Games[0].Peak != peak || m.statsNow().BestScore != peak {
		t.Errorf("left: %+v, best %d; want its %d undos and peak %d, and the best %d", log.Games, m.statsNow().BestScore, undos, peak, peak)
	}
}

// TestWhoMoved: the line of a game says who made each move: the player,
// the AI by autoplay, or the AI by a hint played with its key; an undone
// move is forgotten.
func TestWhoMoved(t *testing.T) {
	m := newTestModel(t, Config{Depth: 1})
	press(m, "left")
	settle(m, press(m, "space"), 5) // a hint asked for and played
	press(m, "down")
	press(m, "u")
	auto := press(m, "a")
	settle(m, auto, 6)
	press(m, "a")
	text, _ := m.line().By.MarshalText()
	by := string(text)
	if len(by) != m.cur.Game.MoveCount() || !strings.HasPrefix(by, "ph") || !strings.Contains(by, "a") || strings.Count(by, "p") != 1 {
		t.Errorf("By = %q for %d moves; want p, h, then autoplay's a", by, m.cur.Game.MoveCount())
	}
	// A game saved by a version that did not record it says nothing, and
	// goes on saying nothing.
	m.cur.By = nil
	press(m, "right")
	press(m, "up")
	if m.line().By != nil {
		t.Errorf("a game of unknown movers recorded %q", m.line().By)
	}
}

// TestTimePlayed: the time played is the time between moves, each pause
// counted up to maxPause.
func TestTimePlayed(t *testing.T) {
	m := newTestModel(t, Config{})
	clock := time.Date(2026, 11, 23, 14, 0, 0, 0, time.UTC)
	m.now = func() time.Time { return clock }
	m.lastActive = clock
	for _, pause := range []time.Duration{2 * time.Second, 3 * time.Second, 8 * time.Hour, 5 * time.Second} {
		clock = clock.Add(pause)
		m.cur.Game.Undo() // a move that is sure to move again: the time counts for undo too
		m.countTime()
	}
	if want := 2*time.Second + 3*time.Second + maxPause + 5*time.Second; m.cur.Played != want {
		t.Errorf("Played = %v; want %v", m.cur.Played, want)
	}
}

// TestMigration: the statistics of earlier versions go into the history
// once, as its earlier games, less the game in progress if they counted
// it already (its own line will); stats.json is renamed, not lost.
func TestMigration(t *testing.T) {
	s := tempStore(t)
	os.MkdirAll(s.DataDir, 0o755)
	old := `{"version":1,"best_score":36112,"highest_tile":4096,"games_played":42,"games_won":3,"games_hinted":10,"games_autoplayed":5}`
	os.WriteFile(filepath.Join(s.DataDir, "stats.json"), []byte(old), 0o644)
	g := engine.NewGame(5)
	playSome(g, 3000) // to the end
	s.SaveGame(playerdata.SavedGame{Game: g, Hinted: true, Counted: true}, true)

	m := New(t.Context(), Config{Store: &s})
	want := history.Earlier{GamesPlayed: 41, GamesWon: 3, GamesHinted: 9, GamesAutoplayed: 5, BestScore: 36112, HighestTile: 4096}
	if m.past.earlier != want || m.cur.Counted {
		t.Errorf("earlier games %+v, counted %v; want %+v, and the game in progress no longer counted", m.past.earlier, m.cur.Counted, want)
	}
	if st := m.statsNow(); st.Games != 42 || st.Hinted != 10 || st.BestScore != 36112 {
		t.Errorf("statistics with the game over on screen: %+v; want the 42 games of stats.json", st)
	}
	if got, err := os.ReadFile(filepath.Join(s.DataDir, "stats.json") + ".migrated"); err != nil || string(got) != old {
		t.Errorf("stats.json.migrated: %q, %v; want stats.json as it was", got, err)
	}
	if _, err := os.Stat(filepath.Join(s.DataDir, "stats.json")); err == nil {
		t.Error("stats.json is still there: it would be carried again")
	}
	if !strings.Contains(m.note, "41 games") {
		t.Errorf("note %q; want the player told", m.note)
	}
	// A crash between the line and the rename: stats.json comes back, and
	// is not counted twice.
	os.WriteFile(filepath.Join(s.DataDir, "stats.json"), []byte(old), 0o644)
	s.SaveGame(playerdata.SavedGame{Game: g, Hinted: true, Counted: true}, true)
	m = New(t.Context(), Config{Store: &s, NewGame: true})
	if m.past.summary.Games != 42 || len(historyOf(t, s).Earlier) != 1 {
		t.Errorf("after a second start: %d games, %d lines of earlier games; want 42 and 1", m.past.summary.Games, len(historyOf(t, s).Earlier))
	}
}

// TestDamagedHistory: a damaged line of the history is skipped, the player
// is told once, and the line is kept aside; the others count.
func TestDamagedHistory(t *testing.T) {
	s := tempStore(t)
	for seed := range uint64(3) {
		s.AppendHistory(finishedGame(t, seed+1, 40))
	}
	data, _ := os.ReadFile(s.HistoryPath())
	lines := strings.SplitAfter(string(data), "\n")
	bad := strings.Replace(lines[1], `"score":`, `"score":7`, 1)
	os.WriteFile(s.HistoryPath(), []byte(lines[0]+bad+lines[2]), 0o644)

	m := newTestModel(t, Config{Store: &s})
	if m.past.summary.Games != 2 || len(m.warnings) != 2 || !strings.Contains(m.warnings[0].text, "line 2") ||
		!strings.Contains(m.warnings[1].text, ".damaged") {
		t.Errorf("%d games, warnings %+v; want 2 games, and line 2 said skipped and moved", m.past.summary.Games, m.warnings)
	}
	if aside, _ := os.ReadFile(s.HistoryPath() + ".damaged"); string(aside) != bad {
		t.Errorf("history.jsonl.damaged holds %q; want the damaged line", aside)
	}
	m = newTestModel(t, Config{Store: &s})
	if m.past.summary.Games != 2 || len(m.warnings) != 0 {
		t.Errorf("at the next start: %d games, warnings %+v; want 2 games and no warning", m.past.summary.Games, m.warnings)
	}
	var g history.Game
	if err := json.Unmarshal([]byte(bad), &g); err == nil {
		t.Error("the damaged line reads")
	}
}

// TestStatisticsNotWrittenOverUnreadable: statistics that could not be read
// stay as they are, whatever happens in the game, and the player is told.
// Before, 42 games played became 0.
func TestStatisticsNotWrittenOverUnreadable(t *testing.T) {
	s := tempStore(t)
	os.MkdirAll(s.DataDir, 0o755)
	unread := `{"version":2,"games_played":42}`
	os.WriteFile(filepath.Join(s.DataDir, "stats.json"), []byte(unread), 0o644)
	m := modelAt(t, Config{Store: &s}, "0 32 64 32 / 8 16 8 64 / 32 4 16 2 / 8 32 64 4", 5)
	if view := m.render(); !strings.Contains(view, "newer") || !strings.Contains(view, "not written over") {
		t.Errorf("the player is not told why:\n%s", view)
	}
	press(m, "left") // the game ends
	press(m, "n")
	press(m, "q")
	if got, _ := os.ReadFile(filepath.Join(s.DataDir, "stats.json")); string(got) != unread {
		t.Errorf("stats.json is now %s; want it untouched", got)
	}
}
