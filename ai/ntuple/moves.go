package ntuple

import (
	"math/bits"
	"math/rand/v2"

	"github.com/term2048/2048/engine"
)

// A choice holds every move from a board, as best weighs them: the board
// after each move in direction order, its transpose, the points it scores
// and, for a move that changes the board, the value of the board after it.
type choice struct {
	next, nextT [engine.NumDirections]engine.Board
	points      [engine.NumDirections]uint32
	values      [engine.NumDirections]float32
}

// moveAll sets the boards, transposes and points of every move from b, as
// engine.Board.Move gives them: a move that changes nothing gives b. A
// value needs the transpose of its board, and a move up or down is a move
// left or right of the transpose, so that each board and its transpose cost
// one transposition, where Move and value took three to five.
func (c *choice) moveAll(b engine.Board) {
	t := b.Transpose()
	var up, down engine.Board
	up, c.points[engine.Up], _ = t.Move(engine.Left)
	down, c.points[engine.Down], _ = t.Move(engine.Right)
	c.next[engine.Left], c.points[engine.Left], _ = b.Move(engine.Left)
	c.next[engine.Right], c.points[engine.Right], _ = b.Move(engine.Right)
	c.next[engine.Up], c.nextT[engine.Up] = up.Transpose(), up
	c.next[engine.Down], c.nextT[engine.Down] = down.Transpose(), down
	c.nextT[engine.Left], c.nextT[engine.Right] = c.next[engine.Left].Transpose(), c.next[engine.Right].Transpose()
}

// spawn puts a new tile on b, which must have an empty cell, as
// engine.Board.Spawn does, drawing the same numbers from r in the same
// order, so that a training plays the same games: without Spawn's walk over
// the cells, whose branches on which cells are empty the processor
// mispredicts several times a move.
func spawn(b engine.Board, r *rand.Rand) engine.Board {
	empty := b.EmptyBits() // the low bit of each empty cell's nibble
	n := bits.OnesCount64(empty)
	k := r.IntN(n) // the k-th empty cell in cell order, which starts at the top
	rank := uint64(1)
	if r.IntN(10) == 0 {
		rank = 2
	}
	return b | engine.Board(rank<<nthBit(empty, n-1-k))
}

// nthBit returns the position of the set bit of m with n set bits below
// it, m having at most one set bit in each nibble: a binary search by the
// number of set bits in the lower half, written without branches, whose
// outcome the processor could not predict.
func nthBit(m uint64, n int) uint {
	var pos uint
	m, n, pos = halve(m, n, pos, 32)
	m, n, pos = halve(m, n, pos, 16)
	m, n, pos = halve(m, n, pos, 8)
	_, _, pos = halve(m, n, pos, 4)
	return pos
}

// halve is a step of nthBit's search: if the bit lies above the lower half
// of the half bits of m, it drops the lower half and counts it in n and pos.
func halve(m uint64, n int, pos, half uint) (uint64, int, uint) {
	// The set bits below the half, at most 8, added up in the top nibble.
	below := int(m & (1<<half - 1) * 0x1111_1111_1111_1111 >> 60)
	above := uint(^((n - below) >> 63) & 1) // 1 if the bit lies above
	return m >> (half * above), n - below*int(above), pos + half*above
}
