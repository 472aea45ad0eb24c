package ai

import (
	"sync"

	"github.com/term2048/2048/engine"
)

// A leafCache remembers the values of the leaves a goroutine scored with an
// evaluator that estimates the score (see ScoreEstimator), in one slot per
// board hash, the newest value winning the slot.
//
// Such an evaluator, an n-tuple network, reads dozens of weights spread over
// hundreds of megabytes to score a board, most of them cache misses, while a
// leaf recurs often: a tile spawned anywhere in a line that the next move
// then slides ends in the same board. At 2 to 4 plies, 52 to 69% of the
// leaves of a decision had been scored before in the same search. One
// lookup in a small cache costs a fraction of a network's value.
//
// The heuristics do not use it: their last layer is worked out line by line
// (see leafSpawns), for less than a lookup here would cost.
type leafCache struct {
	resets uint64 // the Searcher's resets when the slots were last cleared
	slots  [leafCacheSize]leafSlot
}

// leafCacheBits sets the number of slots of a leafCache: 2^14 slots, 256
// KiB, a quarter of the L2 cache of a core of a 2-core AMD EPYC (Zen 5). On
// the boards of the network's games at 3 plies, 2^12 to 2^14 slots took
// 0.73 of the time of a decision without a cache, 2^16 0.78, and 2^18 was
// no faster than none (medians of 5 rounds, BenchmarkSearch in ai/ntuple).
const (
	leafCacheBits = 14
	leafCacheSize = 1 << leafCacheBits
)

type leafSlot struct {
	board engine.Board // 0 for an empty slot: a board after a move has a tile
	value float64
}

// slot returns the slot of b.
func (c *leafCache) slot(b engine.Board) *leafSlot {
	return &c.slots[uint64(b)*0x9E37_79B9_7F4A_7C15>>(64-leafCacheBits)] // Fibonacci hashing
}

// leafCaches hands out the leaf caches of a Searcher, one to each goroutine
// of a search at a time, the one returned last first. Values stay valid for
// as long as the Searcher's evaluator gives the same values, which its
// transposition table assumes too: a cache goes on from one search to the
// next, and the moves of a game reuse the leaves of the one before, until
// the Searcher is reset. (A sync.Pool would drop the caches at a garbage
// collection, and with them what they hold.)
type leafCaches struct {
	mu     sync.Mutex
	resets uint64 // how many times the Searcher was reset
	free   []*leafCache
}

// get returns a cache for one goroutine's use, empty if the Searcher was
// reset since it was last used.
func (p *leafCaches) get() *leafCache {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := len(p.free)
	if n == 0 {
		return &leafCache{resets: p.resets}
	}
	c := p.free[n-1]
	p.free = p.free[:n-1]
	if c.resets != p.resets {
		clear(c.slots[:])
		c.resets = p.resets
	}
	return c
}

// put takes back a cache that its goroutine no longer uses.
func (p *leafCaches) put(c *leafCache) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.free = append(p.free, c)
}

// reset empties every cache, each when it is next used.
func (p *leafCaches) reset() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.resets++
}

// scoredLeaf returns the value of the leaf n, a board after a move, from the
// worker's leaf cache if it holds it, else from the evaluator. It counts the
// leaf as evaluate does, without the transpose that evaluate takes for a
// line table: an evaluator that estimates the score is never one, and the
// transpose took 6% of the time of a network's search.
func (w *worker) scoredLeaf(n engine.Board) float64 {
	s := w.leaves.slot(n)
	if s.board == n {
		w.Hits++
		return s.value
	}
	w.Nodes++
	w.Leaves++
	v := w.eval.Evaluate(n)
	s.board, s.value = n, v
	return v
}
