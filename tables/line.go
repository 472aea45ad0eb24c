// Package tables holds the 65536-entry lookup tables behind the engine: the
// result of sliding every possible 16-bit line and the points it scores, all
// derived from one reference slide rule ([Slide]), and [Build] for other
// per-line tables such as the AI's heuristics.
//
// Tables are built by pure functions when the package is initialised (2 to 4
// ms) and never change afterwards, so they are safe for concurrent use.
package tables

// A Line is one row or column of the board: four cells of 4 bits each, cell 0
// in the high nibble. A cell holds a rank: 0 is empty, r is the tile 2^r.
type Line uint16

// MaxRank is the highest rank a cell can hold: 15, the tile 32768.
const MaxRank = 15

// NumLines is the number of distinct lines, the length of every table.
const NumLines = 1 << 16

// Cell returns the rank of cell i (0 to 3).
func (l Line) Cell(i int) uint8 {
	return uint8(l>>(12-4*uint(i))) & 0xF
}

// Cells returns the four ranks of l, cell 0 first.
func (l Line) Cells() [4]uint8 {
	return [4]uint8{l.Cell(0), l.Cell(1), l.Cell(2), l.Cell(3)}
}

// LineOf packs four ranks into a Line; ranks above MaxRank are truncated to
// their low 4 bits.
func LineOf(c [4]uint8) Line {
	return Line(c[0]&0xF)<<12 | Line(c[1]&0xF)<<8 | Line(c[2]&0xF)<<4 | Line(c[3]&0xF)
}

// Reverse returns l with its cells in the opposite order.
func (l Line) Reverse() Line {
	return l>>12 | (l>>4)&0x00F0 | (l<<4)&0x0F00 | l<<12
}

// Build returns a table holding f(l) for each of the 65536 lines, indexed by
// the line itself. It is how per-line tables are made from a reference
// function, and so the table is exactly as correct as f.
func Build[T any](f func(Line) T) *[NumLines]T {
	t := new([NumLines]T)
	for i := range t {
		t[i] = f(Line(i))
	}
	return t
}
