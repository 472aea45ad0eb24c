// Package dirlock keeps a directory, or a file, for one process at a time,
// with an advisory lock on a lock file (see package filelock): the lock is
// the kernel's, so it goes with the process however the process ends, and a
// crash never leaves a stale lock behind. The lock file holds the PID of the
// holder, for the message of the process that is refused.
//
// A lock file is only ever a regular file this package made: a symbolic
// link, a directory or a FIFO where the lock file should be is refused, and
// never followed, written, truncated or waited on.
package dirlock

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/term2048/2048/tui/filelock"
)

// FileName is the name of the lock file in a directory that Acquire keeps.
const FileName = "lock"

// FileSuffix ends the name of the lock file beside a file that AcquireFile
// keeps: "ntuple.weights.lock" for "ntuple.weights".
const FileSuffix = ".lock"

// A Lock is the hold of one process on a directory or a file.
type Lock struct {
	f *os.File
}

// A HeldError says that another process holds the lock.
type HeldError struct {
	Path string // the directory or the file held
	PID  int    // the holder's process ID; 0 if it could not be read
}

// Error says what is held, and by which process.
func (e *HeldError) Error() string {
	if e.PID == 0 {
		return fmt.Sprintf("%s is in use by another process", e.Path)
	}
	return fmt.Sprintf("%s is in use by process %d", e.Path, e.PID)
}

// ErrUnsupported is returned where the system or the file system has no
// file locks.
var ErrUnsupported = filelock.ErrUnsupported

// Acquire takes the lock on dir, which it creates if need be, without
// waiting: if another process holds it, Acquire returns a *HeldError at
// once. A Lock held in this process refuses a second Acquire too.
func Acquire(dir string) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("locking %s: %w", dir, err)
	}
	return acquire(dir, filepath.Join(dir, FileName))
}

// AcquireFile takes the lock on the file at path, as Acquire does on a
// directory. The lock file is path+FileSuffix, beside it, so that path
// itself may be replaced by a rename (as package atomicfile writes) while
// the lock holds; path need not exist.
func AcquireFile(path string) (*Lock, error) {
	return acquire(path, path+FileSuffix)
}

// acquire takes the lock on the lock file at lockPath, which keeps held.
func acquire(held, lockPath string) (*Lock, error) {
	f, err := filelock.OpenFile(lockPath, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && (pe.Err == filelock.ErrSymlink || pe.Err == filelock.ErrNotRegular) {
			return nil, fmt.Errorf("locking %s: %s is not a lock file (%v): it is left as it is; remove it and try again", held, lockPath, pe.Err)
		}
		return nil, fmt.Errorf("locking %s: %w", held, err)
	}
	ok, err := filelock.TryLock(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", held, err)
	}
	if !ok {
		pid := readPID(f)
		f.Close()
		return nil, &HeldError{Path: held, PID: pid}
	}
	// The PID is for the message of the process refused; a failure to write
	// it costs that message its PID, not the lock.
	if f.Truncate(0) == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &Lock{f: f}, nil
}

// Release gives the lock back. The file stays: removing it would let a
// process that has just opened it lock a file no longer in the directory.
// Release does nothing on a nil Lock or one already released.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	l.f.Truncate(0)
	err := filelock.Unlock(l.f)
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	return err
}

// readPID reads the PID the holder wrote in f; 0 if there is none.
func readPID(f *os.File) int {
	buf := make([]byte, 32)
	n, _ := f.ReadAt(buf, 0)
	pid, err := strconv.Atoi(strings.TrimSpace(string(buf[:n])))
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}
