//go:build unix && !linux

package ai

// adviseHuge does nothing where transparent huge pages are not offered.
func adviseHuge([]byte) {}
