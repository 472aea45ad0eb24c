//go:build !unix && !windows

package ntuple

// mapTables returns n tables of zeros on the Go heap, where the system
// offers no memory outside it (js, wasip1, plan9): skew is left to chance,
// and free is nil.
func mapTables(n int, _ uintptr) (w weights, free func()) { return make(weights, n), nil }
