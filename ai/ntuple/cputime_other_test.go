//go:build !unix

package ntuple

import "time"

// processCPU reports false: the CPU time of the process is not known here.
func processCPU() (time.Duration, bool) { return 0, false }
