//go:build unix

package ai

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// mapSlots returns n zeroed slots in memory mapped from the operating system,
// outside the Go heap, and the function that gives it back. The collector
// does not count it (a heap holding a table of tens of megabytes would let
// the program's garbage grow as much again before each cycle), and the
// system backs only the pages a search touches, so a table costs the memory
// of the largest view used. Without a mapping it falls back to the heap.
func mapSlots(n int) ([]slot, func()) {
	size := n * int(unsafe.Sizeof(slot{}))
	mem, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return make([]slot, n), nil
	}
	adviseHuge(mem)
	return unsafe.Slice((*slot)(unsafe.Pointer(unsafe.SliceData(mem))), n), func() { _ = unix.Munmap(mem) }
}
