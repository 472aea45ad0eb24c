//go:build unix

package ntuple

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// mapMemory returns size bytes of zeros mapped from the operating system,
// outside the Go heap, and the function that gives them back. The collector
// does not count them: a heap that held the weights would let the program's
// garbage grow as large as the network again before each cycle, and a game
// searching with a 4×6 network held 560 MB instead of 300. Without a
// mapping it returns nil, and the caller falls back to the heap.
//
// The memory begins skew bytes after the boundary of a huge page, so that
// every huge page of the tables can be one and the tables' offsets within
// huge pages are the ones chosen for them.
func mapMemory(size, skew uintptr) (mem unsafe.Pointer, free func()) {
	page := uintptr(unix.Getpagesize())
	length := roundUp(skew+size, page)
	// Map a huge page more than needed, then give back what lies before
	// the first boundary of a huge page and after the tables.
	reserved := length + hugePage
	p, err := unix.MmapPtr(-1, 0, nil, reserved, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil, nil
	}
	head := roundUp(uintptr(p), hugePage) - uintptr(p)
	base := unsafe.Add(p, head) // memory the system owns: no Go pointer rules apply
	if head > 0 {
		_ = unix.MunmapPtr(p, head)
	}
	if tail := reserved - head - length; tail > 0 {
		_ = unix.MunmapPtr(unsafe.Add(base, length), tail)
	}
	return unsafe.Add(base, skew), func() { _ = unix.MunmapPtr(base, length) }
}

// roundUp returns x rounded up to a multiple of to, a power of 2.
func roundUp(x, to uintptr) uintptr { return (x + to - 1) &^ (to - 1) }
