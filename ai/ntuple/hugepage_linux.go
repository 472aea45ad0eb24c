package ntuple

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// adviseHuge asks Linux to back the tables with transparent huge pages: the
// reads of one value land all over hundreds of megabytes, and with 4 KiB
// pages nearly every read would miss the TLB. It is only advice, given
// before the memory is first written; failure changes nothing.
func adviseHuge(block weights) {
	if len(block) == 0 {
		return
	}
	mem := unsafe.Slice((*byte)(unsafe.Pointer(&block[0])), len(block)*int(unsafe.Sizeof(block[0])))
	_ = unix.Madvise(mem, unix.MADV_HUGEPAGE)
}
