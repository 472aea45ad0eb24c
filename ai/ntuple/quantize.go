package ntuple

import (
	"math"
	"unsafe"

	"github.com/term2048/2048/ai/offheap"
	"github.com/term2048/2048/engine"
)

// A network read from a play file (see Checkpoint.WritePlay) keeps its weights as the
// file stores them: one 16-bit code per weight, which stands for the
// tuple's base plus the code times the tuple's step. Half the memory of
// float32 weights, so half the traffic to memory of a search, and no
// weight other than the file's: decoding to float32 would cost 256 MiB for
// the same values.

// maxCode is the largest code: a tuple's codes run from 0 to maxCode.
const maxCode = math.MaxUint16

// A codeTable holds the codes of one tuple's weights, indexed as a table
// is, and padded as a table is (see tablePad): the stagger in bytes is
// half a table's, still a different offset within a huge page and within
// an L2 way for each of 8 tables.
type codeTable [tableLen + tablePad]uint16

// load returns the code at index i (masked to 24 bits).
func (t *codeTable) load(i uint32) uint32 { return uint32(t[i&low24]) }

// The code tables of each design, as fourBySix and eightBySix are the
// float tables.
type (
	fourBySixCodes  [4]codeTable
	eightBySixCodes [8]codeTable
)

// quantized is the weights of a network as codes: the weight of code q in
// tuple t's table is base[t] + q·step[t].
type quantized struct {
	tables []codeTable
	// The tables again as those of their design: one is nil.
	four  *fourBySixCodes
	eight *eightBySixCodes
	base  [maxTuples]float32
	step  [maxTuples]float32
	// offset is the value of a board whose codes are all 0: the sum of the
	// bases over the tuples and the symmetries.
	offset float32
}

// newQuantized returns the code tables of a network of design d, all
// zero, and the function that gives their memory back (nil if they are on
// the Go heap). The caller sets the bases and steps, then offset (see
// setOffset).
func newQuantized(d Design) (*quantized, func()) {
	n := len(d.Tuples())
	size := uintptr(n) * unsafe.Sizeof(codeTable{})
	q := &quantized{}
	mem, free := offheap.Map(size, 0)
	if mem == nil {
		q.tables = make([]codeTable, n)
	} else {
		q.tables = unsafe.Slice((*codeTable)(mem), n)
	}
	if d == FourBySix {
		q.four = (*fourBySixCodes)(q.tables)
	} else {
		q.eight = (*eightBySixCodes)(q.tables)
	}
	return q, free
}

// setOffset computes offset from the bases.
func (q *quantized) setOffset() {
	var sum float64
	for _, b := range q.base[:len(q.tables)] {
		sum += float64(b)
	}
	q.offset = float32(sum * NumSymmetries)
}

// weight returns the weight that the code at index i of tuple t's table
// stands for, computed as a value computes it.
func (q *quantized) weight(t int, i uint32) float32 {
	return q.base[t] + q.step[t]*float32(q.tables[t].load(i))
}

// value returns the value of b: for each tuple, its step times the sum of
// its codes over the symmetries, plus the offset. The sums of codes are
// exact integers; a float32 holds them exactly (at most 8 × 65535).
func (q *quantized) value(b engine.Board) float32 {
	if q.four != nil {
		s0, s1, s2, s3 := q.four.sums(b)
		return q.offset + ((q.step[0]*float32(s0) + q.step[1]*float32(s1)) + (q.step[2]*float32(s2) + q.step[3]*float32(s3)))
	}
	s := q.eight.sums(b)
	v := q.offset
	for t, sum := range s {
		v += q.step[t] * float32(sum)
	}
	return v
}

// sums returns the sum of each tuple's codes over the 8 symmetries of b,
// visited as symmetries lists them: a flip, then a transpose, in turn.
func (w *fourBySixCodes) sums(b engine.Board) (s0, s1, s2, s3 uint32) {
	x := b
	for range NumSymmetries / 2 {
		t0, t1, t2, t3 := indexFourBySix(uint64(x))
		f0, f1, f2, f3 := indexFourBySix(uint64(flip(x)))
		s0 += w[0].load(t0) + w[0].load(f0)
		s1 += w[1].load(t1) + w[1].load(f1)
		s2 += w[2].load(t2) + w[2].load(f2)
		s3 += w[3].load(t3) + w[3].load(f3)
		x = flip(x).Transpose()
	}
	return s0, s1, s2, s3
}

// sums returns the sum of each tuple's codes over the 8 symmetries of b.
func (w *eightBySixCodes) sums(b engine.Board) (s [8]uint32) {
	x := b
	for range NumSymmetries / 2 {
		for _, y := range [2]engine.Board{x, flip(x)} {
			t0, t1, t2, t3, t4, t5, t6, t7 := indexEightBySix(uint64(y))
			s[0] += w[0].load(t0)
			s[1] += w[1].load(t1)
			s[2] += w[2].load(t2)
			s[3] += w[3].load(t3)
			s[4] += w[4].load(t4)
			s[5] += w[5].load(t5)
			s[6] += w[6].load(t6)
			s[7] += w[7].load(t7)
		}
		x = flip(x).Transpose()
	}
	return s
}

// A quantizer rounds the weights of one table to codes: base + q·step,
// the nearest to each weight, with step at least the one asked for and
// large enough that the table's range fits in 16 bits.
type quantizer struct {
	base, step float32
}

// newQuantizer returns the quantizer of the weights w, which are finite,
// for a step of at least step (0: the finest that fits the range).
func newQuantizer(w []float32, step float32) quantizer {
	lo, hi := w[0], w[0]
	for _, v := range w {
		lo, hi = min(lo, v), max(hi, v)
	}
	s := max(float64(step), (float64(hi)-float64(lo))/maxCode)
	if s == 0 {
		s = 1 // every weight equal: any step will do
	}
	// Round the step up to a float32, so that the top of the range still
	// fits in maxCode steps.
	sf := float32(s)
	if float64(sf) < s {
		sf = math.Nextafter32(sf, float32(math.Inf(1)))
	}
	return quantizer{base: lo, step: sf}
}

// code returns the code of weight v: the number of steps from the base,
// rounded to the nearest.
func (z quantizer) code(v float32) uint16 { return z.coarseCode(v, 1) }

// coarseCode returns the multiple of every codes nearest to the number of
// steps from the base to v, or maxCode where that is past it: within
// every/2 steps of v.
func (z quantizer) coarseCode(v float32, every int) uint16 {
	e := float64(every)
	q := math.Round((float64(v)-float64(z.base))/(float64(z.step)*e)) * e
	return uint16(max(0, min(q, maxCode)))
}
