package tui

import (
	"fmt"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/airace"
)

// paneSizes are the terminals the layouts are made for, from a corner of a
// split screen to a full one.
var paneSizes = [][2]int{{30, 12}, {40, 15}, {60, 24}, {80, 24}, {100, 34}, {200, 60}}

// BenchmarkView draws the game with a hint on it, in colour, at each size:
// the cost of a frame, the first one after a resize included.
func BenchmarkView(b *testing.B) {
	for _, size := range paneSizes {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m := midGame(&testing.T{}, Config{Color: ColorTrue, Depth: 3})
			m.ctx = b.Context()
			withHint(&testing.T{}, m, 3)
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			b.ReportAllocs()
			for b.Loop() {
				m.View()
			}
		})
	}
}

// BenchmarkKeyToScreen plays a move and takes it back, drawing the screen
// after each key, as the program does: the time from a key to its screen,
// for two keys.
func BenchmarkKeyToScreen(b *testing.B) {
	for _, size := range paneSizes {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m := midGame(&testing.T{}, Config{Color: ColorTrue, Depth: 3})
			m.ctx = b.Context()
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			move := "left"
			for _, d := range []engine.Direction{engine.Left, engine.Down, engine.Right, engine.Up} {
				if _, _, ok := m.cur.Game.Board().Move(d); ok {
					move = [...]string{"up", "down", "left", "right"}[d]
					break
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				press(m, move)
				m.View()
				press(m, "u")
				m.View()
			}
		})
	}
}

// BenchmarkKeyToScreenRacingAI plays moves in a race against the AI at 6
// plies, whose search of its reply runs on its own goroutine from the
// moment the player's move reaches it: the time from a key to its screen
// while the AI thinks (ms/key), and from the AI's move to the screen that
// shows it (ms/reply). Each iteration is one move of each; the game starts
// again when the player's is over.
func BenchmarkKeyToScreenRacingAI(b *testing.B) {
	for _, depth := range []string{"2", "6"} {
		b.Run("depth="+depth, func(b *testing.B) { keyToScreenRacingAI(b, depth) })
	}
}

// keyToScreenRacingAI is BenchmarkKeyToScreenRacingAI against the AI at
// raceDepth plies.
func keyToScreenRacingAI(b *testing.B, raceDepth string) {
	t := &testing.T{}
	hub := airace.NewHub(airace.Config{Seed: func() uint64 { return aiRaceSeed }})
	m := newTestModel(t, Config{Color: ColorTrue, Races: hub, RaceNow: true, RaceCode: raceDepth})
	defer m.race.leave()
	m.ctx = b.Context()
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 34})
	var listen tea.Cmd
	drain(m.Init(), 10, func(msg tea.Msg) tea.Cmd {
		switch msg.(type) {
		case raceEnteredMsg:
			_, cmd := m.Update(msg)
			return cmd
		case raceMsg:
			_, listen = m.Update(msg)
		}
		return nil
	})
	if !m.race.running(m) {
		b.Fatal("the race against the AI did not start")
	}
	var keys, replies []time.Duration
	for b.Loop() {
		move, ok := legalKey(m.cur.Game.Board())
		if !ok {
			b.Fatalf("the game is over after %d moves: the benchmark needs a longer one", m.cur.Game.MoveCount())
		}
		start := time.Now()
		press(m, move)
		m.View()
		keys = append(keys, time.Since(start))
		for m.race.state.Opponent.Moves < m.cur.Game.MoveCount() && !m.race.state.Opponent.Over {
			msg, ok := listen().(raceMsg)
			if !ok || msg.ended {
				b.Fatal("the race ended")
			}
			start = time.Now()
			_, listen = m.Update(msg)
			m.View()
			replies = append(replies, time.Since(start))
		}
	}
	report := func(ds []time.Duration, unit string) {
		if len(ds) == 0 {
			return
		}
		slices.Sort(ds)
		b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1e3, "ms/"+unit+"-median")
		b.ReportMetric(float64(ds[len(ds)*99/100].Microseconds())/1e3, "ms/"+unit+"-p99")
	}
	report(keys, "key")
	report(replies, "reply")
}

// legalKey returns the key of a move that changes b, if any.
func legalKey(b engine.Board) (string, bool) {
	for _, d := range []engine.Direction{engine.Left, engine.Down, engine.Right, engine.Up} {
		if _, _, ok := b.Move(d); ok {
			return [...]string{"up", "down", "left", "right"}[d], true
		}
	}
	return "", false
}
