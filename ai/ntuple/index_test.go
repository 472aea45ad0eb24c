package ntuple

import (
	"math/rand/v2"
	"testing"

	"github.com/term2048/2048/engine"
)

// naiveIndex is the index of b's ranks in t's table, read cell by cell: the
// rank of the first cell is the most significant digit.
func naiveIndex(t Tuple, b engine.Board) uint32 {
	var i uint32
	for _, c := range t {
		i = i<<4 | uint32(b.Cell(int(c)))
	}
	return i
}

// indexes returns the indexes the design's index function gives b.
func indexes(d Design, b engine.Board) []uint32 {
	x := uint64(b)
	if d == EightBySix {
		t0, t1, t2, t3, t4, t5, t6, t7 := indexEightBySix(x)
		return []uint32{t0, t1, t2, t3, t4, t5, t6, t7}
	}
	t0, t1, t2, t3 := indexFourBySix(x)
	return []uint32{t0, t1, t2, t3}
}

// checkIndexes compares the index functions and the features of every
// design with the naive reference on b.
func checkIndexes(t *testing.T, b engine.Board) {
	t.Helper()
	for _, d := range Designs() {
		got := indexes(d, b)
		for k, tuple := range d.Tuples() {
			if want := naiveIndex(tuple, b); got[k] != want {
				t.Fatalf("%v: index of tuple %v on %#016x = %#06x; want %#06x", d, tuple, uint64(b), got[k], want)
			}
		}
	}
}

// randomBoard returns a board whose cells hold any rank, 0 to 15.
func randomBoard(r *rand.Rand) engine.Board { return engine.Board(r.Uint64()) }

func TestIndexes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		checkIndexes(t, randomBoard(r))
	}
	for _, b := range []engine.Board{0, ^engine.Board(0), 0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210} {
		checkIndexes(t, b)
	}
}

func FuzzIndexes(f *testing.F) {
	f.Add(uint64(0x0123_4567_89AB_CDEF))
	f.Add(uint64(0xF000_0000_0000_000F))
	f.Fuzz(func(t *testing.T, x uint64) { checkIndexes(t, engine.Board(x)) })
}

// naiveSymmetry returns b under the symmetry that maps row r, column c to
// the place transform gives it.
func naiveSymmetry(b engine.Board, transform func(r, c int) (int, int)) engine.Board {
	var out engine.Board
	for i := range engine.NumCells {
		r, c := transform(i/4, i%4)
		out = out.With(4*r+c, b.Cell(i))
	}
	return out
}

// TestSymmetries checks that symmetries lists b under each of the 8
// symmetries of the square, computed cell by cell, once each, b first.
func TestSymmetries(t *testing.T) {
	transforms := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return c, 3 - r }, // quarter turn
		func(r, c int) (int, int) { return 3 - r, 3 - c },
		func(r, c int) (int, int) { return 3 - c, r },
		func(r, c int) (int, int) { return r, 3 - c }, // mirror
		func(r, c int) (int, int) { return 3 - r, c }, // upside down
		func(r, c int) (int, int) { return c, r },     // transpose
		func(r, c int) (int, int) { return 3 - c, 3 - r },
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		b := randomBoard(r)
		got := symmetries(b)
		if got[0] != b {
			t.Fatalf("symmetries(%#x)[0] = %#x; want the board itself", uint64(b), uint64(got[0]))
		}
		want := map[engine.Board]int{}
		for _, f := range transforms {
			want[naiveSymmetry(b, f)]++
		}
		for _, s := range got {
			want[s]--
		}
		for s, n := range want {
			if n != 0 {
				t.Fatalf("symmetries(%#x) has %#x %d times too few", uint64(b), uint64(s), n)
			}
		}
	}
}
