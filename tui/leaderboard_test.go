package tui

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
)

// A fakeBoard is leaderboards in memory: the boards it is given, and the
// games ranked, as the ledger of 2048 serve would take them.
type fakeBoard struct {
	mu       sync.Mutex
	name     string
	chosen   bool
	boards   map[string][2][]playerdata.Standing // by date, "" for all time
	recorded []history.Game
	fail     error                             // the error of record, if any
	puzzles  map[string]playerdata.PuzzleBoard // the boards of the daily puzzles, by date
	answers  []playerdata.PuzzleAnswer
}

func (f *fakeBoard) AnswerPuzzle(a playerdata.PuzzleAnswer) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.answers = append(f.answers, a)
	return len(f.answers) == 1, nil
}

func (f *fakeBoard) PuzzleBoard(date string, top int) (playerdata.PuzzleBoard, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	b := f.puzzles[date]
	b.Date = date
	return b, nil
}

func (f *fakeBoard) Player() (string, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.name, f.chosen, nil
}

func (f *fakeBoard) Rename(name string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	name = strings.TrimSpace(name)
	if name == "" || strings.ContainsFunc(name, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return "", errors.New("a name has printable characters only")
	}
	f.name, f.chosen = name, true
	return name, nil
}

// record ranks g, as the store of a server does when it adds g to the
// history.
func (f *fakeBoard) record(g history.Game) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail != nil {
		return f.fail
	}
	if !slices.ContainsFunc(f.recorded, func(r history.Game) bool { return r.ID == g.ID }) {
		f.recorded = append(f.recorded, g)
	}
	return nil
}

func (f *fakeBoard) Board(daily string, assisted bool) ([]playerdata.Standing, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	a := 0
	if assisted {
		a = 1
	}
	return f.boards[daily][a], nil
}

// row returns a row of a board.
func row(place int, name string, score, tile, undos int, yours bool) playerdata.Standing {
	return playerdata.Standing{Place: place, Name: name, Score: score, Tile: tile, Undos: undos, Yours: yours}
}

// someBoards returns boards for the date of testTime and all time, the
// player "you" among the players.
func someBoards() map[string][2][]playerdata.Standing {
	today := history.DailyDate(testTime)
	return map[string][2][]playerdata.Standing{
		today: {
			{row(1, "alice", 20480, 2048, 0, false), row(2, "bob", 9000, 512, 3, false), row(2, "you", 9000, 512, 0, true), row(4, "玩家", 700, 64, 0, false)},
			{row(1, "carol", 30000, 2048, 0, false)},
		},
		"": {
			{row(1, "a-very-long-name-here", 80000, 4096, 0, false), row(2, "alice", 40000, 2048, 0, false), row(3, "you", 12000, 1024, 0, true)},
			nil,
		},
	}
}

// A rankedStore is a player's data with the ranks of a server: a game
// added to the history is ranked in the same write, or neither is done.
type rankedStore struct {
	playerdata.Store
	ranks *fakeBoard
}

func (r rankedStore) Ranks() playerdata.Ranks { return r.ranks }

func (r rankedStore) AppendHistory(g history.Game) error {
	if g.SetUp || g.MoveCount == 0 {
		return r.Store.AppendHistory(g)
	}
	if err := r.ranks.record(g); err != nil {
		return err
	}
	return r.Store.AppendHistory(g)
}

// ranked returns the data of s, ranked on f.
func ranked(s playerdata.Store, f *fakeBoard) playerdata.Store { return rankedStore{s, f} }

// withBoards returns a model of the served game with leaderboards f, its
// name chosen, and its boards read.
func withBoards(t *testing.T, cfg Config, f *fakeBoard) *Model {
	t.Helper()
	if cfg.Store == nil {
		s := tempStore(t)
		cfg.Store = &s
	}
	cfg.Store = ranked(cfg.Store, f)
	m := newTestModel(t, cfg)
	m.Update(m.ranks.readStandings(m)())
	return m
}

