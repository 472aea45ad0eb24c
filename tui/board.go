package tui

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/theme"
)

// tileWidth is the width of a tile: room for five digits and a margin.
const tileWidth = 7

// A boardSize is the shape of the board on screen: tiles of tileWidth by
// rows lines, with gaps of gapX columns and gapY lines between and around
// them.
type boardSize struct{ rows, gapX, gapY int }

var (
	largeBoard = boardSize{rows: 3, gapX: 2, gapY: 1}
	smallBoard = boardSize{rows: 1, gapX: 1, gapY: 1}
)

func (s boardSize) width() int  { return 4*tileWidth + 5*s.gapX }
func (s boardSize) height() int { return 4*s.rows + 5*s.gapY }

// renderBoard draws the board: coloured tiles on the board colour, or, with
// no colour, tiles in boxes. The tiles of the last move are marked.
func renderBoard(b engine.Board, pal theme.Palette, size boardSize, f flash) string {
	gap := lipgloss.NewStyle().Background(pal.Board)
	gapCol := gap.Render(strings.Repeat(" ", size.gapX))
	gapLine := gap.Render(strings.Repeat(" ", size.width()))
	var lines []string
	for range size.gapY {
		lines = append(lines, gapLine)
	}
	for r := range 4 {
		var row [4][]string
		for c := range 4 {
			i := 4*r + c
			mark := f.spawned&(1<<i) != 0 || f.merged&(1<<i) != 0
			row[c] = renderTile(b.Cell(i), pal, size.rows, mark)
		}
		for k := range size.rows {
			var sb strings.Builder
			sb.WriteString(gapCol)
			for c := range 4 {
				sb.WriteString(row[c][k])
				sb.WriteString(gapCol)
			}
			lines = append(lines, sb.String())
		}
		for range size.gapY {
			lines = append(lines, gapLine)
		}
	}
	return strings.Join(lines, "\n")
}

// renderTile draws one tile of rank r as rows lines of tileWidth columns.
func renderTile(r uint8, pal theme.Palette, rows int, mark bool) []string {
	label := ""
	if r != 0 {
		label = strconv.Itoa(engine.TileValue(r))
	}
	if pal.Colorless {
		return boxTile(label, rows, mark)
	}
	tc := pal.Tile[r]
	st := lipgloss.NewStyle().Background(tc.BG).Foreground(tc.FG).Bold(tc.Bold)
	middle := st.Render(center(label, tileWidth))
	if rows == 1 {
		if !mark {
			return []string{middle}
		}
		edge := lipgloss.NewStyle().Background(tc.BG).Foreground(pal.Highlight)
		return []string{edge.Render("▐") + st.Render(center(label, tileWidth-2)) + edge.Render("▌")}
	}
	top, bottom := st.Render(strings.Repeat(" ", tileWidth)), st.Render(strings.Repeat(" ", tileWidth))
	if mark {
		edge := lipgloss.NewStyle().Background(tc.BG).Foreground(pal.Highlight)
		top, bottom = edge.Render(strings.Repeat("▔", tileWidth)), edge.Render(strings.Repeat("▁", tileWidth))
	}
	lines := []string{top}
	for range rows - 2 {
		lines = append(lines, middle)
	}
	return append(lines, bottom)
}

// boxTile draws a tile with no colour: a box around the number, heavy for
// the tiles of the last move, dashed for an empty cell.
func boxTile(label string, rows int, mark bool) []string {
	inner := tileWidth - 2
	if rows == 1 {
		switch {
		case label == "":
			return []string{center("·", tileWidth)}
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
	for k := range rows - 2 {
		text := ""
		if k == (rows-2)/2 {
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
