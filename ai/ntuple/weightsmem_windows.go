package ntuple

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

// mapTables returns n tables of zeros in memory allocated from Windows,
// outside the Go heap, and the function that gives it back. The collector
// does not count it: a heap that held the weights would let the program's
// garbage grow as large as the network again before each cycle. Without it,
// it falls back to the heap, and free is nil. The tables begin skew bytes
// after the start of the allocation, which is aligned to 64 KiB.
func mapTables(n int, skew uintptr) (w weights, free func()) {
	size := skew + uintptr(n)*unsafe.Sizeof(table{})
	addr, err := windows.VirtualAlloc(0, size, windows.MEM_RESERVE|windows.MEM_COMMIT, windows.PAGE_READWRITE)
	if err != nil {
		return make(weights, n), nil
	}
	p := *(*unsafe.Pointer)(unsafe.Pointer(&addr)) // memory the system owns: no Go pointer rules apply
	return unsafe.Slice((*table)(unsafe.Add(p, skew)), n), func() { _ = windows.VirtualFree(addr, 0, windows.MEM_RELEASE) }
}