// TestLeaderboardView compares the screen of the boards with
// testdata/TestLeaderboardView/*.golden, at 80×24 and at 40×15, where it
// scrolls.
func TestLeaderboardView(t *testing.T) {
	for _, size := range []struct {
		name string
		w, h int
	}{{"80x24", 80, 24}, {"40x15", 40, 15}} {
		t.Run(size.name, func(t *testing.T) {
			m := withBoards(t, Config{}, &fakeBoard{name: "you", chosen: true, boards: someBoards()})
			m.Update(tea.WindowSizeMsg{Width: size.w, Height: size.h})
			settle(m, press(m, "b"), 20)
			golden.RequireEqual(t, m.View().Content)
		})
	}
	t.Run("all-time", func(t *testing.T) {
		m := withBoards(t, Config{}, &fakeBoard{name: "you", chosen: true, boards: someBoards()})
		press(m, "b")
		press(m, "left")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("scrolled", func(t *testing.T) {
		m := withBoards(t, Config{}, &fakeBoard{name: "you", chosen: true, boards: someBoards()})
		m.Update(tea.WindowSizeMsg{Width: 40, Height: 12})
		press(m, "b")
		for range 20 {
			press(m, "down")
		}
		screen := plain(m)
		if !strings.Contains(screen, "carol") || strings.Contains(screen, "first attempt") {
			t.Errorf("scrolled to the end at 40×12, the screen is %q; want the assisted board's carol, and not the board's title", screen)
		}
		checkFits(t, m)
	})
}

// TestNoLeaderboardsLocally: a local game has no leaderboards: their key
// does nothing, and the footer does not offer it.
func TestNoLeaderboardsLocally(t *testing.T) {
	m := newTestModel(t, Config{})
	press(m, "b")
	if m.screens.leaders() != nil || strings.Contains(plain(m), "ranks") {
		t.Errorf("b in a local game: %q", plain(m))
	}
}

// TestNameAtFirstGame: a player who never chose a name is asked for one
// before the game; enter keeps what is typed, a refused name is said, and
// the name can be changed from the boards.
func TestNameAtFirstGame(t *testing.T) {
	f := &fakeBoard{name: "player-1a2b3c", boards: someBoards()}
	m := withBoards(t, Config{}, f)
	if m.screens.naming() == nil {
		t.Fatal("no name asked for at the first game")
	}
	golden.RequireEqual(t, m.View().Content)
	press(m, "left") // goes to the name, not to the game
	if m.cur.Game.MoveCount() != 0 {
		t.Fatal("a key moved while the name was asked for")
	}
	for range len("player-1a2b3c") {
		press(m, "backspace")
	}
	press(m, "enter")
	if !strings.Contains(plain(m), "printable characters only") || f.chosen {
		t.Fatalf("an empty name: %q", plain(m))
	}
	for _, k := range []string{"Z", "o", "ë"} {
		press(m, k)
	}
	if text := plain(m); !strings.Contains(text, "enter takes the name typed") || strings.Contains(text, "enter keeps it") {
		t.Errorf("the keys under a name typed still say enter keeps it:\n%s", text)
	}
	press(m, "enter")
	if m.screens.naming() != nil || f.name != "Zoë" || !f.chosen {
		t.Fatalf("after enter: naming %v, name %q", m.screens.naming(), f.name)
	}
	press(m, "b")
	press(m, "e")
	press(m, "!")
	press(m, "enter")
	if f.name != "Zoë!" {
		t.Errorf("renamed from the boards: %q; want Zoë!", f.name)
	}
	// A player who chose a name is not asked again.
	if m := withBoards(t, Config{}, f); m.screens.naming() != nil {
		t.Error("asked for a name again")
	}
}

// TestRankAtGameOver: the game-over summary says where the game stands:
// on today's board for the attempt at the daily challenge that counts,
// else among all the players' best games.
func TestRankAtGameOver(t *testing.T) {
	f := &fakeBoard{name: "you", chosen: true, boards: someBoards()}
	m := withBoards(t, Config{}, f)
	m.cur.Game = modelAt(t, Config{}, lastMerge, 5).cur.Game
	settle(m, press(m, "left"), 20)
	if !strings.Contains(plain(m), "By hand: 3rd of 3 all time") {
		t.Errorf("game over: %q; want its place among the bests", plain(m))
	}
	golden.RequireEqual(t, m.View().Content)
	m.cur.Daily = history.DailyDate(testTime)
	if got := m.ranks.rankLine(m); got != "By hand: 4th of 4 today" {
		t.Errorf("a daily attempt: %q", got)
	}
	m.cur.Hinted = true
	if got := m.ranks.rankLine(m); got != "With the AI: 2nd of 2 today" {
		t.Errorf("a daily attempt with a hint: %q", got)
	}
}

// TestLeftGamesRanked: a game left is ranked as it is written to the
// history; if that write fails, it is not ranked either, and is ranked
// when it reaches the history: here, at the next start, from the games
// that wait for it.
func TestLeftGamesRanked(t *testing.T) {
	s := tempStore(t)
	f := &fakeBoard{name: "you", chosen: true, fail: errors.New("disk I/O error")}
	m := newTestModel(t, Config{Store: ranked(&s, f), Seed: 7, NewGame: true})
	for range 5 {
		moveOnce(t, m)
	}
	id := m.cur.ID
	leaveForNew(m)
	if len(f.recorded) != 0 || m.cur.ID == id {
		t.Fatalf("a failed write: %d ranked, game %s; want none ranked, and a new game", len(f.recorded), m.cur.ID)
	}
	if log := historyOf(t, s); len(log.Games) != 0 {
		t.Fatalf("the history: %+v; want none", log.Games)
	}
	f.fail = nil
	m = newTestModel(t, Config{Store: ranked(&s, f)})
	if len(f.recorded) != 1 || f.recorded[0].ID != id || f.recorded[0].MoveCount != 5 {
		t.Fatalf("after the next start: %+v ranked; want the game left, whole", f.recorded)
	}
	if log := historyOf(t, s); len(log.Games) != 1 || log.Games[0].ID != id {
		t.Fatalf("the history: %+v; want the game left", log.Games)
	}
	for range 5 {
		moveOnce(t, m)
	}
	leaveForNew(m)
	if len(f.recorded) != 2 {
		t.Errorf("a game left: %d ranked; want 2", len(f.recorded))
	}
}

// TestGameOverRankedAtQuit: with leaderboards, a game over is ranked, and
// written to the history, when its player quits, not at their next game.
func TestGameOverRankedAtQuit(t *testing.T) {
	s := tempStore(t)
	f := &fakeBoard{name: "you", chosen: true, boards: someBoards()}
	m := newTestModel(t, Config{Store: ranked(&s, f), Seed: 7, NewGame: true})
	settle(m, m.Init(), 20)
	m.cur.Game = modelAt(t, Config{}, lastMerge, 5).cur.Game
	settle(m, press(m, "left"), 20)
	if !m.cur.Game.Over() {
		t.Fatal("the game is not over")
	}
	id := m.cur.ID
	press(m, "q")
	if len(f.recorded) != 1 || f.recorded[0].ID != id {
		t.Fatalf("quitting a game over: %+v ranked; want the game", f.recorded)
	}
	if log := historyOf(t, s); len(log.Games) != 1 || log.Games[0].ID != id {
		t.Fatalf("the history: %+v; want the game over", log.Games)
	}
	if got := m.farewell("connect again"); !strings.Contains(got, "recorded; connect again to start another") {
		t.Errorf("the farewell: %q; want it to say the game is recorded", got)
	}
	m = newTestModel(t, Config{Store: ranked(&s, f)})
	settle(m, m.Init(), 20)
	if m.cur.ID == id || len(f.recorded) != 1 {
		t.Errorf("the next session: game %s (the one quit: %s), %d ranked; want a new game and the one ranked once", m.cur.ID, id, len(f.recorded))
	}
}
