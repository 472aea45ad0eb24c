package tables

import "testing"

// BenchmarkBuildMoveTables times building the move tables at start-up; it
// lives in the package because the builders are unexported.
func BenchmarkBuildMoveTables(b *testing.B) {
	var l, r [NumLines]Result
	for b.Loop() {
		fillLeft(&l)
		fillRight(&r, &l)
	}
}
