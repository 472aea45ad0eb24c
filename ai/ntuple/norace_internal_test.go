//go:build !race

package ntuple

const raceEnabled = false

func testedDesigns() []Design { return Designs() }
