//go:build unix

package dirlock

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// tryLock takes an exclusive flock on f without waiting, and reports
// whether another open file holds it. flock, unlike fcntl's locks, belongs
// to the open file, so that two Acquires in one process exclude each other
// too.
func tryLock(f *os.File) (held bool, err error) {
	for {
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if !errors.Is(err, unix.EINTR) {
			break
		}
	}
	switch {
	case err == nil:
		return false, nil
	case errors.Is(err, unix.EWOULDBLOCK):
		return true, nil
	case errors.Is(err, unix.ENOTSUP), errors.Is(err, unix.ENOLCK):
		return false, ErrUnsupported
	}
	return false, err
}

// unlock releases the lock on f.
func unlock(f *os.File) error { return unix.Flock(int(f.Fd()), unix.LOCK_UN) }
