package ai

import (
	"math"
	"math/bits"
	"runtime"
	"sync/atomic"
	"unsafe"

	"github.com/term2048/2048/ai/offheap"
	"github.com/term2048/2048/engine"
)

// A table is a fixed-size transposition table of chance nodes: for a board
// after a move, the expected value found by a search that went a given
// number of chance layers deeper from a node of a given probability. Its
// memory never grows.
//
// A stored value is reused only where it is valid: searched at least as deep,
// and reached with a probability at most one class (a factor of 2 to 4) below
// the one now, because the cut-off prunes the subtree of a less probable node
// harder. nneonneo's program reuses a value whatever its probability, which
// makes its values depend on the order of the search by up to 5% late in a
// game; with this rule the table can be shared by all root moves and by
// successive searches and still give the answers of a search without it.
//
// It is shared by the goroutines of a search and by successive searches, and
// is lock-free: each slot is two words (see storeWord), the data and the
// board XOR the data, so a slot torn by two concurrent writers fails the
// check and reads as a miss rather than as a wrong value. Slots come in
// buckets of four, one cache line, and a full bucket gives up the slot
// searched least deeply, entries of earlier searches first.
type table struct {
	slots []slot
	log   int           // log2 of the number of buckets
	used  atomic.Int32  // log2 of the buckets of the largest view taken
	epoch atomic.Uint64 // entries of another epoch are empty: reset is O(1)
}

// A slot's data word holds, from the low bit: the value as a float32 (32
// bits), the depth (5), the probability class (8), the search generation (8)
// and the epoch (11, never 0, so that a used slot is never all zeros). Its
// words are read with atomic loads and written with storeWord.
type slot struct {
	check uint64 // board ^ data
	data  uint64
}

const (
	bucketSlots = 4 // 4 slots of 16 bytes: a 64-byte cache line
	depthShift  = 32
	classShift  = 37
	genShift    = 45
	epochShift  = 53
	maxEpoch    = 1<<11 - 1
)

// classSlack is how many probability classes less probable than the node now
// a stored value may have been reached at and still be reused.
const classSlack = 1

// probClass returns −floor(log2 p), at most 255, for 0 < p ≤ 1: the class of
// the probability with which a node was reached. A smaller class is a more
// probable node, whose subtree the cut-off prunes less.
func probClass(p float64) int {
	return min(1023-int(math.Float64bits(p)>>52&0x7FF), 255)
}

// newTable returns a table of about mb megabytes (at least 1), rounded down
// to a power of two buckets.
func newTable(mb int) *table {
	buckets := max(mb, 1) << 20 / (bucketSlots * 16)
	logb := bits.Len(uint(buckets)) - 1
	slots, unmap := mapSlots(bucketSlots << logb)
	t := &table{slots: slots, log: logb}
	if unmap != nil {
		runtime.AddCleanup(t, func(unmap func()) { unmap() }, unmap)
	}
	t.epoch.Store(1)
	return t
}

// mapSlots returns n zeroed slots outside the Go heap (see package
// offheap), and the function that gives them back; on the heap, and nil,
// where the system offers no such memory. A table costs the memory of the
// largest view used: the system backs only the pages a search touches.
func mapSlots(n int) ([]slot, func()) {
	mem, free := offheap.Map(uintptr(n)*unsafe.Sizeof(slot{}), 0)
	if mem == nil {
		return make([]slot, n), nil
	}
	return unsafe.Slice((*slot)(mem), n), free
}

// A view is the part of a table one search uses: its first 2^log buckets.
// A small search in a small view stays in the processor's caches, where a
// large table would make every lookup a trip to memory; only the deepest
// searches take the whole table.
type view struct {
	*table
	shift uint // 64 - log2(buckets in view)
}

// viewLog returns log2 of the buckets a search of ply plies takes. Below 6
// plies and from 9 on, that is about as many slots as the positions the
// search stores, which double with each ply from 7 on (16 MB at 9 plies) and
// grow faster before: on the benchmark positions a view half as large cost
// up to 2% more work, and one twice as large saved under 0.3% while its
// lookups missed the caches more often. From 6 to 8 plies the view is a
// quarter of that (0.5 MB at 6 plies, 2 MB at 8): 2-4% more work, but
// lookups the processor's caches hold more often, and decisions 5% faster
// at 6 and 8 plies and 7-9% on the mid-game positions of agreement.txt
// (ten rounds alternating; shallower and deeper searches use the view they
// did, and took the same time).
func viewLog(ply int) int {
	stored := max(min(10+3*(ply-4), ply+9), 8)
	if 6 <= ply && ply <= 8 {
		return stored - 2
	}
	return stored
}

