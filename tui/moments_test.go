package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
)

// Positions of the tests of the moments: left ends the game, having merged
// two 2s (4 points, tile 64); left makes 2048 (spawns of seed 5); left
// makes 4096.
const (
	lastMerge = "2 2 64 32 / 8 16 8 64 / 32 4 16 2 / 8 32 64 4"
	makes2048 = "1024 1024 8 4 / 4 8 16 2 / 2 4 8 16 / 0 2 4 8"
	makes4096 = "2048 2048 8 4 / 4 8 16 2 / 2 4 8 16 / 0 2 4 8"
)

// smallGames returns n games of at most 3 points and tile 32.
func smallGames(n int) []history.Game {
	games := make([]history.Game, n)
	for i := range games {
		games[i] = history.Game{Record: history.Record{Score: i % 4, Board: engine.Board(0).With(0, 5), Ended: testTime}}
	}
	return games
}

// TestMoments compares the moments of a game over the board with
// testdata/TestMoments/*.golden.
func TestMoments(t *testing.T) {
	t.Run("over-with-undos", func(t *testing.T) {
		m := modelAt(t, Config{}, lastMerge, 5)
		withGames(m, smallGames(6))
		m.cur.Undos = 3
		press(m, "left")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("over-new-best", func(t *testing.T) {
		m := modelAt(t, Config{}, lastMerge, 5)
		withGames(m, smallGames(6))
		press(m, "left")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("over", func(t *testing.T) {
		m := modelAt(t, Config{}, lastMerge, 5)
		withGames(m, pastGames(t, 6))
		press(m, "left")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("win-by-hand", func(t *testing.T) {
		m := modelAt(t, Config{}, makes2048, 5)
		withGames(m, smallGames(6))
		press(m, "left")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("win-by-autoplay", func(t *testing.T) {
		m := modelAt(t, Config{}, makes2048, 5)
		m.ai.autoplay = true
		m.move(engine.Left, review.ByAutoplay)
		m.ai.stopSearch() // the search for the next move: not needed for the picture
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("first-4096", func(t *testing.T) {
		m := modelAt(t, Config{}, makes4096, 5)
		withGames(m, pastGames(t, 3))
		m.cur.WinSeen = true
		press(m, "left")
		golden.RequireEqual(t, m.View().Content)
	})
}

// TestGameOverSummary: the summary says a new best score or tile only when
// it is one, and the game's place among the player's games.
func TestGameOverSummary(t *testing.T) {
	m := modelAt(t, Config{}, lastMerge, 5)
	withGames(m, smallGames(6))
	press(m, "left")
	if view := plain(m); !strings.Contains(view, "New best score!") || !strings.Contains(view, "New highest tile!") ||
		!strings.Contains(view, "1st of your 7 games") || !strings.Contains(view, "4 points") {
		t.Errorf("a game better than the others:\n%s", m.render())
	}
	m = modelAt(t, Config{}, lastMerge, 5)
	games := pastGames(t, 6)
	withGames(m, games)
	press(m, "left")
	if view := plain(m); strings.Contains(view, "New") || !strings.Contains(view, "6th of your 6 games") { // the game set up has no rank
		t.Errorf("a game worse than the others:\n%s", m.render())
	}
	m = modelAt(t, Config{}, lastMerge, 5)
	press(m, "left")
	if view := plain(m); strings.Contains(view, "New") || strings.Contains(view, " of your ") {
		t.Errorf("the first game of all is no record, and has no place:\n%s", m.render())
	}
}

// TestWinByAutoplay: 2048 made by the AI is a banner, autoplay plays on,
// and the banner goes after a while, or with a key, which acts too.
func TestWinByAutoplay(t *testing.T) {
	m := modelAt(t, Config{Depth: 1}, makes2048, 5)
	m.ai.autoplay = true
	m.move(engine.Left, review.ByAutoplay)
	if m.play.banner == nil || m.play.asking != noQuestion || !m.ai.autoplay || m.ai.thinking != forAuto {
		t.Fatalf("banner %v, asking %v, autoplay %v, thinking %v; want the banner and the AI thinking on", m.play.banner, m.play.asking, m.ai.autoplay, m.ai.thinking)
	}
	if !strings.Contains(plain(m), "You made 2048!") {
		t.Errorf("no banner on screen:\n%s", m.render())
	}
	m.Update(bannerDoneMsg{m.play.banner.id - 1}) // a banner before
	if m.play.banner == nil {
		t.Fatal("the end of an earlier banner took this one away")
	}
	m.Update(bannerDoneMsg{m.play.banner.id})
	if m.play.banner != nil {
		t.Error("the banner stayed after its time")
	}
	m.play.showBanner("You made 2048!")
	press(m, "a") // takes over: the key acts
	if m.play.banner != nil || m.ai.autoplay {
		t.Errorf("banner %v, autoplay %v after a; want both gone", m.play.banner, m.ai.autoplay)
	}
}

// TestWinAgainAfterUndo: undoing below 2048 makes 2048 a moment again.
func TestWinAgainAfterUndo(t *testing.T) {
	m := modelAt(t, Config{}, makes2048, 5)
	press(m, "left")
	if m.play.asking != wonKeepGoing {
		t.Fatal("2048 made by hand did not ask")
	}
	press(m, "k")
	press(m, "u")
	press(m, "left")
	if m.play.asking != wonKeepGoing || !strings.Contains(plain(m), "You made 2048!") {
		t.Errorf("2048 made again after an undo below it: asking %v; want the question again", m.play.asking)
	}
}

// TestFirstTile: a tile from 4096 up is celebrated only the first time in
// the player's games.
func TestFirstTile(t *testing.T) {
	m := modelAt(t, Config{}, makes4096, 5)
	m.cur.WinSeen = true
	press(m, "left")
	if m.play.banner == nil || m.play.banner.title != "Your first 4096!" {
		t.Errorf("the first 4096: banner %+v", m.play.banner)
	}
	m = modelAt(t, Config{}, makes4096, 5)
	m.cur.WinSeen = true
	withGames(m, []history.Game{{Record: history.Record{Board: engine.Board(0).With(3, 12), Ended: testTime}}})
	press(m, "left")
	if m.play.banner != nil {
		t.Errorf("a 4096 after one in the history: banner %+v", m.play.banner)
	}
}
