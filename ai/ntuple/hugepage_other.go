//go:build !linux

package ntuple

// adviseHuge does nothing where transparent huge pages are not known.
func adviseHuge(weights) {}
