package ntuple

import "github.com/term2048/2048/engine"

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

// value returns the sum of the weights of FourBySix's tuples over the 8
// symmetries of b, visited as symmetries lists them.
func (w *fourBySix) value(b engine.Board) float32 {
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
func (w *fourBySix) sum(b engine.Board) float32 {
	t0, t1, t2, t3 := indexFourBySix(uint64(b))
	return (w[0].load(t0) + w[1].load(t1)) + (w[2].load(t2) + w[3].load(t3))
}

// adjust adds d to each weight of the value of b.
func (w *fourBySix) adjust(b engine.Board, d float32) {
	syms := symmetries(b)
	for _, s := range &syms {
		t0, t1, t2, t3 := indexFourBySix(uint64(s))
		w[0].add(t0, d)
		w[1].add(t1, d)
		w[2].add(t2, d)
		w[3].add(t3, d)
	}
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
