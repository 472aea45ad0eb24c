//go:build !unix && !windows

package offheap

import "unsafe"

// mapMemory returns nil: the system offers no memory outside the Go heap.
func mapMemory(size, skew uintptr) (mem unsafe.Pointer, free func()) { return nil, nil }
