//go:build race

package review_test

// raceEnabled is true when the tests run under the race detector, which
// slows the search twentyfold.
const raceEnabled = true
