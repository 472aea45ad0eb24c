//go:build race

package ntuple

// raceEnabled is true under the race detector, whose shadow memory makes
// every network the tests touch cost seconds: tests that repeat work without
// goroutines do less of it.
const raceEnabled = true

// testedDesigns returns the designs whose networks the slower tests build:
// under the race detector only the 4×6 one, as the code of both designs
// runs on one goroutine there.
func testedDesigns() []Design { return []Design{FourBySix} }
