//go:build !linux

package ntuple

import "unsafe"

// adviseHuge does nothing where transparent huge pages are not known.
func adviseHuge(unsafe.Pointer, uintptr) {}
