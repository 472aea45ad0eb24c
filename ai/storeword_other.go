//go:build !amd64 || race

package ai

import "sync/atomic"

// storeWord writes v to a word of the transposition table that other
// goroutines may be reading (see the amd64 version, which does without the
// atomic store).
func storeWord(p *uint64, v uint64) { atomic.StoreUint64(p, v) }
