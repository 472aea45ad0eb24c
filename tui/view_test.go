package tui

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/theme"
)

// withHint gives m the AI's answer for its board, searched on one thread,
// with a fixed time so that the screen is the same on every machine.
func withHint(t *testing.T, m *Model, ply int) {
	t.Helper()
	r, err := ai.NewSearcher(ai.Config{Threads: 1}).Search(context.Background(), m.cur.Game.Board(), ai.Limits{Depth: ply})
	if err != nil {
		t.Fatal(err)
	}
	r.Elapsed, r.MovesTried = 12*time.Millisecond, 480_000
	m.ai.hint, m.ai.last = &r, &r
}

// midGame returns a model after 60 moves of a fixed game.
func midGame(t *testing.T, cfg Config) *Model {
	cfg.Seed, cfg.NewGame = 2048, true
	m := newTestModel(t, cfg)
	playSome(m.cur.Game, 60)
	m.motion.flash = flash{}
	return m
}

// TestView compares the screen in the main situations of the game with
// testdata/TestView/*.golden (go test ./tui -run TestView -update rewrites
// them).
func TestView(t *testing.T) {
	t.Run("fresh", func(t *testing.T) {
		golden.RequireEqual(t, newTestModel(t, Config{}).View().Content)
	})
	t.Run("hint", func(t *testing.T) {
		m := midGame(t, Config{Depth: 4})
		withHint(t, m, 4)
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("autoplay", func(t *testing.T) {
		m := midGame(t, Config{Depth: 3})
		withHint(t, m, 3)
		m.ai.played, m.ai.hint, m.ai.autoplay, m.ai.thinking = m.ai.hint, nil, true, forAuto
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("marks", func(t *testing.T) {
		m := midGame(t, Config{})
		press(m, "left")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("win", func(t *testing.T) {
		m := modelAt(t, Config{}, "1024 1024 8 4 / 4 8 16 2 / 2 4 8 16 / 0 2 4 8", 5)
		press(m, "left")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("over", func(t *testing.T) {
		m := modelAt(t, Config{}, "0 32 64 32 / 8 16 8 64 / 32 4 16 2 / 8 32 64 4", 5)
		press(m, "left")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("confirm", func(t *testing.T) {
		m := midGame(t, Config{})
		press(m, "n")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("help", func(t *testing.T) {
		m := newTestModel(t, Config{})
		press(m, "?")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("small", func(t *testing.T) {
		m := midGame(t, Config{})
		m.Update(tea.WindowSizeMsg{Width: 72, Height: 16})
		golden.RequireEqual(t, m.View().Content)
	})
	// A larger terminal grows the board to fill it.
	for _, size := range [][2]int{{100, 34}, {200, 60}} {
		t.Run(fmt.Sprintf("large-%dx%d", size[0], size[1]), func(t *testing.T) {
			m := midGame(t, Config{Depth: 3})
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			press(m, "left")
			withHint(t, m, 3)
			golden.RequireEqual(t, m.View().Content)
		})
	}
	t.Run("large-100x34-color", func(t *testing.T) {
		m := midGame(t, Config{Color: ColorTrue})
		m.Update(tea.WindowSizeMsg{Width: 100, Height: 34})
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("too-small", func(t *testing.T) {
		m := newTestModel(t, Config{})
		m.Update(tea.WindowSizeMsg{Width: 24, Height: 10})
		golden.RequireEqual(t, m.View().Content)
	})
	// Every theme with no colour, and in each colour depth for the
	// default theme.
	for _, th := range theme.All() {
		t.Run("theme-"+th.Name, func(t *testing.T) {
			m := midGame(t, Config{Theme: th})
			golden.RequireEqual(t, m.View().Content)
		})
	}
	for _, c := range []ColorMode{ColorTrue, Color256, Color16} {
		t.Run("color-"+c.String(), func(t *testing.T) {
			m := midGame(t, Config{Color: c})
			withHint(t, m, 3)
			golden.RequireEqual(t, m.View().Content)
		})
	}
}

// TestViewPanes compares the game in the panes too small for the panel
// (the board alone, a status line under it, the hint's arrow on the
// board's side or, on the tiny board, its edge) with
// testdata/TestViewPanes/*.golden: at each size, in each theme at the
// smallest, and in the moments that draw something of their own.
func TestViewPanes(t *testing.T) {
	for _, size := range paneSizes[:3] {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := midGame(t, Config{Depth: 3})
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			press(m, "left")
			withHint(t, m, 3)
			golden.RequireEqual(t, m.View().Content)
		})
	}
	for _, th := range theme.All() {
		t.Run("30x12-"+th.Name, func(t *testing.T) {
			m := midGame(t, Config{Theme: th, Color: ColorTrue, Depth: 3})
			m.Update(tea.WindowSizeMsg{Width: 30, Height: 12})
			withHint(t, m, 3)
			golden.RequireEqual(t, m.View().Content)
		})
	}
	t.Run("30x12-confirm", func(t *testing.T) {
		m := midGame(t, Config{})
		m.Update(tea.WindowSizeMsg{Width: 30, Height: 12})
		press(m, "n")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("30x12-over", func(t *testing.T) {
		m := modelAt(t, Config{}, "0 32 64 32 / 8 16 8 64 / 32 4 16 2 / 8 32 64 4", 5)
		m.Update(tea.WindowSizeMsg{Width: 30, Height: 12})
		press(m, "left")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("40x15-autoplay", func(t *testing.T) {
		m := midGame(t, Config{Depth: 3})
		m.Update(tea.WindowSizeMsg{Width: 40, Height: 15})
		withHint(t, m, 3)
		m.ai.played, m.ai.hint, m.ai.autoplay, m.ai.thinking = m.ai.hint, nil, true, forAuto
		golden.RequireEqual(t, m.View().Content)
	})
}

func TestViewSettings(t *testing.T) {
	m := newTestModel(t, Config{})
	v := m.View()
	if !v.AltScreen || v.WindowTitle != "2048" {
		t.Errorf("View: alt screen %v, title %q; want the full screen, titled 2048", v.AltScreen, v.WindowTitle)
	}
}

// TestProgram runs the real program with teatest: it draws, answers h with a
// hint, moves, and quits when asked. It waits for the screen with no time
// limit of its own, which a loaded machine would make wrong some day: a
// program that never draws what is waited for hangs the test, and go
// test's -timeout reports it with the stack of every goroutine.
func TestProgram(t *testing.T) {
	m := newTestModel(t, Config{Depth: 3})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	contains := func(s string) func([]byte) bool {
		return func(b []byte) bool { return bytes.Contains(b, []byte(s)) }
	}
	untilFound := teatest.WithDuration(math.MaxInt64)
	teatest.WaitFor(t, tm.Output(), contains("SCORE"), untilFound)
	tm.Send(tea.KeyPressMsg{Code: 'h', Text: "h"})
	teatest.WaitFor(t, tm.Output(), contains("lost against the best"), untilFound)
	tm.Send(tea.KeyPressMsg{Code: tea.KeyLeft})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyDown})
	tm.Send(tea.KeyPressMsg{Code: 'q', Text: "q"})
	final := tm.FinalModel(t).(*Model)
	if final.cur.Game.MoveCount() == 0 || final.ai.thinking != idle {
		t.Errorf("final model: %d moves, thinking %v", final.cur.Game.MoveCount(), final.ai.thinking)
	}
}
