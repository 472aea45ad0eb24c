package ai

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// adviseHuge asks Linux to back the table with transparent huge pages:
// lookups land anywhere in tens of megabytes, and with 4 KB pages nearly every
// one misses the TLB. It is only advice; failure changes nothing.
func adviseHuge(slots []slot) {
	if len(slots) == 0 {
		return
	}
	mem := unsafe.Slice((*byte)(unsafe.Pointer(&slots[0])), len(slots)*int(unsafe.Sizeof(slot{})))
	_ = unix.Madvise(mem, unix.MADV_HUGEPAGE)
}
