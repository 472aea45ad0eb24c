//go:build !race

package practice

const raceEnabled = false
