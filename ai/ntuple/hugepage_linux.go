package ntuple

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// adviseHuge asks Linux to back the tables with transparent huge pages: the
// reads of one value land all over hundreds of megabytes, and with 4 KiB
// pages nearly every read would miss the TLB. It is only advice, given
// before the memory is first written; failure changes nothing.
func adviseHuge(mem unsafe.Pointer, size uintptr) {
	if mem == nil || size == 0 {
		return
	}
	_ = unix.Madvise(unsafe.Slice((*byte)(mem), size), unix.MADV_HUGEPAGE)
}
