//go:build windows

package filelock

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/windows"
)

// lockOffsetHigh places the locked byte at 2^62, far past the data of the
// file: Windows locks are mandatory, and other processes must be able to
// read what is before it.
const lockOffsetHigh = 1 << 30

// tryLock takes an exclusive lock on a byte of f without waiting.
func tryLock(f *os.File) (bool, error) {
	err := lockFileEx(f, windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION):
		return false, nil
	}
	return false, err
}

// lock takes an exclusive lock on a byte of f, waiting for it.
func lock(f *os.File) error { return lockFileEx(f, windows.LOCKFILE_EXCLUSIVE_LOCK) }

func lockFileEx(f *os.File, flags uint32) error {
	ol := windows.Overlapped{OffsetHigh: lockOffsetHigh}
	return windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, 1, 0, &ol)
}

// unlock releases the lock on f.
func unlock(f *os.File) error {
	ol := windows.Overlapped{OffsetHigh: lockOffsetHigh}
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, &ol)
}

// openNoFollow refuses a symbolic link at path, then opens it: Windows has
// no O_NOFOLLOW, nor FIFOs among files.
func openNoFollow(path string, flag int, perm fs.FileMode) (*os.File, error) {
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return nil, &fs.PathError{Op: "open", Path: path, Err: ErrSymlink}
	}
	return os.OpenFile(path, flag, perm)
}

// setBlocking does nothing: openNoFollow opens no file non-blocking here.
func setBlocking(*os.File) error { return nil }
