package ntuple

import (
	"math"
	"runtime"
)

// coherence holds what temporal-coherence learning (TC; Beal & Smith 1999,
// applied to n-tuple networks by Jaśkowski 2018) keeps for every weight: the
// sum of the adjustments asked of it and the sum of their sizes. A weight's
// own rate is their ratio, |Σ adjustments| / Σ |adjustments|: near 1 while
// its errors agree in sign, near 0 once they cancel out, so that each weight
// settles when it has learned what it can. TC is the last phase of training
// (see [Trainer.StartCoherence]); it triples the memory of a network.
//
// A weight's sum and size lie side by side (see at), so that an update
// reads and writes both in one cache line: the tables are far larger than
// any cache, and an update of 32 weights in tables apart missed the cache
// twice as often as it needs to.
type coherence struct {
	// pairs holds the sum and the size of each weight of tuple t in two
	// tables, 2t and 2t+1: those of the first half of its weights, then
	// those of the second.
	pairs    weights
	giveBack func() // see release
}

// newCoherence returns the coherence tables of a network of as many tables,
// all zero, in one block of memory laid out as if it followed the
// network's tables.
func newCoherence(tables int) *coherence {
	w, free := newWeights(2*tables, tables)
	c := &coherence{pairs: w}
	c.giveBack = releaseWith(c, free)
	return c
}

// release gives the memory of the tables back at once, rather than once c
// is unreachable (see releaseWith): c must not be used afterwards.
func (c *coherence) release() { c.giveBack() }

// at returns the sum and the size of the weight at position p.
func (c *coherence) at(p uint32) *[2]float32 {
	t, i := p>>tableBits, p&low24
	tab := &c.pairs[2*t+i>>(tableBits-1)]
	j := i << 1 & low24
	return (*[2]float32)(tab[j : j+2])
}

// chunkOf returns the sums and sizes of the chunk weights of tuple t from
// weight i, a multiple of chunk, side by side: sum, size, sum, size, ….
func (c *coherence) chunkOf(t, i int) []float32 {
	j := 2 * i & low24
	return c.pairs[2*t+i>>(tableBits-1)][j : j+2*chunk]
}

// size returns the sum of the sizes of the adjustments of weight i of tuple t.
func (c *coherence) size(t, i int) float32 { return c.at(position(t, i))[1] }

// position returns the position in the weights of weight i of tuple t.
func position(t, i int) uint32 { return uint32(t)<<tableBits | uint32(i) }

// adjust adds delta, times each weight's coherence, to the weights w at the
// positions f, and records delta for each. A weight never adjusted before
// has a coherence of 1.
func (c *coherence) adjust(w weights, f []uint32, delta float32) {
	size := delta
	if size < 0 {
		size = -size
	}
	for _, p := range f {
		e := c.at(p)
		w.add(p, delta*rateOf(e[0], e[1]))
		e[0] += delta
		e[1] += size
	}
	runtime.KeepAlive(c) // the owner of the tables (see weights)
}

// rateOf returns the coherence of a weight whose adjustments add up to sum
// and their sizes to size: |sum| / size, or 1 if size is not above 0. It
// chooses without a branch: size comes from memory that the processor has
// seldom cached, and a branch on it, which it mispredicts often while many
// weights have never been adjusted, would stall it until the read returns.
func rateOf(sum, size float32) float32 {
	q := math.Float32bits(sum/size) &^ (1 << 31) // |sum / size|
	// All ones if 0 < size ≤ +Inf: its bits, less 1, lie below those of +Inf.
	above := uint32(int64(uint64(math.Float32bits(size)-1)-0x7F80_0000) >> 63)
	return math.Float32frombits(q&above | math.Float32bits(1)&^above)
}
