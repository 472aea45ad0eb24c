package tui

import (
	"math"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/harmonica"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/theme"
)

// This file animates a move as the original game does: the tiles slide to
// their places, then the merged tiles pop and the new tile appears. The
// game is past the move already; an animation only draws the way there,
// so a key during one finishes it at once and acts on the board as it is.

// The frames of an animation: fps a second, the most Bubble Tea draws;
// slideFrames of sliding and a frame of popping, 100 ms in all, as the
// original game's slide.
const (
	fps         = 60
	frameTime   = time.Second / fps
	slideFrames = 5
	animFrames  = slideFrames + 1
	animTime    = animFrames * frameTime
)

// springFrequency is the angular frequency of the spring the tiles slide
// on, in radians a second: critically damped, it takes them 95% of the way
// in the slide's 83 ms, quick to leave and gentle to land, with no bounce
// that would push a tile over its neighbour.
const springFrequency = 57

// slideProgress[f] is how far the tiles have gone, from 0 to 1, in frame f
// of the slide; the last frame lands them.
var slideProgress = springSteps()

// springSteps follows a spring from 0 to 1 frame by frame (harmonica).
func springSteps() [slideFrames]float64 {
	var steps [slideFrames]float64
	s := harmonica.NewSpring(harmonica.FPS(fps), springFrequency, 1)
	pos, vel := 0.0, 0.0
	for f := range steps {
		pos, vel = s.Update(pos, vel, 1)
		steps[f] = pos
	}
	steps[slideFrames-1] = 1
	return steps
}

// An animation is a move being drawn, frame by frame.
type animation struct {
	id     int
	before engine.Board          // the board before the move
	paths  [engine.NumCells]int8 // where each tile of before goes (Board.Paths)
	after  engine.Board          // the board after the move, the new tile in it
	spawn  int                   // the cell of the new tile
	merged uint16                // the cells of the tiles made by merges
	frame  int                   // the frame on screen, from 0
}

// frameMsg says that the frame after the one on screen is due.
type frameMsg struct{ id int }

// animates reports whether the move just played by by is to be animated:
// if the player wants it and the game may (see Config.Still), with colour
// (boxes drawn over boxes would not read), with the board in sight, and
// not for the AI playing faster than the animation.
func (mo *motion) animates(m *Model, by review.Mover) bool {
	return mo.animate && !mo.still && !m.look.pal.Colorless && !m.hidden() && !(by == review.ByAutoplay && m.ai.pace() < animTime)
}

// startAnimation animates the move toward d just played from before, whose
// new tile is in cell spawn, and returns the tick of its next frame.
func (mo *motion) startAnimation(m *Model, before engine.Board, d engine.Direction, spawn int) tea.Cmd {
	mo.anim = mo.newAnimation(before, d, m.cur.Game.Board(), spawn)
	return nextFrame(mo.anim.id)
}

// newAnimation returns the animation of the move toward d from before to
// after, whose new tile is in cell spawn, numbered anew.
func (mo *motion) newAnimation(before engine.Board, d engine.Direction, after engine.Board, spawn int) *animation {
	mo.animations++ // each animation has its own number: a tick names the one it is for
	return &animation{id: mo.animations, before: before, paths: before.Paths(d), after: after,
		spawn: spawn, merged: before.Merges(d)}
}

// nextFrame returns the tick of the next frame of the animation id.
func nextFrame(id int) tea.Cmd {
	return tea.Tick(frameTime, func(time.Time) tea.Msg { return frameMsg{id} })
}

// onFrame moves the animation the message names, the game's or the
// replay's, to its next frame, or ends it after its last.
func (mo *motion) onFrame(m *Model, msg frameMsg) tea.Cmd {
	a := &mo.anim
	if m.screens.replay() != nil && m.screens.replay().anim != nil && m.screens.replay().anim.id == msg.id {
		a = &m.screens.replay().anim
	}
	if *a == nil || (*a).id != msg.id {
		return nil
	}
	(*a).frame++
	if (*a).frame >= animFrames {
		*a = nil
		return nil
	}
	return nextFrame(msg.id)
}

// A placed tile is a tile of a frame: its rank and its rectangle on the
// board, in columns and lines.
type placed struct {
	rank       uint8
	x, y, w, h int
}

