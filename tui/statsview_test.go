package tui

import (
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
)

// pastGames returns n finished games of the corner policy, an hour apart
// and ending an hour before testTime, every third with hints and every
// fifth with autoplay (the AI's moves marked), with a few big games among
// them so that the tiles reached run past 2048, a few with undos, and, of
// more than three, one set up from a position.
func pastGames(t *testing.T, n int) []history.Game {
	t.Helper()
	games := make([]history.Game, n)
	for i := range games {
		e := engine.NewGame(uint64(100 + i))
		playSome(e, 50+37*(i%9)+1000*(i%2))
		by := make(review.Movers, e.MoveCount())
		for k := range by {
			by[k] = review.ByPlayer
			if i%5 == 4 && k%2 == 1 {
				by[k] = review.ByAutoplay
			}
		}
		g := history.FromEngine(e, by)
		g.Hinted, g.Autoplayed = i%3 == 2, i%5 == 4
		g.Played = time.Duration(20+7*i) * time.Second
		g.Ended = testTime.Add(-time.Duration(n-i) * time.Hour)
		g.Undos = i % 4 / 2 * (i % 5) // a few games with undos
		g.SetUp = n > 3 && i == n-3   // and one from a position set up
		if i%7 == 6 {                 // a big game, made by hand: only its figures matter here
			g.Board = engine.Board(0).With(0, uint8(11+i%3)).With(1, 9)
			g.Score = 20000 + 9000*(i%3)
		}
		games[i] = g
	}
	return games
}

// withGames gives m the history games, and earlier games if any,
// as if they had been left in this session.
func withGames(m *Model, games []history.Game, earlier ...history.Earlier) {
	x := &history.Index{Earlier: earlier}
	for _, g := range games {
		x.Records = append(x.Records, g.Record)
	}
	m.useHistory(x)
	m.past.whole = games
}

