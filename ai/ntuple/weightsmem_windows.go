package ntuple

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

// mapMemory returns size bytes of zeros allocated from Windows, outside the
// Go heap, and the function that gives them back. The collector does not
// count them: a heap that held the weights would let the program's garbage
// grow as large as the network again before each cycle. Without them it
// returns nil, and the caller falls back to the heap. The memory begins
// skew bytes after the start of the allocation, which is aligned to 64 KiB.
func mapMemory(size, skew uintptr) (mem unsafe.Pointer, free func()) {
	addr, err := windows.VirtualAlloc(0, skew+size, windows.MEM_RESERVE|windows.MEM_COMMIT, windows.PAGE_READWRITE)
	if err != nil {
		return nil, nil
	}
	p := *(*unsafe.Pointer)(unsafe.Pointer(&addr)) // memory the system owns: no Go pointer rules apply
	return unsafe.Add(p, skew), func() { _ = windows.VirtualFree(addr, 0, windows.MEM_RELEASE) }
}
