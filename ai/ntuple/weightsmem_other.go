//go:build !unix && !windows

package ntuple

import "unsafe"

// mapMemory returns nil where the system offers no memory outside the Go
// heap (js, wasip1, plan9): the caller falls back to the heap, and skew is
// left to chance.
func mapMemory(size, skew uintptr) (mem unsafe.Pointer, free func()) { return nil, nil }