// TestStatsView compares the statistics screen with
// testdata/TestStatsView/*.golden.
func TestStatsView(t *testing.T) {
	t.Run("empty", func(t *testing.T) {
		m := newTestModel(t, Config{})
		press(m, "s")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("few", func(t *testing.T) {
		m := newTestModel(t, Config{})
		withGames(m, pastGames(t, 3))
		press(m, "s")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("many", func(t *testing.T) {
		m := newTestModel(t, Config{})
		withGames(m, pastGames(t, 150), history.Earlier{GamesPlayed: 12, GamesWon: 1, GamesHinted: 4, BestScore: 24000, HighestTile: 2048})
		m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
		press(m, "s")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("many-scrolled", func(t *testing.T) {
		m := newTestModel(t, Config{})
		withGames(m, pastGames(t, 150))
		press(m, "s")
		for range 30 {
			press(m, "down")
		}
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("game", func(t *testing.T) {
		m := newTestModel(t, Config{})
		withGames(m, pastGames(t, 150))
		press(m, "s")
		press(m, "down")
		press(m, "enter")
		golden.RequireEqual(t, m.View().Content)
	})
}

// TestStatsViewPanes compares the statistics in a narrow pane with
// testdata/TestStatsViewPanes/*.golden: the figures from their top, then
// scrolled to the list, whose columns are those that fit.
func TestStatsViewPanes(t *testing.T) {
	t.Run("40x15", func(t *testing.T) {
		m := newTestModel(t, Config{})
		withGames(m, pastGames(t, 30))
		m.Update(tea.WindowSizeMsg{Width: 40, Height: 15})
		press(m, "s")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("40x15-scrolled", func(t *testing.T) {
		m := newTestModel(t, Config{})
		withGames(m, pastGames(t, 30))
		m.Update(tea.WindowSizeMsg{Width: 40, Height: 15})
		press(m, "s")
		for range 30 {
			press(m, "down")
		}
		golden.RequireEqual(t, m.View().Content)
	})
}

// TestStatsKeys: s opens the statistics, the up and down keys choose a
// game, enter opens it and esc goes back to the list, then to the game; the
// screen always fits the terminal, scrolled to the game chosen.
func TestStatsKeys(t *testing.T) {
	m := newTestModel(t, Config{})
	games := pastGames(t, 60)
	withGames(m, games)
	board := m.cur.Game.Board()
	press(m, "s")
	if m.screens.stats() == nil || !strings.Contains(plain(m), "statistics") {
		t.Fatal("s did not open the statistics")
	}
	for range 45 {
		press(m, "down")
		checkFits(t, m)
	}
	if m.screens.stats().chosen != 45 || !strings.Contains(plain(m), "▸ "+games[60-1-45].Ended.Format("2006-01-02 15:04")) {
		t.Errorf("after 45 downs: chosen %d, the screen:\n%s", m.screens.stats().chosen, m.render())
	}
	press(m, "end")
	press(m, "down")
	if m.screens.stats().chosen != 59 {
		t.Errorf("end, down: chosen %d; want the last, 59", m.screens.stats().chosen)
	}
	press(m, "home")
	press(m, "up")
	if m.screens.stats().chosen != 0 || m.screens.stats().top != 0 {
		t.Errorf("home, up: chosen %d, top %d; want the newest, at the top of the page", m.screens.stats().chosen, m.screens.stats().top)
	}
	press(m, "enter")
	if m.screens.replay() == nil || m.screens.replay().game.Seed != games[59].Seed || !strings.Contains(plain(m), "game "+strconv.FormatUint(games[59].Seed, 10)) {
		t.Fatalf("enter did not open the replay of the newest game:\n%s", m.render())
	}
	press(m, "left") // no key of play acts here
	press(m, "esc")
	if m.screens.stats() == nil || m.screens.replay() != nil {
		t.Fatal("esc did not go back to the list")
	}
	press(m, "down")
	if press(m, "r"); m.screens.replay() == nil || m.screens.replay().game.Seed != games[58].Seed {
		t.Fatal("r on the list did not replay the game chosen")
	}
	press(m, "q")
	if m.screens.stats() == nil || m.screens.replay() != nil {
		t.Fatal("q did not go back to the list")
	}
	press(m, "up")
	press(m, "esc")
	if m.screens.stats() != nil || m.cur.Game.Board() != board {
		t.Errorf("esc did not go back to the game as it was")
	}
	press(m, "s")
	press(m, "s")
	if m.screens.stats() != nil {
		t.Error("s did not close the statistics")
	}
}

// TestStatsFit: the statistics screen fits every size the game accepts,
// and smaller ones. It opens on the figures from their top, the down key
// brings every line of them in sight, then the games down to the oldest,
// and the up key the figures back. Before, from 72×15 down the figures
// were cut off the top, and no key brought their first lines back.
func TestStatsFit(t *testing.T) {
	m := newTestModel(t, Config{})
	games := pastGames(t, 40)
	withGames(m, games, history.Earlier{GamesPlayed: 3})
	press(m, "s")
	for _, size := range [][2]int{{80, 24}, {72, 15}, {37, 26}, {40, 15}, {30, 12}, {20, 8}, {200, 60}} {
		w, h := size[0], size[1]
		m.Update(tea.WindowSizeMsg{Width: w, Height: h})
		press(m, "home")
		checkFits(t, m)
		head := (&statsView{}).statsHead(m, min(w, statsWidth), h)
		if top := strings.Fields(ansi.Strip(head[0])); !strings.Contains(plain(m), strings.Join(top, " ")) {
			t.Errorf("%v: the figures are cut off the top:\n%s", size, m.render())
		}
		seen := ""
		for range len(head) + len(games) + 5 {
			seen += plain(m) + "\n"
			press(m, "down")
			checkFits(t, m)
		}
		for _, line := range head {
			if text := strings.Join(strings.Fields(ansi.Strip(line)), " "); !strings.Contains(seen, text) {
				t.Errorf("%v: no key brings %q in sight", size, text)
			}
		}
		if m.screens.stats().chosen != len(games)-1 || !strings.Contains(m.render(), "▸") {
			t.Errorf("%v: the down key stops at game %d, in sight %v", size, m.screens.stats().chosen, strings.Contains(m.render(), "▸"))
		}
		for range len(head) + len(games) + 5 {
			press(m, "up")
		}
		if m.screens.stats().chosen != 0 || m.screens.stats().top != 0 {
			t.Errorf("%v: the up key stops at game %d, line %d; want the top", size, m.screens.stats().chosen, m.screens.stats().top)
		}
		press(m, "end")
		checkFits(t, m)
		if !strings.Contains(m.render(), "▸") {
			t.Errorf("%v: the last game, chosen, is out of sight:\n%s", size, m.render())
		}
		press(m, "enter")
		checkFits(t, m)
		press(m, "esc")
	}
}

// TestStatsCountGameOver: the game on screen counts in the statistics once
// it is over, at the top of the list, before it is left.
func TestStatsCountGameOver(t *testing.T) {
	m := modelAt(t, Config{}, "0 32 64 32 / 8 16 8 64 / 32 4 16 2 / 8 32 64 4", 5)
	withGames(m, pastGames(t, 4))
	press(m, "left")
	press(m, "s")
	if view := plain(m); !strings.Contains(view, "GAMES 4") || !strings.Contains(view, "▸ this game") { // 3 begun afresh, and this one
		t.Errorf("the game over on screen is not counted:\n%s", m.render())
	}
}

// TestStatsOverAQuestion: the keys of the statistics screen do not answer
// the question under it, and esc goes back even with warnings up.
func TestStatsOverAQuestion(t *testing.T) {
	m := modelAt(t, Config{}, makes2048, 5)
	withGames(m, pastGames(t, 5))
	press(m, "left")
	m.warn("something went wrong")
	press(m, "s")
	press(m, "n")
	press(m, "down")
	if m.play.asking != wonKeepGoing || m.cur.Game.MoveCount() != 1 {
		t.Fatalf("keys on the statistics answered the question: asking %v, %d moves", m.play.asking, m.cur.Game.MoveCount())
	}
	press(m, "esc")
	if m.screens.stats() != nil || len(m.warnings) != 1 {
		t.Errorf("esc on the statistics: screen %v, warnings %d; want the game back, the warning still up", m.screens.stats(), len(m.warnings))
	}
}
