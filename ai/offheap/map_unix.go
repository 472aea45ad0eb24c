//go:build unix

package offheap

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// mapMemory maps a huge page more than needed, then gives back what lies
// before the first boundary of a huge page and after the memory, so that
// every huge page of it can be one.
func mapMemory(size, skew uintptr) (mem unsafe.Pointer, free func()) {
	page := uintptr(unix.Getpagesize())
	length := roundUp(skew+size, page)
	reserved := length + HugePage
	p, err := unix.MmapPtr(-1, 0, nil, reserved, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil, nil
	}
	head := roundUp(uintptr(p), HugePage) - uintptr(p)
	base := unsafe.Add(p, head) // memory the system owns: no Go pointer rules apply
	if head > 0 {
		_ = unix.MunmapPtr(p, head)
	}
	if tail := reserved - head - length; tail > 0 {
		_ = unix.MunmapPtr(unsafe.Add(base, length), tail)
	}
	adviseHuge(base, length)
	return unsafe.Add(base, skew), func() { _ = unix.MunmapPtr(base, length) }
}

// roundUp returns x rounded up to a multiple of to, a power of 2.
func roundUp(x, to uintptr) uintptr { return (x + to - 1) &^ (to - 1) }
