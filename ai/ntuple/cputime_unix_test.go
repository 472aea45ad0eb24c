//go:build unix

package ntuple

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the process has used, in user and system
// mode, and true.
func processCPU() (time.Duration, bool) {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0, false
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()), true
}
