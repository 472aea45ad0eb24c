//go:build race

package main

// raceEnabled is true under the race detector, which takes minutes over
// the test that trains both stages of a network (see TestTrainStages).
const raceEnabled = true
