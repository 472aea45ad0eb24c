package ntuple

import (
	"math/bits"

	"github.com/term2048/2048/engine"
)

// NumSymmetries is the number of symmetries of the square board: 4 rotations,
// each with or without a reflection.
const NumSymmetries = 8

// symmetries returns b under each of the 8 symmetries of the board, turning
// it upside down and transposing it in turn: a flip followed by a transpose
// is a quarter turn, so the even entries are the four rotations of b and
// the odd ones their reflections. The order is fixed, so that sums over it
// are reproducible, and the value functions follow it.
func symmetries(b engine.Board) [NumSymmetries]engine.Board {
	var s [NumSymmetries]engine.Board
	s[0] = b
	for i := 1; i < NumSymmetries; i++ {
		if i%2 == 1 {
			s[i] = flip(s[i-1])
		} else {
			s[i] = s[i-1].Transpose()
		}
	}
	return s
}

// flip turns the board upside down: row r goes to row 3−r.
func flip(b engine.Board) engine.Board {
	x := uint64(b)
	x = (x&0xFFFF_0000_FFFF_0000)>>16 | (x&0x0000_FFFF_0000_FFFF)<<16 // the two rows of each half
	return engine.Board(bits.RotateLeft64(x, 32))                     // the two halves
}
