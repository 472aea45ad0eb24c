package tui

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/synctest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/practice"
)

// keyOf returns the name press gives the arrow key of d.
func keyOf(d engine.Direction) string { return strings.ToLower(d.String()) }

// TestPracticeView draws the practice of a player with no game, at three
// widths: a built-in puzzle asked, answered wrong (the verdict, the loss,
// why), then the next answered right (the AI's line played on).
func TestPracticeView(t *testing.T) {
	for _, w := range []int{60, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			m := newTestModel(t, Config{})
			m.Update(tea.WindowSizeMsg{Width: w, Height: 30})
			settle(m, press(m, "p"), 10)
			s := m.drill.Session
			e, ok := s.Current()
			if !ok || s.Phase != practice.Asking {
				t.Fatalf("p opens the practice %v; want a built-in puzzle asked", s.Phase)
			}
			t.Run("asked", func(t *testing.T) { golden.RequireEqual(t, m.View().Content) })
			settle(m, press(m, keyOf(e.Second)), 10)
			if s.Phase != practice.Missed {
				t.Fatalf("the second best answered: %v; want missed", s.Phase)
			}
			t.Run("missed", func(t *testing.T) { golden.RequireEqual(t, m.View().Content) })
		})
	}
}

// TestPracticeSolved answers a puzzle right: the AI's line is shown a
// move at a time, each a tick later, and the keys act meanwhile.
func TestPracticeSolved(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m := newTestModel(t, Config{})
		settle(m, press(m, "p"), 10)
		s := m.drill.Session
		e, _ := s.Current()
		settle(m, press(m, keyOf(e.Best())), 20)
		if s.Phase != practice.Solved || s.Board() == e.Board() || !strings.Contains(plain(m), "move 5 of 5") {
			t.Fatalf("the best move answered: %v, the board %v; want the AI's line played to its end:\n%s", s.Phase, s.Board(), plain(m))
		}
		if r, _, rated := s.Rating(); !rated || r.Rating <= 1500 {
			t.Errorf("the rating after a first puzzle solved: %v, rated %v; want above 1500", r, rated)
		}
		press(m, "n")
		if next, _ := s.Current(); s.Phase != practice.Asking || next.Board() == e.Board() {
			t.Errorf("n after a puzzle solved: %v; want the next puzzle asked", s.Phase)
		}
		press(m, "esc")
		if m.drill.Session != nil || m.screens.front() != nil {
			t.Error("esc does not go back to the game")
		}
		press(m, "s")
		if !strings.Contains(plain(m), "PRACTICE rated") {
			t.Errorf("the statistics do not show the practice:\n%s", plain(m))
		}
	})
}

// TestPracticeScansTheHistory opens the practice of a player whose games
// were never scanned: it says it is looking, then scans them in the
// background, keeps their reviews and the practice, and asks a puzzle.
func TestPracticeScansTheHistory(t *testing.T) {
	s := tempStore(t)
	var games []history.Game
	for seed := uint64(1); seed <= 2; seed++ {
		g := finishedGame(t, seed, 30)
		g.ID = newGameID()
		if err := s.AppendHistory(g); err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	m := newTestModel(t, Config{Store: &s})
	settle(m, jobs(m.drill.Read()), 5)
	scan := press(m, "p")
	if text := plain(m); !strings.Contains(text, "Looking for puzzles") || !strings.Contains(text, "0 of 2 games scanned") {
		t.Fatalf("the practice of games not scanned does not say it is looking:\n%s", text)
	}
	settle(m, scan, 20)
	if m.drill.Session.Phase != practice.Asking {
		t.Fatalf("after the scan: %v; want a puzzle asked", m.drill.Session.Phase)
	}
	kept, err := s.LoadPractice()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if !kept.IsScanned(g.ID) {
			t.Errorf("the practice kept does not know game %s as scanned", g.ID)
		}
		if known, err := s.LoadReview(g.Review(), practice.ReviewSetting); err != nil || len(known) != g.MoveCount {
			t.Errorf("the review kept of game %s: %d searches, %v; want %d", g.ID, len(known), err, g.MoveCount)
		}
	}
	if len(kept.Puzzles) == 0 {
		t.Error("the practice kept has no puzzle")
	}
}

// TestPracticeDamaged: a practice file that does not decode is moved
// aside, and the practice says so, over a new practice.
func TestPracticeDamaged(t *testing.T) {
	s := tempStore(t)
	if err := os.MkdirAll(s.DataDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(s.PracticePath(), []byte("2048-practice 1 crc32c 00000000\n{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := newTestModel(t, Config{Store: &s})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	settle(m, jobs(m.drill.Read()), 5)
	settle(m, press(m, "p"), 5)
	if text := plain(m); !strings.Contains(text, "cannot be read") || !strings.Contains(text, "moved to") || m.drill.Session.Phase != practice.Asking {
		t.Errorf("the practice over a damaged file does not say it was moved aside, or asks nothing:\n%s", text)
	}
}
