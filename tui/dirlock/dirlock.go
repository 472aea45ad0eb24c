// Package dirlock keeps a directory for one process at a time, with an
// advisory lock on a file in it: the lock is the kernel's, so it goes with
// the process however the process ends, and a crash never leaves a stale
// lock behind. The file holds the PID of the holder, for the message of the
// process that is refused.
//
// The standard library has no file lock. The maintained one,
// github.com/gofrs/flock, locks the first byte of the file on Windows, where
// locks are mandatory: the refused process could not read the PID there.
// This package locks a byte far past the end of the file instead.
package dirlock

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// FileName is the name of the lock file in the directory.
const FileName = "lock"

// A Lock is the hold of one process on a directory.
type Lock struct {
	f *os.File
}

// A HeldError says that another process holds the lock.
type HeldError struct {
	Dir string
	PID int // the holder's process ID; 0 if it could not be read
}

// Error says which directory is held, and by which process.
func (e *HeldError) Error() string {
	if e.PID == 0 {
		return fmt.Sprintf("%s is in use by another process", e.Dir)
	}
	return fmt.Sprintf("%s is in use by process %d", e.Dir, e.PID)
}

// ErrUnsupported is returned where the system or the file system has no
// file locks.
var ErrUnsupported = errors.New("no file locks on this system")

// Acquire takes the lock on dir, which it creates if need be, without
// waiting: if another process holds it, Acquire returns a *HeldError at
// once. A process holds at most one Lock on a directory.
func Acquire(dir string) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("locking %s: %w", dir, err)
	}
	path := filepath.Join(dir, FileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("locking %s: %w", dir, err)
	}
	held, err := tryLock(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", dir, err)
	}
	if held {
		pid := readPID(f)
		f.Close()
		return nil, &HeldError{Dir: dir, PID: pid}
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
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	l.f.Truncate(0)
	err := unlock(l.f)
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
