//go:build unix && !linux

package offheap

import "unsafe"

// adviseHuge does nothing where transparent huge pages are not offered.
func adviseHuge(unsafe.Pointer, uintptr) {}
