//go:build race

package ntuple_test

// trainingEpisodes is the length of the short training of the tests: the
// race detector slows training fourfold.
const trainingEpisodes = 300
