package ntuple

import (
	"errors"
	"runtime"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestDroppedNetworkGivesMemoryBack checks that the weights of a network
// nothing refers to any more go back to the system: a trainer or a test that
// makes networks one after another would otherwise keep them all.
func TestDroppedNetworkGivesMemoryBack(t *testing.T) {
	n, err := New(FourBySix, DefaultInitialValue)
	if err != nil {
		t.Fatal(err)
	}
	first := unsafe.Pointer(&n.weights[0])
	if !mapped(t, first) {
		t.Fatal("a new network's first page is not mapped")
	}
	n = nil
	for range 1000 {
		runtime.GC()
		if !mapped(t, first) {
			return
		}
		runtime.Gosched()
	}
	t.Error("the memory of a network nothing refers to was never given back")
}

// mapped reports whether the page at p is mapped.
func mapped(t *testing.T, p unsafe.Pointer) bool {
	t.Helper()
	page := uintptr(unix.Getpagesize())
	start := unsafe.Pointer(uintptr(p) &^ (page - 1))
	err := unix.Msync(unsafe.Slice((*byte)(start), page), unix.MS_ASYNC) // ENOMEM: not mapped
	if errors.Is(err, unix.ENOMEM) {
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	return true
}
