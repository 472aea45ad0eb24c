//go:build race

package practice

// raceEnabled is true when the tests run under the race detector, which
// slows the search twentyfold.
const raceEnabled = true
