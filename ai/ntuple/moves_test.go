package ntuple

import (
	"math/rand/v2"
	"testing"

	"github.com/term2048/2048/engine"
)

// TestMoveAll checks choice.moveAll against engine.Board.Move: the same
// boards and points in direction order, and the transposes of the boards.
func TestMoveAll(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 100000 {
		b := randomBoard(r)
		var c choice
		c.moveAll(b)
		for d := range engine.Direction(engine.NumDirections) {
			want, p, _ := b.Move(d)
			if c.next[d] != want || c.points[d] != p || c.nextT[d] != want.Transpose() {
				t.Fatalf("moveAll(%#016x) %v: %#016x, %d points, transpose %#016x; want %#016x, %d, %#016x",
					uint64(b), d, uint64(c.next[d]), c.points[d], uint64(c.nextT[d]), uint64(want), p, uint64(want.Transpose()))
			}
		}
	}
}

// TestSpawn checks spawn against engine.Board.Spawn: from generators in the
// same state, the same tile in the same cell, and the generators left in
// the same state, on boards with every number of empty cells.
func TestSpawn(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 100000 {
		b := randomBoard(r) &^ engine.Board(r.Uint64()&r.Uint64()) // about a quarter of the cells empty, or more
		if b.CountEmpty() == 0 {
			continue
		}
		seed := r.Uint64()
		mine, theirs := rand.NewPCG(seed, 1), rand.NewPCG(seed, 1)
		got := spawn(b, rand.New(mine))
		want, _ := b.Spawn(rand.New(theirs))
		if got != want.Board || mine.Uint64() != theirs.Uint64() {
			t.Fatalf("spawn(%#016x) = %#016x; want %#016x, and the generators in step", uint64(b), uint64(got), uint64(want.Board))
		}
	}
}

// TestNthBit checks nthBit on every mask of one bit per nibble at most.
func TestNthBit(t *testing.T) {
	for cells := range 1 << 16 {
		var m uint64
		var set []uint
		for c := range uint(16) {
			if cells>>c&1 == 1 {
				m |= 1 << (4 * c)
				set = append(set, 4*c)
			}
		}
		for n, want := range set {
			if got := nthBit(m, n); got != want {
				t.Fatalf("nthBit(%#016x, %d) = %d; want %d", m, n, got, want)
			}
		}
	}
}
