package tui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/textblock"
)

// This file draws the arrows on the sides of the board: the AI's move, and
// in a replay the move played.

// The arrows drawn beside the board: solid for the AI's move, hollow for a
// move played in a replay.
var (
	solidArrows  = [engine.NumDirections]string{"▲", "▼", "◀", "▶"}
	hollowArrows = [engine.NumDirections]string{"△", "▽", "◁", "▷"}
)

// panelRight returns the line of the game's panel in l that reads
// "→ right": after the fields (four, or two to a line in a compact panel),
// the blank line of a full panel and the hint's title, the hint's bars of
// the moves in the order of engine.Direction (see panel and hintLines);
// -1 for a layout with no panel.
func panelRight(l layout) int {
	switch {
	case l.panel == statusOnly:
		return -1
	case l.compact():
		return 2 + 1 + int(engine.Right)
	}
	return 4 + 1 + 1 + int(engine.Right)
}

// arrowStyle returns the style of an arrow of style st in the layout l:
// st around the board; on the board's own margin (see layout.onEdge), bold
// in the colour of the marks of the tiles, which stands out on the board's
// colour in every theme, with the board's colour behind it.
func (lk *look) arrowStyle(l layout, st lipgloss.Style) lipgloss.Style {
	if !l.onEdge() {
		return st
	}
	return lipgloss.NewStyle().Bold(true).Foreground(lk.pal.Highlight).Background(lk.pal.Board)
}

// arrowed returns the board of the layout l with the arrows drawn on its
// sides: arrows[d], a glyph one column wide, on the side of direction d,
// in the middle of the sides above and below, on the board's line row on
// the left and the right; none where it is empty. The arrows go around the
// board, or on its margins if l has no room around it.
func arrowed(board string, l layout, arrows [engine.NumDirections]string, row int) textblock.Block {
	if l.onEdge() {
		return arrowedOnEdge(board, l, arrows, row)
	}
	side := func(d engine.Direction, width int) string {
		if arrows[d] == "" {
			return textblock.Spaces(width)
		}
		return textblock.Spaces(textblock.Split(width-1)) + arrows[d] + textblock.Spaces(width-1-textblock.Split(width-1))
	}
	bh := l.board.height()
	lines := make([]string, 0, bh+2)
	lines = append(lines, side(engine.Up, l.areaWidth()))
	for i, line := range strings.Split(board, "\n") {
		left, right := textblock.Spaces(arrowCols), textblock.Spaces(arrowCols)
		if i == row {
			left, right = side(engine.Left, arrowCols), side(engine.Right, arrowCols)
		}
		lines = append(lines, left+line+right)
	}
	lines = append(lines, side(engine.Down, l.areaWidth()))
	return textblock.Block{Lines: lines, Width: l.areaWidth()}
}

// arrowedOnEdge returns the board of l with the arrows drawn over its outer
// gaps: its first and last lines, its first and last columns.
func arrowedOnEdge(board string, l layout, arrows [engine.NumDirections]string, row int) textblock.Block {
	lines := strings.Split(board, "\n")
	w := l.board.width()
	at := [engine.NumDirections][2]int{
		engine.Up: {0, textblock.Split(w - 1)}, engine.Down: {len(lines) - 1, textblock.Split(w - 1)},
		engine.Left: {row, 0}, engine.Right: {row, w - 1},
	}
	for d, a := range arrows {
		if a == "" {
			continue
		}
		line, col := at[d][0], at[d][1]
		lines[line] = ansi.Truncate(lines[line], col, "") + a + ansi.TruncateLeft(lines[line], col+1, "")
	}
	return textblock.Block{Lines: lines, Width: w}
}
