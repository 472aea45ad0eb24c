package ntuple

import (
	"math/bits"
	"runtime"

	"github.com/term2048/2048/engine"
)

// The tables of each design as an array, so that the hot loops below reach
// each table at a constant offset and, with indexes of 24 bits, need no
// bounds check: they are the inner loop of training and of every search.
//
// The two designs repeat the same few lines: a function value or a generic
// method would make each of the calls of value indirect.
type (
	fourBySix  [4]table
	eightBySix [8]table
)

// valueT returns n.value(b), given t, the transpose of b.
func (n *Network) valueT(b, t engine.Board) float32 {
	if n.four == nil {
		return n.value(b)
	}
	v := n.four.valueT(uint64(b), uint64(t))
	runtime.KeepAlive(n) // the owner of the weights just read (see weights)
	return v
}

// value returns the sum of the weights of FourBySix's tuples over the 8
// symmetries of b, added up as if visited in the order of symmetries.
func (w *fourBySix) value(b engine.Board) float32 {
	return w.valueT(uint64(b), uint64(b.Transpose()))
}

// valueT is value for the board x whose transpose t the caller has at
// hand, as a move up or down makes it.
//
// The eight symmetric boards come from four: x, t, and both turned half a
// turn (a byte swap and a nibble swap); the other four are those upside
// down, whose indexes flippedFourBySix reads off the boards themselves.
// Every instruction saved lets the processor issue the loads of more values
// before the first of them comes back from memory, which is what sets the
// pace of training: this takes about 200 instructions, where transposing
// and flipping each symmetry in turn took about 300.
func (w *fourBySix) valueT(x, t uint64) float32 {
	r, rt := halfTurn(x), halfTurn(t)
	// symmetries(b) is x, flip(x), flip(rt), rt, r, flip(r), flip(t), t.
	return ((w.sum(x) + w.sumFlipped(x)) + (w.sumFlipped(rt) + w.sum(rt))) +
		((w.sum(r) + w.sumFlipped(r)) + (w.sumFlipped(t) + w.sum(t)))
}

// sum returns the sum of the weights of the tuples on the board x, at the
// indexes of indexFourBySix, written out here: through the index function
// the compiler would no longer inline sum into valueT.
func (w *fourBySix) sum(x uint64) float32 {
	mid := uint32(x>>36) & 0xFFF
	return (w[0][uint32(x>>40)] + w[1][uint32(x>>24)&low24]) +
		(w[2][uint32(x>>52)<<12|mid] + w[3][mid<<12|uint32(x>>20)&0xFFF])
}

// sumFlipped returns the sum of the weights of the tuples on flip(x), at
// the indexes of flippedFourBySix, written out as in sum.
func (w *fourBySix) sumFlipped(x uint64) float32 {
	lo, hi := uint32(x), uint32(x>>32)
	return (w[0][lo<<8&0xFF_FF00|lo>>24] + w[1][lo>>8&0xFF_FF00|hi>>8&0xFF]) +
		(w[2][lo&0xFFF0<<8|lo>>20] + w[3][lo>>20<<12|hi>>4&0xFFF])
}

// adjust adds d to each weight of the value of b.
func (w *fourBySix) adjust(b engine.Board, d float32) {
	x := uint64(b)
	t := uint64(b.Transpose())
	w.adjustBoth(x, d)
	w.adjustBoth(t, d)
	w.adjustBoth(halfTurn(x), d)
	w.adjustBoth(halfTurn(t), d)
}

// adjustBoth adds d to the weights of the tuples on x and on flip(x).
func (w *fourBySix) adjustBoth(x uint64, d float32) {
	t0, t1, t2, t3 := indexFourBySix(x)
	f0, f1, f2, f3 := flippedFourBySix(x)
	w[0][t0] += d
	w[1][t1] += d
	w[2][t2] += d
	w[3][t3] += d
	w[0][f0] += d
	w[1][f1] += d
	w[2][f2] += d
	w[3][f3] += d
}

// fourBySixFeatures is Network.features for FourBySix, symmetry by
// symmetry as symmetries lists them, with the boards and indexes of valueT.
func fourBySixFeatures(b engine.Board, f *[maxFeatures]uint32) int {
	const s = tableBits
	x := uint64(b)
	t := uint64(b.Transpose())
	r, rt := halfTurn(x), halfTurn(t)
	syms := [NumSymmetries]struct {
		board   uint64
		flipped bool // the symmetry is flip(board)
	}{{x, false}, {x, true}, {rt, true}, {rt, false}, {r, false}, {r, true}, {t, true}, {t, false}}
	for k, sym := range syms {
		t0, t1, t2, t3 := indexFourBySix(sym.board)
		if sym.flipped {
			t0, t1, t2, t3 = flippedFourBySix(sym.board)
		}
		f[4*k], f[4*k+1], f[4*k+2], f[4*k+3] = t0, 1<<s|t1, 2<<s|t2, 3<<s|t3
	}
	return 4 * NumSymmetries
}

// flippedFourBySix returns indexFourBySix(flip(x)), read off x: rows 3, 2
// and 1 of x are rows 0, 1 and 2 of flip(x), and lie in its low 48 bits.
func flippedFourBySix(x uint64) (t0, t1, t2, t3 uint32) {
	lo, hi := uint32(x), uint32(x>>32) // rows 2 and 3, rows 0 and 1
	return lo<<8&0xFF_FF00 | lo>>24,
		lo>>8&0xFF_FF00 | hi>>8&0xFF,
		lo&0xFFF0<<8 | lo>>20,
		lo>>20<<12 | hi>>4&0xFFF
}

// halfTurn turns the board x half a turn: the nibbles of its 16 cells in
// the reverse order.
func halfTurn(x uint64) uint64 {
	x = bits.ReverseBytes64(x)
	return x>>4&0x0F0F_0F0F_0F0F_0F0F | x&0x0F0F_0F0F_0F0F_0F0F<<4
}

// value returns the sum of the weights of EightBySix's tuples over the 8
// symmetries of b.
func (w *eightBySix) value(b engine.Board) float32 {
	s1 := flip(b)
	s2 := s1.Transpose()
	s3 := flip(s2)
	s4 := s3.Transpose()
	s5 := flip(s4)
	s6 := s5.Transpose()
	s7 := flip(s6)
	return ((w.sum(b) + w.sum(s1)) + (w.sum(s2) + w.sum(s3))) + ((w.sum(s4) + w.sum(s5)) + (w.sum(s6) + w.sum(s7)))
}

// sum returns the sum of the weights of the tuples on b as it stands.
func (w *eightBySix) sum(b engine.Board) float32 {
	t0, t1, t2, t3, t4, t5, t6, t7 := indexEightBySix(uint64(b))
	return ((w[0].load(t0) + w[1].load(t1)) + (w[2].load(t2) + w[3].load(t3))) +
		((w[4].load(t4) + w[5].load(t5)) + (w[6].load(t6) + w[7].load(t7)))
}

// adjust adds d to each weight of the value of b.
func (w *eightBySix) adjust(b engine.Board, d float32) {
	syms := symmetries(b)
	for _, s := range &syms {
		t0, t1, t2, t3, t4, t5, t6, t7 := indexEightBySix(uint64(s))
		w[0].add(t0, d)
		w[1].add(t1, d)
		w[2].add(t2, d)
		w[3].add(t3, d)
		w[4].add(t4, d)
		w[5].add(t5, d)
		w[6].add(t6, d)
		w[7].add(t7, d)
	}
}
