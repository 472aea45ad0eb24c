package ntuple

import (
	"fmt"
	"strings"
	"unsafe"
)

// TupleSize is the number of cells of every tuple: a tuple's table has one
// weight for each of the 16^6 = 2^24 combinations of ranks in its cells.
const TupleSize = 6

// tableBits is the number of bits of an index into one tuple's table.
const tableBits = 4 * TupleSize

// A Tuple is a set of cells whose ranks together index a table of weights.
// Cells are numbered row by row from the top-left, 0 to 15, as in
// [engine.Board.Cell]; the first cell's rank is the most significant digit
// of the index.
type Tuple [TupleSize]uint8

// String returns the cells in hexadecimal, as the literature writes tuples:
// "012345".
func (t Tuple) String() string {
	var s strings.Builder
	for _, c := range t {
		fmt.Fprintf(&s, "%x", c)
	}
	return s.String()
}

// A Design is the shape of a network: its tuples, each of which is applied
// to the board under all 8 of its symmetries.
type Design uint8

// The designs this package offers. FourBySix is the 4×6-tuple network of
// Wu et al. and TDL2048's "4x6patt": 67 M weights, 256 MiB. EightBySix is
// TDL2048's "8x6patt": twice the weights, a stronger player for the same
// number of games, about half as fast to train.
const (
	FourBySix Design = iota
	EightBySix
	numDesigns
)

// designTuples holds the tuples of each design.
var designTuples = [numDesigns][]Tuple{
	FourBySix: {{0, 1, 2, 3, 4, 5}, {4, 5, 6, 7, 8, 9}, {0, 1, 2, 4, 5, 6}, {4, 5, 6, 8, 9, 10}},
	EightBySix: {
		{0, 1, 2, 4, 5, 6}, {4, 5, 6, 7, 8, 9}, {0, 1, 2, 3, 4, 5}, {2, 3, 4, 5, 6, 9},
		{0, 1, 2, 5, 9, 10}, {3, 4, 5, 6, 7, 8}, {1, 3, 4, 5, 6, 7}, {0, 1, 4, 8, 9, 10},
	},
}

// Designs returns the designs this package offers, the default first.
func Designs() []Design { return []Design{FourBySix, EightBySix} }

// ParseDesign returns the design called name: "4x6" or "8x6".
func ParseDesign(name string) (Design, error) {
	var names []string
	for _, d := range Designs() {
		if d.String() == name {
			return d, nil
		}
		names = append(names, d.String())
	}
	return 0, fmt.Errorf("unknown network %q: want %s", name, strings.Join(names, " or "))
}

// String returns the name of the design: "4x6" or "8x6".
func (d Design) String() string {
	switch d {
	case FourBySix:
		return "4x6"
	case EightBySix:
		return "8x6"
	}
	return fmt.Sprintf("Design(%d)", uint8(d))
}

// Valid reports whether d is one of the designs this package offers.
func (d Design) Valid() bool { return d < numDesigns }

// Tuples returns the tuples of the design, a new slice at each call.
func (d Design) Tuples() []Tuple {
	if !d.Valid() {
		return nil
	}
	return append([]Tuple(nil), designTuples[d]...)
}

// Features returns the number of weights that make up one value: one per
// tuple and symmetry.
func (d Design) Features() int { return len(d.Tuples()) * NumSymmetries }

// Bytes returns the memory the weights of a network of design d take.
func (d Design) Bytes() int64 { return int64(len(d.Tuples())) * int64(unsafe.Sizeof(table{})) }

// FileBytes returns the size of the weights of a network of design d in a
// weights file, the few hundred bytes of its header aside: 256 MiB for
// 4x6. The coherence tables, which a file holds during the
// temporal-coherence phase of a training, triple it.
func (d Design) FileBytes(coherence bool) int64 {
	n := int64(len(d.Tuples())) * tableLen * 4
	if coherence {
		n *= 3
	}
	return n
}

// The indexes of a board in each design's tables, one function per design
// so that every shift and mask is a constant: a generic indexer that reads
// its shifts from a table costs twice as much a value. Each returns, for the
// board x, the index of x's ranks in each tuple's table (see Tuple), as
// separate results so that they stay in registers. TestIndexes checks them
// against a reference that reads the cells one by one.

// indexFourBySix indexes the tuples of FourBySix: 012345 456789 012456 45689a.
func indexFourBySix(x uint64) (t0, t1, t2, t3 uint32) {
	mid := uint32(x >> 36) // cells 4, 5, 6 in the low 12 bits
	return uint32(x>>40) & low24,
		uint32(x>>24) & low24,
		uint32(x>>52)<<12 | mid&0xFFF,
		mid&0xFFF<<12 | uint32(x>>20)&0xFFF
}

// indexEightBySix indexes the tuples of EightBySix: 012456 456789 012345
// 234569 01259a 345678 134567 01489a.
func indexEightBySix(x uint64) (t0, t1, t2, t3, t4, t5, t6, t7 uint32) {
	return uint32(x>>52)<<12 | uint32(x>>36)&0xFFF,
		uint32(x>>24) & low24,
		uint32(x>>40) & low24,
		uint32(x>>36)&0xF_FFFF<<4 | uint32(x>>24)&0xF,
		uint32(x>>52)<<12 | uint32(x>>40)&0xF<<8 | uint32(x>>20)&0xFF,
		uint32(x>>28) & low24,
		uint32(x>>56)&0xF<<20 | uint32(x>>32)&0xF_FFFF,
		uint32(x>>56)<<16 | uint32(x>>44)&0xF<<12 | uint32(x>>20)&0xFFF
}
