package ai

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

// mapSlots returns n zeroed slots in memory allocated from Windows, outside
// the Go heap, and the function that gives it back. The collector does not
// count it (a heap holding a table of tens of megabytes would let the
// program's garbage grow as much again before each cycle), and the system
// backs only the pages a search touches. Without it, it falls back to the
// heap.
func mapSlots(n int) ([]slot, func()) {
	size := uintptr(n) * unsafe.Sizeof(slot{})
	addr, err := windows.VirtualAlloc(0, size, windows.MEM_RESERVE|windows.MEM_COMMIT, windows.PAGE_READWRITE)
	if err != nil {
		return make([]slot, n), nil
	}
	p := *(*unsafe.Pointer)(unsafe.Pointer(&addr)) // memory the system owns: no Go pointer rules apply
	return unsafe.Slice((*slot)(p), n), func() { _ = windows.VirtualFree(addr, 0, windows.MEM_RELEASE) }
}
