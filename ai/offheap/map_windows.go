package offheap

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

// mapMemory allocates from Windows, whose allocations are aligned to 64
// KiB; it gives no advice on huge pages, which need a privilege.
func mapMemory(size, skew uintptr) (mem unsafe.Pointer, free func()) {
	addr, err := windows.VirtualAlloc(0, skew+size, windows.MEM_RESERVE|windows.MEM_COMMIT, windows.PAGE_READWRITE)
	if err != nil {
		return nil, nil
	}
	p := *(*unsafe.Pointer)(unsafe.Pointer(&addr)) // memory the system owns: no Go pointer rules apply
	return unsafe.Add(p, skew), func() { _ = windows.VirtualFree(addr, 0, windows.MEM_RELEASE) }
}
