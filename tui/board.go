package tui

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/theme"
	"github.com/term2048/2048/tui/textblock"
)

// A boardSize is the shape of the board on screen: tiles of tileWidth
// columns by rows lines, with gaps of gapX columns and gapY lines between
// and around them.
type boardSize struct{ tileWidth, rows, gapX, gapY int }

// The boards of the smallest terminals the game takes: largeBoard from
// 77×23, smallBoard below, and tinyBoard, whose tiles are five columns
// wide, in a pane narrower than smallBoard. A larger terminal grows the
// board (grownBoard).
var (
	largeBoard = boardSize{tileWidth: 7, rows: 3, gapX: 2, gapY: 1}
	smallBoard = boardSize{tileWidth: 7, rows: 1, gapX: 1, gapY: 1}
	tinyBoard  = boardSize{tileWidth: 5, rows: 1, gapX: 1, gapY: 1}
)

// The grown boards run from tiles of minGrowth rows to maxGrowth.
const (
	minGrowth = 4
	maxGrowth = 24
)

// grownBoard returns the board of tiles rows lines high (from minGrowth),
// twice as wide plus one, since a terminal's cell is about twice as high
// as it is wide: the tiles stay about square. The gaps grow slowly with
// them.
func grownBoard(rows int) boardSize {
	return boardSize{tileWidth: 2*rows + 1, rows: rows, gapX: 2 + (rows-3)/3, gapY: 1 + (rows-3)/5}
}

func (s boardSize) width() int  { return 4*s.tileWidth + 5*s.gapX }
func (s boardSize) height() int { return 4*s.rows + 5*s.gapY }

// grown reports whether s is larger than the board of a small terminal.
func (s boardSize) grown() bool { return s.rows > largeBoard.rows }

// cellAt returns the column and line of the top left corner of cell i of
// the board.
func (s boardSize) cellAt(i int) (x, y int) {
	return s.gapX + i%4*(s.tileWidth+s.gapX), s.gapY + i/4*(s.rows+s.gapY)
}

// renderBoard draws the board: coloured tiles on the board colour, or, with
// no colour, tiles in boxes. The tiles of the last move are marked. The
// game's screen draws it through its drawings (see drawings.boardOf),
// which keep the tiles and boards drawn.
func renderBoard(b engine.Board, pal theme.Palette, size boardSize, f flash) string {
	gap := lipgloss.NewStyle().Background(pal.Board)
	return drawBoard(b, size, f.spawned|f.merged, gap.Render(textblock.Spaces(size.gapX)), gap.Render(textblock.Spaces(size.width())),
		func(r uint8, mark bool) []string { return renderTile(r, pal, size, mark) })
}

// renderTile draws one tile of rank r as a tile of the board size: rows
// lines of tileWidth columns, the number on the middle line.
func renderTile(r uint8, pal theme.Palette, size boardSize, mark bool) []string {
	label := ""
	if r != 0 {
		label = strconv.Itoa(engine.TileValue(r))
	}
	w := size.tileWidth
	if pal.Colorless {
		return boxTile(label, size, mark)
	}
	tc := pal.Tile[r]
	st := lipgloss.NewStyle().Background(tc.BG).Foreground(tc.FG).Bold(tc.Bold)
	if size.rows == 1 {
		switch {
		case !mark:
			return []string{st.Render(center(label, w))}
		case len(label) > w-2: // no room for the marks beside the number
			return []string{st.Underline(true).Render(center(label, w))}
		}
		edge := lipgloss.NewStyle().Background(tc.BG).Foreground(pal.Highlight)
		return []string{edge.Render("▐") + st.Render(center(label, w-2)) + edge.Render("▌")}
	}
	blank := st.Render(strings.Repeat(" ", w))
	lines := make([]string, size.rows)
	for k := range lines {
		lines[k] = blank
	}
	lines[(size.rows-1)/2] = st.Render(center(label, w))
	if mark {
		edge := lipgloss.NewStyle().Background(tc.BG).Foreground(pal.Highlight)
		lines[0], lines[size.rows-1] = edge.Render(strings.Repeat("▔", w)), edge.Render(strings.Repeat("▁", w))
	}
	return lines
}

// boxTile draws a tile with no colour: a box around the number, heavy for
// the tiles of the last move, dashed for an empty cell.
func boxTile(label string, size boardSize, mark bool) []string {
	w := size.tileWidth
	inner := w - 2
	if size.rows == 1 {
		switch {
		case label == "":
			return []string{center("·", w)}
		case len(label) > inner: // no room for the box
			return []string{center(label, w)}
		case mark:
			return []string{"»" + center(label, inner) + "«"}
		}
		return []string{"[" + center(label, inner) + "]"}
	}
	box := "┌─┐││└─┘"
	switch {
	case label == "":
		box = "╭╌╮╎╎╰╌╯"
	case mark:
		box = "┏━┓┃┃┗━┛"
	}
	p := []rune(box)
	lines := []string{string(p[0]) + strings.Repeat(string(p[1]), inner) + string(p[2])}
	for k := range size.rows - 2 {
		text := ""
		if k == (size.rows-3)/2 {
			text = label
		}
		lines = append(lines, string(p[3])+center(text, inner)+string(p[4]))
	}
	return append(lines, string(p[5])+strings.Repeat(string(p[6]), inner)+string(p[7]))
}

// center pads s with spaces to width w, centred (a spare space goes right).
func center(s string, w int) string {
	n := w - lipgloss.Width(s)
	if n <= 0 {
		return s
	}
	return strings.Repeat(" ", n/2) + s + strings.Repeat(" ", n-n/2)
}
