package engine

import "github.com/term2048/2048/tables"

// This file says what a move does to each tile, for a display to show it:
// which tiles merge, and where each tile goes. Both apply the reference
// rule line by line; they are not meant for hot paths.

// Merges returns the cells of the board after moving toward d that hold a tile
// made by a merge in that move, as a bit set (bit i for cell i).
func (b Board) Merges(d Direction) uint16 {
	var set uint16
	b.eachLine(d, func(cells [4]int, s tables.SlideOutcome) {
		for j, m := range s.Merged {
			if m {
				set |= 1 << cells[j]
			}
		}
	})
	return set
}

// Paths returns where each tile goes when the board moves toward d: to[i]
// is the cell in which the tile of cell i ends, alone or merged into
// another, and -1 for an empty cell. A tile that does not move ends where
// it is; on a move that changes nothing, every tile does.
func (b Board) Paths(d Direction) (to [NumCells]int8) {
	for i := range to {
		to[i] = -1
	}
	b.eachLine(d, func(cells [4]int, s tables.SlideOutcome) {
		for j, dest := range s.To {
			if dest >= 0 {
				to[cells[j]] = int8(cells[dest])
			}
		}
	})
	return to
}

// eachLine slides each line of b toward d with the reference rule and
// calls f with the outcome and the board's cells along the line: cells[0]
// is the cell on the side the tiles move to. An invalid d slides nothing.
func (b Board) eachLine(d Direction, f func(cells [4]int, s tables.SlideOutcome)) {
	if !d.Valid() {
		return
	}
	for k := range 4 {
		var cells [4]int
		var line [4]uint8
		for j := range 4 {
			pos := j
			if d == Right || d == Down {
				pos = 3 - j
			}
			cell := 4*k + pos // a row: cell (k, pos)
			if d == Up || d == Down {
				cell = 4*pos + k // a column: cell (pos, k)
			}
			cells[j], line[j] = cell, b.Cell(cell)
		}
		f(cells, tables.Slide(line))
	}
}
