package tui

import (
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/practice"
	"github.com/term2048/2048/tui/practice/deck"
)

// dailyModel returns the model of a player of a server, sized w×40,
// whose practice holds today's daily puzzle, and whose server's board of
// it is f's.
func dailyModel(t *testing.T, w int, f *fakeBoard) *Model {
	t.Helper()
	s := tempStore(t)
	d := &deck.Deck{}
	d.AddDaily(history.DailyDate(testTime), practice.BuiltIn()[3])
	if err := s.SavePractice(d); err != nil {
		t.Fatal(err)
	}
	m := withBoards(t, Config{Store: &s}, f)
	m.Update(tea.WindowSizeMsg{Width: w, Height: 40})
	settle(m, jobs(m.drill.Read()), 5)
	return m
}

// puzzleBoards returns the boards of the daily puzzles of the day of
// testTime, where the player answered right, third of twelve, and of the
// day before.
func puzzleBoards() map[string]playerdata.PuzzleBoard {
	today, yesterday := history.DailyDate(testTime), history.DailyDate(testTime.AddDate(0, 0, -1))
	you := playerdata.PuzzleStanding{Place: 3, Name: "dana", Right: true, Took: 4200 * time.Millisecond, Yours: true}
	return map[string]playerdata.PuzzleBoard{
		today: {Tried: 12, Solved: 7, Yours: you, Top: []playerdata.PuzzleStanding{
			{Place: 1, Name: "alice", Right: true, Took: 1900 * time.Millisecond},
			{Place: 2, Name: "a-very-long-name-here", Right: true, Took: 3050 * time.Millisecond},
			you,
			{Place: 4, Name: "玩家", Right: true, Took: 12 * time.Second},
			{Place: 5, Name: "bob", Right: true, Took: 95 * time.Second},
		}},
		yesterday: {Tried: 9, Solved: 5, Top: []playerdata.PuzzleStanding{{Place: 1, Name: "carol", Right: true, Took: 2500 * time.Millisecond}}},
	}
}

// TestPracticeDailyView draws the practice of a player of a server at
// three widths: today's puzzle asked first, marked as the same for every
// player; then, answered right, where the player stands on the day's
// board, its first rows, and the day before's fastest. The answer is
// recorded once, for today.
func TestPracticeDailyView(t *testing.T) {
	for _, w := range []int{60, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			var view, answered string
			synctest.Test(t, func(t *testing.T) {
				f := &fakeBoard{name: "dana", chosen: true, puzzles: puzzleBoards()}
				m := dailyModel(t, w, f)
				settle(m, press(m, "p"), 10)
				e, ok := m.drill.Session.Current()
				if !ok || e.Daily != history.DailyDate(testTime) {
					t.Fatalf("p opens the practice on %+v; want today's puzzle", e)
				}
				view = m.View().Content
				settle(m, press(m, keyOf(e.Best())), 20)
				answered = m.View().Content
				if len(f.answers) != 1 || f.answers[0].Date != e.Daily || !f.answers[0].Right {
					t.Errorf("the answers recorded: %+v; want one, right, for today", f.answers)
				}
			})
			t.Run("asked", func(t *testing.T) { golden.RequireEqual(t, view) })
			t.Run("answered", func(t *testing.T) { golden.RequireEqual(t, answered) })
		})
	}
}

// TestPracticeDailyLocal: a local player is asked today's puzzle first
// too, and hears of no board.
func TestPracticeDailyLocal(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := tempStore(t)
		d := &deck.Deck{}
		d.AddDaily(history.DailyDate(testTime), practice.BuiltIn()[3])
		if err := s.SavePractice(d); err != nil {
			t.Fatal(err)
		}
		m := newTestModel(t, Config{Store: &s})
		settle(m, jobs(m.drill.Read()), 5)
		settle(m, press(m, "p"), 10)
		e, _ := m.drill.Session.Current()
		if text := plain(m); e.Daily != history.DailyDate(testTime) || !strings.Contains(text, "Today's puzzle") {
			t.Fatalf("the practice does not ask today's puzzle first:\n%s", text)
		}
		settle(m, press(m, keyOf(e.Best())), 20)
		if text := plain(m); strings.Contains(text, "today.") || strings.Contains(text, "Fastest") {
			t.Errorf("a local player hears of a board:\n%s", text)
		}
	})
}
