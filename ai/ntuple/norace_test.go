//go:build !race

package ntuple_test

const trainingEpisodes = 2000
