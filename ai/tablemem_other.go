//go:build !unix && !windows

package ai

// mapSlots returns n zeroed slots on the Go heap, where the system offers no
// memory outside it (js, wasip1, plan9).
func mapSlots(n int) ([]slot, func()) { return make([]slot, n), nil }
