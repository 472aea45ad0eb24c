//go:build unix

package filelock

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// tryLock takes an exclusive flock on f without waiting. flock, unlike
// fcntl's locks, belongs to the open file, not to the process.
func tryLock(f *os.File) (bool, error) {
	err := flock(f, unix.LOCK_EX|unix.LOCK_NB)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, unix.EWOULDBLOCK):
		return false, nil
	}
	return false, err
}

// lock takes an exclusive flock on f, waiting for it.
func lock(f *os.File) error { return flock(f, unix.LOCK_EX) }

// unlock releases the flock on f.
func unlock(f *os.File) error { return flock(f, unix.LOCK_UN) }

// flock applies how to f, again after a signal interrupts it.
func flock(f *os.File, how int) error {
	for {
		err := unix.Flock(int(f.Fd()), how)
		switch {
		case errors.Is(err, unix.EINTR):
			continue
		case errors.Is(err, unix.ENOTSUP), errors.Is(err, unix.ENOLCK):
			return ErrUnsupported
		}
		return err
	}
}

// openNoFollow opens path with O_NOFOLLOW, so that the system refuses a
// symbolic link, and O_NONBLOCK, so that a FIFO does not wait for a writer.
func openNoFollow(path string, flag int, perm fs.FileMode) (*os.File, error) {
	return os.OpenFile(path, flag|unix.O_NOFOLLOW|unix.O_NONBLOCK, perm)
}

// setBlocking clears the O_NONBLOCK of openNoFollow once the file is known
// to be a regular file: the kernel's file systems ignore it there, but one
// in user space (FUSE) may honour it.
func setBlocking(f *os.File) error {
	conn, err := f.SyscallConn()
	if err != nil {
		return err
	}
	if cerr := conn.Control(func(fd uintptr) { err = unix.SetNonblock(int(fd), false) }); cerr != nil {
		err = cerr
	}
	return err
}
