//go:build race

package ntuple

// raceEnabled is true under the race detector, which takes minutes over
// the tests that go through every weight of a whole network on one
// goroutine (see wholeNetwork).
const raceEnabled = true
