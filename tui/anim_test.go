package tui

import (
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// A position with slides, merges and a tile that stays, for the tests of
// the animation: left merges the 2s of the first row and the 8s of the
// last.
const animStart = "2 2 0 4 / 0 16 0 0 / 4 0 2 0 / 8 8 8 0"

// animModel returns a model in true colour that animates, at animStart.
func animModel(t *testing.T) *Model {
	m := modelAt(t, Config{Color: ColorTrue, Animate: true}, animStart, 9)
	return m
}

func TestSlideProgress(t *testing.T) {
	last := 0.0
	for f, p := range slideProgress {
		if p <= last || p > 1 {
			t.Errorf("slideProgress[%d] = %.3f after %.3f; want a steady rise to 1", f, p, last)
		}
		last = p
	}
	if last != 1 || slideProgress[0] < 0.1 {
		t.Errorf("slideProgress = %.3f; want the tiles on their way at once, and landed at the end", slideProgress)
	}
	if animTime > 120*time.Millisecond || animTime < 80*time.Millisecond {
		t.Errorf("an animation takes %v; want about 100 ms", animTime)
	}
}

// landed returns the board of before with every tile where its path ends,
// the tile that moves drawn over the one it merges with, as the last frame
// of the slide shows it.
func landed(before engine.Board, paths [engine.NumCells]int8) engine.Board {
	var b engine.Board
	for _, moving := range []bool{false, true} {
		for i, to := range paths {
			if to >= 0 && (int(to) != i) == moving {
				b = b.With(int(to), before.Cell(i))
			}
		}
	}
	return b
}

// TestAnimationFrames drives a move's animation frame by frame: the slide
// ends with every tile where the move takes it, the last frame shows the
// engine's board (the new tile and the merges in it), every frame fits the
// screen, and then the animation is over.
func TestAnimationFrames(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {72, 16}, {200, 60}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := animModel(t)
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			l, _ := fit(m.look.size())
			before := m.cur.Game.Board()
			press(m, "left")
			a := m.motion.anim
			if a == nil || a.frame != 0 || a.after != m.cur.Game.Board() {
				t.Fatalf("left started no animation of the move: %+v", a)
			}
			strip := func(s string) string { return ansi.Strip(s) }
			for f := range animFrames {
				if m.motion.anim == nil || m.motion.anim.frame != f {
					t.Fatalf("frame %d: the animation is %+v", f, m.motion.anim)
				}
				checkFits(t, m)
				frame := strip(a.renderFrame(f, l.board, &m.look.styles))
				switch f {
				case slideFrames - 1:
					if want := strip(renderBoard(landed(before, before.Paths(engine.Left)), m.look.pal, l.board, flash{})); frame != want {
						t.Errorf("the last frame of the slide:\n%s\nwant the tiles where they go:\n%s", frame, want)
					}
				case animFrames - 1:
					if want := strip(renderBoard(m.cur.Game.Board(), m.look.pal, l.board, flash{})); frame != want {
						t.Errorf("the last frame:\n%s\nwant the engine's board:\n%s", frame, want)
					}
				}
				m.Update(frameMsg{a.id})
			}
			if m.motion.anim != nil {
				t.Errorf("after %d frames the animation goes on: %+v", animFrames, m.motion.anim)
			}
		})
	}
}

// TestAnimationTiles: the tiles of each frame are where the spring puts
// them, between their cell and the cell they go to; the last frame pops
// the merged tiles and brings the new one in smaller.
func TestAnimationTiles(t *testing.T) {
	m := animModel(t)
	press(m, "left")
	a, s := m.motion.anim, largeBoard
	for f := range slideFrames {
		for _, p := range a.tiles(f, s) {
			if p.w != s.tileWidth || p.h != s.rows || p.rank == 0 {
				t.Errorf("frame %d: a tile %+v of the wrong size", f, p)
			}
		}
	}
	spawned, popped := 0, 0
	for _, p := range a.tiles(slideFrames, s) {
		switch {
		case p.w == s.tileWidth-2 && p.h == s.rows-2:
			spawned++
		case p.w == s.tileWidth+2 && p.h == s.rows+2:
			popped++
		}
	}
	if spawned != 1 || popped != 2 {
		t.Errorf("the last frame has %d new tiles and %d merged ones; want 1 and 2", spawned, popped)
	}
}

// TestKeyFinishesAnimation: a key during an animation ends it at once and
// acts on the board the move led to; the next frame of the old animation
// does nothing to the new one.
func TestKeyFinishesAnimation(t *testing.T) {
	m := animModel(t)
	g := engine.NewGameFrom(m.cur.Game.Start(), 9)
	press(m, "left")
	old := m.motion.anim.id
	m.Update(frameMsg{old})
	press(m, "down")
	g.Move(engine.Left)
	g.Move(engine.Down)
	if m.cur.Game.Board() != g.Board() {
		t.Fatalf("left, then down mid-animation: %v; want %v", m.cur.Game.Board(), g.Board())
	}
	if m.motion.anim == nil || m.motion.anim.id == old || m.motion.anim.frame != 0 || m.motion.anim.after != g.Board() {
		t.Fatalf("down did not start its own animation from the board left made: %+v", m.motion.anim)
	}
	m.Update(frameMsg{old})
	if m.motion.anim.frame != 0 {
		t.Error("a frame of the finished animation moved the new one on")
	}
	press(m, "?") // any key: the help shows the board as it is
	if m.motion.anim != nil {
		t.Error("a key that does not move left the animation running")
	}
}

// TestWhenAnimated: the player's moves and hints are animated; autoplay
// only if it plays slower than the animation; never without colour or
// when the player does not want it.
func TestWhenAnimated(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cfg     Config
		by      review.Mover
		animate bool
	}{
		{"by hand", Config{Color: ColorTrue, Animate: true}, review.ByPlayer, true},
		{"a hint played", Config{Color: Color16, Animate: true}, review.ByHint, true},
		{"autoplay at 200 ms", Config{Color: Color256, Animate: true, Speed: 200 * time.Millisecond}, review.ByAutoplay, true},
		{"autoplay at 50 ms", Config{Color: ColorTrue, Animate: true, Speed: 50 * time.Millisecond}, review.ByAutoplay, false},
		{"autoplay at full speed", Config{Color: ColorTrue, Animate: true}, review.ByAutoplay, false},
		{"no colour", Config{Color: ColorNone, Animate: true}, review.ByPlayer, false},
		{"not wanted", Config{Color: ColorTrue}, review.ByPlayer, false},
	} {
		m := modelAt(t, tc.cfg, animStart, 9)
		m.move(engine.Left, tc.by)
		if got := m.motion.anim != nil; got != tc.animate {
			t.Errorf("%s: animated %v; want %v", tc.name, got, tc.animate)
		}
	}
	m := modelAt(t, Config{Color: ColorTrue, Animate: true}, animStart, 9)
	m.Update(tea.WindowSizeMsg{Width: 24, Height: 10})
	m.move(engine.Left, review.ByPlayer)
	if m.motion.anim != nil {
		t.Error("a move on a board out of sight was animated")
	}
}

// BenchmarkAnimationFrame draws the frames of a move's animation, as the
// program does (View), at the sizes of a small and of a large terminal,
// and reports the time and the allocations of a frame.
func BenchmarkAnimationFrame(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m := modelAt(&testing.T{}, Config{Color: ColorTrue, Animate: true}, animStart, 9)
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			press(m, "left")
			b.ReportAllocs()
			frames := 0
			for b.Loop() {
				m.motion.anim.frame = frames % animFrames
				m.View()
				frames++
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(frames), "ms/frame")
		})
	}
}
