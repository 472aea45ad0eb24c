//go:build !unix && !windows

package filelock

import (
	"io/fs"
	"os"
)

// tryLock fails: this system has no file locks the package knows.
func tryLock(*os.File) (bool, error) { return false, ErrUnsupported }

// lock fails: this system has no file locks the package knows.
func lock(*os.File) error { return ErrUnsupported }

// unlock does nothing.
func unlock(*os.File) error { return nil }

// openNoFollow refuses a symbolic link at path, then opens it.
func openNoFollow(path string, flag int, perm fs.FileMode) (*os.File, error) {
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return nil, &fs.PathError{Op: "open", Path: path, Err: ErrSymlink}
	}
	return os.OpenFile(path, flag, perm)
}

// setBlocking does nothing: openNoFollow opens no file non-blocking here.
func setBlocking(*os.File) error { return nil }
