package tui

import (
	"os"
	"strings"
	"testing"

	"github.com/term2048/2048/engine"
)

// Each test here checks one definition of the doc comment of Stats.

// TestPlayedCountsLeftGames: a game counts as played when it is left with
// at least one move; quitting is not leaving, and an untouched game is not
// a game.
func TestPlayedCountsLeftGames(t *testing.T) {
	s := tempStore(t)
	m := newTestModel(t, Config{Store: &s})
	press(m, "n") // no move: nothing to count
	if m.stats.GamesPlayed != 0 {
		t.Fatalf("a game of no move counted: %+v", m.stats)
	}
	playSome(m.cur.Game, 5)
	press(m, "q")
	m = New(t.Context(), Config{Store: &s})
	if m.stats.GamesPlayed != 0 {
		t.Fatalf("quitting counted the game: %+v", m.stats)
	}
	m = New(t.Context(), Config{Store: &s, NewGame: true})
	if st, _ := s.LoadStats(); st.GamesPlayed != 1 || m.stats.GamesPlayed != 1 {
		t.Errorf("-new on a saved game: %+v on disk, %+v in the game; want it played", st, m.stats)
	}
}

// lostOrWon is a position where down ends the game (with the spawns of
// seed 3) and left makes 2048.
const lostOrWon = "64 32 2 2 / 8 512 1024 1024 / 128 2 0 256 / 512 4 512 128"

// TestWonAfterUndo: a game lost, undone and then won counts once, as won.
// Before, the game counted at its loss stayed counted, as lost.
func TestWonAfterUndo(t *testing.T) {
	m := modelAt(t, Config{}, lostOrWon, 3)
	press(m, "down")
	if !m.cur.Game.Over() || m.stats.GamesPlayed != 1 || m.stats.GamesWon != 0 {
		t.Fatalf("after the losing move: over %v, %+v; want one game played, lost", m.cur.Game.Over(), m.stats)
	}
	press(m, "u")
	if m.stats.GamesPlayed != 0 {
		t.Fatalf("undo after the loss kept the count: %+v", m.stats)
	}
	press(m, "left")
	press(m, "k") // keep going after 2048
	press(m, "n")
	press(m, "y")
	if m.stats.GamesPlayed != 1 || m.stats.GamesWon != 1 {
		t.Errorf("lost, undone, won and left: %+v; want one game played, won", m.stats)
	}
}

// TestWonIsAsSettled: a game that made 2048, undone below it and then
// left counts as not won.
func TestWonIsAsSettled(t *testing.T) {
	m := modelAt(t, Config{}, lostOrWon, 3)
	press(m, "left")
	press(m, "k")
	press(m, "u")
	playSome(m.cur.Game, 1) // down, which loses
	m.gameEnded()
	if m.stats.GamesPlayed != 1 || m.stats.GamesWon != 0 {
		t.Errorf("%+v; want one game played, not won", m.stats)
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
	if m.hint == nil || !m.cur.Hinted {
		t.Errorf("the hint on screen did not mark the game: hint %v", m.hint)
	}
	m.cur.Hinted = false
	m.hint = nil
	settle(m, press(m, "space"), 5) // asks, and plays the answer
	if !m.cur.Hinted {
		t.Error("a move played with space did not mark the game")
	}
}

// TestRecordsFromTheGame: the best score and the highest tile are written
// with the move that beats them, and a saved game raises them when it is
// resumed, so that neither a kill -9 nor leaving a resumed game loses them.
func TestRecordsFromTheGame(t *testing.T) {
	s := tempStore(t)
	m := newTestModel(t, Config{Store: &s})
	for m.cur.Game.Score() == 0 {
		playSome(m.cur.Game, m.cur.Game.MoveCount()) // no save: a game as a crash leaves it
		press(m, "left")
		press(m, "down")
	}
	if st, _ := s.LoadStats(); st.BestScore != m.cur.Game.Score() || st.HighestTile != m.cur.Game.HighestTile() {
		t.Errorf("on disk after the moves, without quitting: %+v; want best %d, tile %d", st, m.cur.Game.Score(), m.cur.Game.HighestTile())
	}
	// A game saved by a program that never wrote its statistics.
	g := engine.NewGame(11)
	playSome(g, 300)
	os.Remove(s.statsPath())
	s.SaveGame(SavedGame{Game: g}, true)
	New(t.Context(), Config{Store: &s})
	if st, _ := s.LoadStats(); st.BestScore != g.Score() || st.HighestTile != g.HighestTile() {
		t.Errorf("after resuming a game of %d points: %+v on disk", g.Score(), st)
	}
	os.Remove(s.statsPath())
	m = New(t.Context(), Config{Store: &s, NewGame: true})
	if st, _ := s.LoadStats(); st.BestScore != g.Score() || st.GamesPlayed != 1 {
		t.Errorf("after leaving a resumed game of %d points: %+v on disk", g.Score(), st)
	}
}

// TestStatisticsNotWrittenOverUnreadable: statistics that could not be read
// stay as they are, whatever happens in the game, and the player is told.
// Before, 42 games played became 0.
func TestStatisticsNotWrittenOverUnreadable(t *testing.T) {
	s := tempStore(t)
	os.MkdirAll(s.DataDir, 0o755)
	unread := `{"version":2,"games_played":42}`
	os.WriteFile(s.statsPath(), []byte(unread), 0o644)
	m := modelAt(t, Config{Store: &s}, "0 32 64 32 / 8 16 8 64 / 32 4 16 2 / 8 32 64 4", 5)
	if view := m.render(); !strings.Contains(view, "newer") || !strings.Contains(view, "not written over") {
		t.Errorf("the player is not told why:\n%s", view)
	}
	press(m, "left") // the game ends
	press(m, "n")
	press(m, "q")
	if got, _ := os.ReadFile(s.statsPath()); string(got) != unread {
		t.Errorf("stats.json is now %s; want it untouched", got)
	}
}
