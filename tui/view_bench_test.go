package tui

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/engine"
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
