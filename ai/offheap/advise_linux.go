package offheap

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// adviseHuge asks Linux to back the memory with transparent huge pages,
// before it is first written. It is only advice: failure changes nothing.
func adviseHuge(mem unsafe.Pointer, size uintptr) {
	_ = unix.Madvise(unsafe.Slice((*byte)(mem), size), unix.MADV_HUGEPAGE)
}
