// Package filelock takes the system's advisory locks on open files: flock
// on Unix, LockFileEx on Windows. A lock belongs to the open file, so that
// two files opened by one process exclude each other too, and the system
// releases it when the file is closed or its process ends, however the
// process ends: a lock is never left behind by a crash or a kill -9. Hence
// what it is for: telling whether the writer of a file is still at work,
// which no age or PID can tell for sure.
//
// The standard library has no file lock (cmd/go keeps its own in an
// internal package). The maintained one, github.com/gofrs/flock, locks the
// first byte of the file on Windows, where locks are mandatory: another
// process could not read the file there. This package locks a byte far
// past the end of the file instead.
package filelock

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// ErrUnsupported is returned where the system or the file system has no
// file locks.
var ErrUnsupported = errors.New("no file locks on this system")

// Errors of OpenFile for what is not a regular file, in a *fs.PathError.
var (
	ErrSymlink    = errors.New("is a symbolic link")
	ErrNotRegular = errors.New("not a regular file")
)

// TryLock takes an exclusive lock on f without waiting. It reports false,
// and no error, if another open file holds the lock.
func TryLock(f *os.File) (bool, error) { return tryLock(f) }

// Lock takes an exclusive lock on f, waiting while another open file holds
// it.
func Lock(f *os.File) error { return lock(f) }

// Unlock releases the lock on f. Closing f releases it too.
func Unlock(f *os.File) error { return unlock(f) }

// OpenFile opens the file at path as os.OpenFile does, for a file that is
// to be locked and then written, truncated or removed: it never follows a
// symbolic link at path (on Unix, where the system can tell; elsewhere a
// link found there first is refused), never waits on a FIFO, and returns
// the file only if it is a regular file. Anything else is a
// *fs.PathError whose Err is ErrSymlink or ErrNotRegular, and has been
// left as it was.
func OpenFile(path string, flag int, perm fs.FileMode) (*os.File, error) {
	f, err := openNoFollow(path, flag, perm)
	if err != nil {
		// The system's own errors for these (ELOOP, ENXIO, EISDIR) say less.
		if fi, lerr := os.Lstat(path); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return nil, &fs.PathError{Op: "open", Path: path, Err: ErrSymlink}
		} else if lerr == nil && !fi.Mode().IsRegular() {
			return nil, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
		}
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	if err := setBlocking(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return f, nil
}
