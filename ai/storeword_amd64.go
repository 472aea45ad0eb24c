//go:build !race

package ai

// storeWord writes v to a word of the transposition table that other
// goroutines may be reading. On amd64 an atomic store is an XCHG, which
// holds up the core until it owns the word's cache line; in a search on two
// cores, lines of the shared table go back and forth between them, and
// every goroutine of a 6-ply decision on two threads spent 2-3% more time
// per position with atomic stores than with plain ones (one thread: no
// difference). A plain store of an aligned word is one MOV, which no reader
// sees torn (the Go memory model: a word-sized read observes some write),
// and a slot whose two words come from different writes fails its check and
// reads as a miss: the table needs no ordering between the words. Under the
// race detector, which reports any plain store beside atomic loads, and on
// other architectures, storeWord is an atomic store.
func storeWord(p *uint64, v uint64) { *p = v }