// view returns the part of t for a search of ply plies (see viewLog).
func (t *table) view(ply int) view { return t.viewOf(viewLog(ply)) }

// lastLayerView returns the part of t that a goroutine of a parallel search
// of ply plies keeps its last chance layer in (see worker.table): a quarter
// of the view of a search a ply shallower. The core running the goroutine
// holds its part of the shared view too, where one goroutine alone has only
// that; with its own view a quarter as large, the two together take about
// what one goroutine's does, and the caches hold them as well. A 6-ply
// decision on two threads then did 5% more work and took 4% less time than
// with a view as large as a ply shallower's (speed-up 1.75 -> 1.84x, same
// process, alternating), an 8-ply one 4% less, the mid and late positions of
// testdata/agreement.txt 2-7% less. It is never smaller than a 4-ply
// search's view (64 KB), which 5-ply decisions keep.
func (t *table) lastLayerView(ply int) view { return t.viewOf(max(viewLog(ply-1)-2, viewLog(4))) }

// viewOf returns the first 2^log buckets of t, at most all of them.
func (t *table) viewOf(log int) view {
	log = min(log, t.log)
	for used := t.used.Load(); int32(log) > used && !t.used.CompareAndSwap(used, int32(log)); {
		used = t.used.Load()
	}
	return view{t, uint(64 - log)}
}

// bucket returns the index of the first slot of b's bucket.
func (v view) bucket(b engine.Board) int {
	h := uint64(b) ^ uint64(b)>>29
	return int(h*0x9E37_79B9_7F4A_7C15>>v.shift) * bucketSlots
}

// touch starts loading b's bucket into the processor's cache, so that the
// lookups of several boards wait for memory together rather than one after
// another. (An atomic load, which the compiler keeps though its value is
// unused.)
func (v view) touch(b engine.Board) { atomic.LoadUint64(&v.slots[v.bucket(b)].data) }

// get returns the value stored for b if it was searched at least depth
// chance layers deep, from a node of probability class at most
// class+classSlack.
func (v view) get(b engine.Board, depth, class int) (float64, bool) {
	t := v.table
	epoch := t.epoch.Load()
	i := v.bucket(b)
	for s := i; s < i+bucketSlots; s++ {
		sl := &t.slots[s]
		d := atomic.LoadUint64(&sl.data)
		if d>>epochShift != epoch || atomic.LoadUint64(&sl.check)^d != uint64(b) {
			continue
		}
		if int(d>>depthShift&0x1F) < depth || int(d>>classShift&0xFF) > class+classSlack {
			return 0, false
		}
		return float64(math.Float32frombits(uint32(d))), true
	}
	return 0, false
}

// put stores the value of b searched depth (1 to 31) chance layers deep from
// a node of probability class class, in search generation gen.
func (v view) put(b engine.Board, depth, class int, value float64, gen uint8) {
	t := v.table
	epoch := t.epoch.Load()
	data := uint64(math.Float32bits(float32(value))) | uint64(depth)<<depthShift |
		uint64(class)<<classShift | uint64(gen)<<genShift | epoch<<epochShift
	i := v.bucket(b)
	victim, worst := i, math.MaxInt
	for s := i; s < i+bucketSlots; s++ {
		d := atomic.LoadUint64(&t.slots[s].data)
		if d>>epochShift != epoch || atomic.LoadUint64(&t.slots[s].check)^d == uint64(b) {
			victim = s // a free slot, or b's own
			break
		}
		keep := int(d >> depthShift & 0x1F)
		if uint8(d>>genShift) == gen {
			keep += 256 // this search's entries are worth more
		}
		if keep < worst {
			victim, worst = s, keep
		}
	}
	sl := &t.slots[victim]
	storeWord(&sl.data, data)
	storeWord(&sl.check, uint64(b)^data)
}

// reset empties the table in constant time, by starting a new epoch; every
// 2047 resets it is cleared for real, so that no old entry comes back.
func (t *table) reset() {
	if e := t.epoch.Add(1); e <= maxEpoch {
		return
	}
	clear(t.slots[:bucketSlots<<t.used.Load()]) // no search runs during a reset; no view reached further
	t.epoch.Store(1)
}