// tiles returns the tiles of frame f for a board of size s, to be drawn in
// order: while sliding, each tile of the board before, on its way, the
// moving ones last; then the board after, the merged tiles one cell larger
// on each side (popping) and the new tile one smaller (appearing).
func (a *animation) tiles(f int, s boardSize) []placed {
	var out []placed
	if f < slideFrames {
		p := slideProgress[f]
		for _, moving := range []bool{false, true} {
			for i, to := range a.paths {
				if to < 0 || (int(to) != i) != moving {
					continue
				}
				x0, y0 := s.cellAt(i)
				x1, y1 := s.cellAt(int(to))
				x, y := x0+int(math.Round(float64(x1-x0)*p)), y0+int(math.Round(float64(y1-y0)*p))
				out = append(out, placed{a.before.Cell(i), x, y, s.tileWidth, s.rows})
			}
		}
		return out
	}
	grow := 0
	if s.rows > 1 {
		grow = 1
	}
	for i := range engine.NumCells {
		r := a.after.Cell(i)
		x, y := s.cellAt(i)
		t := placed{r, x, y, s.tileWidth, s.rows}
		switch {
		case r == 0:
			continue
		case i == a.spawn:
			t = placed{r, x + 1, y + grow, s.tileWidth - 2, s.rows - 2*grow}
		case a.merged&(1<<i) != 0:
			t = placed{r, x - 1, y - grow, s.tileWidth + 2, s.rows + 2*grow}
		}
		out = append(out, t)
	}
	return out
}

// frameStyles are the beginnings of the styles of a frame, as SGR
// sequences: [0] the board between the tiles, [1+r] a tile of rank r.
type frameStyles [1 + 16]string

// frameStylesOf returns the styles of a frame in the palette pal.
func frameStylesOf(pal theme.Palette) frameStyles {
	var st frameStyles
	st[0] = ansi.NewStyle().BackgroundColor(pal.Board).String()
	for r, tc := range pal.Tile {
		s := ansi.NewStyle().BackgroundColor(tc.BG).ForegroundColor(tc.FG)
		if tc.Bold {
			s = s.Bold()
		}
		st[1+r] = s.String()
	}
	return st
}

// renderFrame draws frame f of the animation on a board of size s in the
// styles st: lines of exactly the board's width, as renderBoard draws. It
// puts the cells of the frame in a grid and writes each line as runs of
// one style, which is far cheaper than a lipgloss style for each run.
func (a *animation) renderFrame(f int, s boardSize, st *frameStyles) string {
	c := newCanvas(s.width(), s.height())
	for i := range engine.NumCells { // the empty cells under everything
		x, y := s.cellAt(i)
		c.fill(placed{0, x, y, s.tileWidth, s.rows})
	}
	for _, t := range a.tiles(f, s) {
		c.fill(t)
	}
	return c.render(st)
}

// A canvas is a frame of an animation being drawn: for each cell of the
// board's area, the style of what covers it (0: the board; 1+r: a tile of
// rank r) and its character.
type canvas struct {
	w, h  int
	style []uint8
	text  []byte
}

// newCanvas returns a blank canvas of w×h cells.
func newCanvas(w, h int) *canvas {
	c := &canvas{w: w, h: h, style: make([]uint8, w*h), text: make([]byte, w*h)}
	for i := range c.text {
		c.text[i] = ' '
	}
	return c
}

// fill paints t over what is under it, its value in its middle; what lies
// outside the canvas is cut.
func (c *canvas) fill(t placed) {
	for y := max(t.y, 0); y < min(t.y+t.h, c.h); y++ {
		for x := max(t.x, 0); x < min(t.x+t.w, c.w); x++ {
			c.style[y*c.w+x], c.text[y*c.w+x] = 1+t.rank, ' '
		}
	}
	if t.rank == 0 || t.h <= 0 {
		return
	}
	label := strconv.Itoa(engine.TileValue(t.rank))
	y, x := t.y+(t.h-1)/2, t.x+(t.w-len(label))/2
	for k := range len(label) {
		if y >= 0 && y < c.h && x+k >= 0 && x+k < c.w {
			c.text[y*c.w+x+k] = label[k]
		}
	}
}

// render draws the canvas in the styles st, a run of cells of one style
// at a time.
func (c *canvas) render(st *frameStyles) string {
	var sb strings.Builder
	sb.Grow(c.h * (c.w + 16*len(st[1])))
	for y := range c.h {
		if y > 0 {
			sb.WriteByte('\n')
		}
		row := y * c.w
		for x := 0; x < c.w; {
			end := x
			for end < c.w && c.style[row+end] == c.style[row+x] {
				end++
			}
			sb.WriteString(st[c.style[row+x]])
			sb.Write(c.text[row+x : row+end])
			sb.WriteString(ansi.ResetStyle)
			x = end
		}
	}
	return sb.String()
}
