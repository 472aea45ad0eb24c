// Package engine plays 2048 on a 64-bit board: one nibble per cell holds the
// tile's rank (0 = empty, 1 = 2, ... 15 = 32768), cell 0 (the top-left) in the
// high nibble and then row by row, so that a board's hexadecimal form reads
// like the board itself.
//
// Moves are four lookups in the tables of package tables, built from its one
// reference slide rule; spawns draw from a *rand.Rand the caller passes in, and
// a [Game] adds score, undo and replay from a seed.
package engine

import (
	"math/bits"

	"github.com/term2048/2048/tables"
)

// A Board is a 2048 position in one uint64, one 4-bit rank per cell: 0 is
// empty and r is the tile 2^r. Cell i is row i/4, column i%4, counted from the
// top-left.
//
// The largest tile is 32768 (rank 15). Two 32768 tiles do not merge, since a
// cell cannot hold 65536: they block each other like unequal tiles, so no move
// ever changes the sum of the tile values (see [tables.Slide]).
//
// A Board is a value: copying it to another goroutine is free and race-free.
type Board uint64

// NumCells is the number of cells of a board.
const NumCells = 16

// MaxRank is the rank of the largest tile, 32768.
const MaxRank = tables.MaxRank

// lowBits has the lowest bit of every nibble set.
const lowBits = 0x1111_1111_1111_1111

// shift is the position of the low bit of cell i's nibble.
func shift(i int) uint { return uint(60 - 4*i) }

// Cell returns the rank of cell i: 0 if it is empty, r for the tile 2^r.
func (b Board) Cell(i int) uint8 { return uint8(b>>shift(i)) & 0xF }

// Tile returns the value of the tile in cell i, or 0 if the cell is empty.
func (b Board) Tile(i int) int { return TileValue(b.Cell(i)) }

// With returns b with cell i set to rank r (0 empties it).
func (b Board) With(i int, r uint8) Board {
	s := shift(i)
	return b&^(0xF<<s) | Board(r&0xF)<<s
}

// FromRanks returns the board whose cell i holds rank r[i].
func FromRanks(r [NumCells]uint8) Board {
	var b Board
	for i, v := range r {
		b = b.With(i, v)
	}
	return b
}

// Ranks returns the rank of every cell, cell 0 first.
func (b Board) Ranks() [NumCells]uint8 {
	var r [NumCells]uint8
	for i := range r {
		r[i] = b.Cell(i)
	}
	return r
}

// Row returns row r (0 is the top) as a line, column 0 first.
func (b Board) Row(r int) tables.Line { return tables.Line(b >> (48 - 16*uint(r))) }

// Col returns column c (0 is the left) as a line, row 0 first.
func (b Board) Col(c int) tables.Line { return b.Transpose().Row(c) }

// Transpose mirrors b about its main diagonal: cell (r, c) goes to (c, r).
// It swaps the cells of each 2×2 block across the block's diagonal, then
// swaps the top-right and bottom-left blocks of 2×2 cells.
func (b Board) Transpose() Board {
	x := uint64(b)
	// Within each 2×2 block: (r, c+1) ↔ (r+1, c), three cells apart.
	x = x&0xF0F0_0F0F_F0F0_0F0F | (x&0x0F0F_0000_0F0F_0000)>>12 | (x&0x0000_F0F0_0000_F0F0)<<12
	// Between blocks: (r, c+2) ↔ (r+2, c), six cells apart.
	x = x&0xFF00_FF00_00FF_00FF | (x&0x00FF_00FF_0000_0000)>>24 | (x&0x0000_0000_FF00_FF00)<<24
	return Board(x)
}

// occupied returns a mask with the low bit of every non-empty cell's nibble
// set.
func (b Board) occupied() uint64 {
	x := uint64(b)
	x |= x >> 2
	x |= x >> 1
	return x & lowBits
}

// EmptyBits returns a mask with the low bit of every empty cell's nibble set:
// for a bit s of it, b|s puts a 2 in that cell and b|s<<1 a 4.
func (b Board) EmptyBits() uint64 { return ^b.occupied() & lowBits }

// CountEmpty returns the number of empty cells.
func (b Board) CountEmpty() int { return NumCells - bits.OnesCount64(b.occupied()) }

// HighestRank returns the rank of the largest tile, 0 for an empty board.
func (b Board) HighestRank() uint8 {
	var m uint8
	for i := range NumCells {
		m = max(m, b.Cell(i))
	}
	return m
}

// HighestTile returns the value of the largest tile, 0 for an empty board.
func (b Board) HighestTile() int { return TileValue(b.HighestRank()) }

// DistinctTiles returns the number of different tile values on the board.
func (b Board) DistinctTiles() int {
	var seen uint16
	for i := range NumCells {
		seen |= 1 << b.Cell(i)
	}
	return bits.OnesCount16(seen &^ 1)
}

// TileValue returns the value of a tile of rank r: 0 for rank 0, else 2^r.
func TileValue(r uint8) int {
	if r == 0 {
		return 0
	}
	return 1 << r
}

// RankOf returns the rank of a tile value, the inverse of TileValue: 0 for 0
// (an empty cell), r for 2^r up to 32768. It reports false for any other
// value, 1 included (no tile is worth 1).
func RankOf(value int) (uint8, bool) {
	if value == 0 {
		return 0, true
	}
	if value < 2 || value > 1<<MaxRank || value&(value-1) != 0 {
		return 0, false
	}
	return uint8(bits.TrailingZeros(uint(value))), true
}
