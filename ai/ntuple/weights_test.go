package ntuple

import (
	"runtime"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/term2048/2048/ai/offheap"
)

// TestNetworkIsOutsideTheHeap checks that the weights of a network are not
// the collector's: a heap that held them would let the garbage of the
// searches grow as large as the network before each collection.
func TestNetworkIsOutsideTheHeap(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" || runtime.GOOS == "plan9" {
		t.Skip("no memory outside the heap here")
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	n, err := New(FourBySix, DefaultInitialValue)
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	t.Cleanup(n.Release)
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 16<<20 {
		t.Errorf("a %d MiB network grew the heap by %d MiB; want its weights outside it", FourBySix.Bytes()>>20, grown>>20)
	}
}

// TestWeightsLayout checks the layout the speed of the tables depends on:
// a block begins at its skew past the boundary of a huge page, the tables
// of the coherence phase continue the network's, and every weight is zero
// and can be written.
func TestWeightsLayout(t *testing.T) {
	for _, after := range []int{0, 4, 8} {
		w, free := newWeights(2, after)
		if free == nil {
			t.Skip("the weights are on the heap here")
		}
		skew := uintptr(after) * unsafe.Sizeof(table{}) % offheap.HugePage
		if at := uintptr(unsafe.Pointer(&w[0])) % offheap.HugePage; at != skew {
			t.Errorf("tables after %d others begin %d bytes into a huge page; want %d", after, at, skew)
		}
		for k := range w {
			if w[k][0] != 0 || w[k][tableLen-1] != 0 || w[k][len(w[k])-1] != 0 {
				t.Errorf("tables after %d others: table %d is not all zero", after, k)
			}
			w[k][0], w[k][len(w[k])-1] = 1, 1
		}
		free()
	}
}

// TestReleaseFreesOnce checks that the memory of an owner is given back
// once: when the owner is unreachable, or at once by release, and never
// twice whatever the order, since the system may have mapped the same
// addresses again in between.
func TestReleaseFreesOnce(t *testing.T) {
	type owner struct{ _ [64]byte } // too large for the tiny allocator
	var frees atomic.Int32
	freed := make(chan struct{}, 2)
	free := func() { frees.Add(1); freed <- struct{}{} }

	// Dropped: freed by the collector's cleanup, then release does nothing.
	o := new(owner)
	release := releaseWith(o, free)
	o = nil
	waitFreed(t, freed)
	release()
	if n := frees.Load(); n != 1 {
		t.Errorf("an owner dropped, then released: memory freed %d times; want 1", n)
	}

	// Released, then dropped: the cleanup never runs.
	frees.Store(0)
	o = new(owner)
	release = releaseWith(o, free)
	release()
	release()
	o = nil
	runtime.GC()
	runtime.GC()
	if n := frees.Load(); n != 1 {
		t.Errorf("an owner released twice, then dropped: memory freed %d times; want 1", n)
	}
}

// waitFreed collects garbage until free has run, or fails the test after
// many collections.
func waitFreed(t *testing.T, freed <-chan struct{}) {
	t.Helper()
	for range 1000 {
		runtime.GC()
		select {
		case <-freed:
			return
		default:
			runtime.Gosched()
		}
	}
	t.Fatal("the memory of an unreachable owner was never freed")
}
