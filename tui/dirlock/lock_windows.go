//go:build windows

package dirlock

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// lockOffsetHigh places the locked byte at 2^62, far past the PID at the
// start of the file: Windows locks are mandatory, and the refused process
// must be able to read the PID.
const lockOffsetHigh = 1 << 30

// tryLock takes an exclusive lock on a byte of f without waiting, and
// reports whether another handle holds it.
func tryLock(f *os.File) (held bool, err error) {
	ol := windows.Overlapped{OffsetHigh: lockOffsetHigh}
	err = windows.LockFileEx(windows.Handle(f.Fd()),
		windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	switch {
	case err == nil:
		return false, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION):
		return true, nil
	}
	return false, err
}

// unlock releases the lock on f.
func unlock(f *os.File) error {
	ol := windows.Overlapped{OffsetHigh: lockOffsetHigh}
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, &ol)
}
