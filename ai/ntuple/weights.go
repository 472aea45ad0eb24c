package ntuple

import (
	"encoding/binary"
	"runtime"
	"sync"
	"unsafe"

	"github.com/term2048/2048/ai/offheap"
)

// A table holds the weights of one tuple, indexed by the ranks in the
// tuple's cells (see Tuple): an index masked to 24 bits needs no bounds
// check.
//
// The 2^24 weights are followed by tablePad unused ones, so that the tables
// of a network, which lie end to end, do not all begin at the same place in
// the cache: with huge pages, addresses that differ by a multiple of 2 MiB
// fall in the same cache set, and boards that are common in games have
// similar indexes in every table. Cachegrind counts 15% fewer L1 misses and
// 38% fewer misses of a 32 MiB last-level cache with the padding.
//
// Weights are plain floats: the loads of a value fold into its additions.
// The learners of a Trainer share them without synchronisation (see
// Trainer for why that is sound).
type table [tableLen + tablePad]float32

// tableLen is the number of weights of a table.
const tableLen = 1 << tableBits

// tablePad staggers the tables by 272 KiB plus a cache line: a different
// offset within a 2 MiB page and within a 64 KiB L2 way for each of 8
// tables.
const tablePad = (256<<10 + 16<<10 + 64) / 4

// low24 masks an index into a table.
const low24 = 1<<tableBits - 1

// load returns the weight at index i (masked to 24 bits).
func (t *table) load(i uint32) float32 { return t[i&low24] }

// add adds d to the weight at index i (masked to 24 bits).
func (t *table) add(i uint32, d float32) { t[i&low24] += d }

// bytes returns the memory of the weights of t, without the padding, as
// bytes in the machine's byte order.
func (t *table) bytes() []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(t)), 4*tableLen)
}

// littleEndian reports whether the machine stores a uint32 least
// significant byte first, as weights files do: then tables are read and
// written as they lie in memory.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// weights are the tables of a network, one per tuple, in one block of
// memory, or tables of the same shape that the coherence phase keeps beside
// them. A position in the weights is the tuple's number times 2^24 plus the
// index in its table.
//
// The memory of the tables is the operating system's, outside the Go heap
// (see package offheap), and is given back when the value that owns it, a Network
// or a coherence, becomes unreachable (see releaseWith). So a function that
// reads or writes the tables of an owner keeps the owner alive until its
// last access (runtime.KeepAlive): the collector does not know that the
// tables belong to it.
type weights []table

// newWeights returns n tables of zeros, backed by huge pages where the
// system allows: the reads of one value land all over hundreds of
// megabytes. It returns the function that gives their memory back, nil if
// they are on the Go heap.
//
// The tables begin where they would if the after tables of another block
// (the network's, for the coherence tables) came first, within a huge page:
// the weights that one position selects in every block then fall in
// different cache sets, as the tables of one block do (see tablePad).
func newWeights(n, after int) (weights, func()) {
	skew := uintptr(after) * unsafe.Sizeof(table{}) % offheap.HugePage
	mem, free := offheap.Map(uintptr(n)*unsafe.Sizeof(table{}), skew)
	if mem == nil {
		return make(weights, n), nil
	}
	return unsafe.Slice((*table)(mem), n), free
}

// releaseWith arranges for free to give back the memory of owner once owner
// is unreachable, and returns the function that gives it back at once
// instead, for an owner dropped where it was made: nothing may use owner's
// memory after that. Calls after the first do nothing, and so does a nil
// free (memory on the Go heap).
func releaseWith[T any](owner *T, free func()) (release func()) {
	if free == nil {
		return func() {}
	}
	// Both ways share one free that runs once: a cleanup already queued
	// when release is called (an owner unreachable but for the function
	// below) goes on regardless of Stop, and unmapping twice could take
	// away memory mapped again since.
	free = sync.OnceFunc(free)
	c := runtime.AddCleanup(owner, func(free func()) { free() }, free)
	return func() {
		c.Stop()
		free()
	}
}

// load returns the weight at position p.
func (w weights) load(p uint32) float32 { return w[p>>tableBits].load(p) }

// add adds d to the weight at position p.
func (w weights) add(p uint32, d float32) { w[p>>tableBits].add(p, d) }

// fill sets every weight to v. It must not run while others use w.
func (w weights) fill(v float32) {
	if len(w) == 0 {
		return
	}
	// Set a few weights one by one, then copy them over and over: copy is
	// a memmove, many times faster than a loop (and than the race
	// detector's checks of one).
	first := w[0][:tableLen]
	n := min(len(first), 4096)
	for i := range first[:n] {
		first[i] = v
	}
	for n < len(first) {
		n += copy(first[n:], first[:n])
	}
	for t := range w[1:] {
		copy(w[1+t][:tableLen], first)
	}
}
