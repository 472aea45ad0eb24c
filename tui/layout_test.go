package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// everyLayout returns a terminal size for each layout: each grown board
// beside its panel, then each of layouts, each at the least size it takes.
func everyLayout() [][2]int {
	var sizes [][2]int
	for rows := maxGrowth; rows >= minGrowth; rows-- {
		w, h := layout{grownBoard(rows), panelBeside}.size()
		sizes = append(sizes, [2]int{w, h})
	}
	for _, l := range layouts {
		w, h := l.size()
		sizes = append(sizes, [2]int{w, h})
	}
	return sizes
}

// screenRunes returns the screen of m without its colours, a line of runes
// for each line: every character the game draws is one column wide.
func screenRunes(m *Model) [][]rune {
	var lines [][]rune
	for _, l := range strings.Split(ansi.Strip(m.render()), "\n") {
		lines = append(lines, []rune(l))
	}
	return lines
}

// find returns the line and column where s first appears on the screen;
// ok is false if it does not.
func find(screen [][]rune, s string) (line, col int, ok bool) {
	for i, l := range screen {
		if k := strings.Index(string(l), s); k >= 0 {
			return i, len([]rune(string(l)[:k])), true
		}
	}
	return 0, 0, false
}

// boardPart returns the screen with all but the board's part blanked: the
// title, the keys on the last line, and the panel — from the column where
// panel (its first label) begins if it is beside the board, else from its
// line down.
func boardPart(screen [][]rune, panel string, beside bool) [][]rune {
	title, _, ok := find(screen, "2048")
	if !ok { // a layout with no panel has no title
		title = -1
	}
	pl, pc, _ := find(screen, panel)
	keys := len(screen) - 1
	for keys > 0 && strings.TrimSpace(string(screen[keys])) == "" {
		keys--
	}
	out := make([][]rune, len(screen))
	for i, l := range screen {
		out[i] = slices.Clone(l)
		for j := range out[i] {
			if i <= title || i >= keys || !beside && i >= pl || beside && j >= pc {
				out[i][j] = ' '
			}
		}
	}
	return out
}

// tileBox returns the first and last lines and columns of the tiles on the
// board's part of the screen, drawn without colour.
func tileBox(board [][]rune) (top, bottom, left, right int) {
	top, left = len(board), 1<<30
	bottom, right = -1, -1
	for i, l := range board {
		for j, r := range l {
			if strings.ContainsRune("╭╮╰╯┌┐└┘┏┓┗┛[]·»«", r) {
				top, bottom, left, right = min(top, i), max(bottom, i), min(left, j), max(right, j)
			}
		}
	}
	return top, bottom, left, right
}

// checkArrow checks the arrow of d, glyph, on the screen of a w×h terminal
// in the layout l: on the side of the board toward d, nothing between it
// and the tiles, in the middle of the sides above and below, and, for left
// and right, on the line of the panel that reads "→ right" when the panel is
// beside the board.
func checkArrow(t *testing.T, screen [][]rune, l layout, panel, glyph string, d engine.Direction) {
	t.Helper()
	board := boardPart(screen, panel, l.panel == panelBeside)
	line, col, ok := find(board, glyph)
	if !ok {
		t.Errorf("no %s beside the board", glyph)
		return
	}
	if _, _, twice := find(board[line+1:], glyph); twice || strings.Count(string(board[line]), glyph) > 1 {
		t.Errorf("%s is beside the board twice", glyph)
	}
	top, bottom, left, right := tileBox(board)
	blank := func(from, to int) bool { // the columns from to to of the arrow's line are blank
		from, to = max(from, 0), min(to, len(screen[line]))
		return from >= to || strings.TrimSpace(string(screen[line][from:to])) == ""
	}
	switch d {
	case engine.Up, engine.Down:
		above := d == engine.Up && line < top && line >= top-1-l.board.gapY
		below := d == engine.Down && line > bottom && line <= bottom+1+l.board.gapY
		if !above && !below || col < (left+right)/2-1 || col > (left+right+1)/2+1 || !blank(left, col) {
			t.Errorf("%s at line %d, column %d; the tiles run from line %d to %d, column %d to %d", glyph, line, col, top, bottom, left, right)
		}
		return
	case engine.Left:
		if line < top || line > bottom || col >= left || !blank(col+1, left) {
			t.Errorf("%s at line %d, column %d; the tiles run from line %d to %d, column %d to %d", glyph, line, col, top, bottom, left, right)
		}
	case engine.Right:
		if line < top || line > bottom || col <= right || !blank(right+1, col) {
			t.Errorf("%s at line %d, column %d; the tiles run from line %d to %d, column %d to %d", glyph, line, col, top, bottom, left, right)
		}
	}
	if l.panel == panelBeside {
		_, pc, _ := find(screen, panel)
		if reads := strings.TrimLeft(string(screen[line][pc:]), " ▸"); !strings.HasPrefix(reads, "→ right") {
			t.Errorf("%s beside the panel's line %q; want the line of → right", glyph, reads)
		}
	}
}

// TestArrowsReadRight: the hint's arrow is on the side of the board its
// move goes to, in the middle of the sides above and below, and the arrows
// of left and right are on the panel's line that reads "→ right", at every
// board size. Before, from 100×34 up, ▶ sat beside "← left" and read as
// left.
func TestArrowsReadRight(t *testing.T) {
	for _, size := range everyLayout() {
		l, _ := fit(size[0], size[1])
		for d := range engine.Direction(engine.NumDirections) {
			t.Run(fmt.Sprintf("%dx%d-%v", size[0], size[1], d), func(t *testing.T) {
				m := midGame(t, Config{})
				m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				r := ai.Result{Board: m.cur.Game.Board(), Best: d, Legal: [4]bool{true, true, true, true},
					Value: [4]float64{1, 1, 1, 1}, Depth: m.ai.shownDepth(m)}
				r.Value[d] = 2
				m.ai.hint = &r
				checkArrow(t, screenRunes(m), l, "SCORE", solidArrows[d], d)
			})
		}
	}
}

// TestReplayArrowsReadRight: in the replay, the AI's move (solid) and the
// move played (hollow) follow the rule of TestArrowsReadRight, at every
// board size.
func TestReplayArrowsReadRight(t *testing.T) {
	m := playedModel(t, Config{}, 60)
	rev := reviewOfGame(t, m)
	press(m, "r")
	fillReview(m, rev, len(rev.Moves))
	for _, size := range everyLayout() {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		l, _ := fit(size[0], size[1])
		var seen []engine.Direction
		for at := range len(rev.Moves) {
			m.screens.replay().at = at
			played, mv, _ := m.screens.replay().current()
			screen := screenRunes(m)
			checkArrow(t, screen, l, "MOVE", solidArrows[mv.Best()], mv.Best())
			if played != mv.Best() {
				checkArrow(t, screen, l, "MOVE", hollowArrows[played], played)
			}
			seen = append(seen, mv.Best(), played)
		}
		if !slices.Contains(seen, engine.Right) || !slices.Contains(seen, engine.Left) {
			t.Errorf("%v: the replay never showed the arrows of left and right", size)
		}
	}
}
