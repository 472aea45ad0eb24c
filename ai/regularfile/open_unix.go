//go:build unix

package regularfile

import (
	"fmt"
	"os"
	"syscall"
)

// open opens the file at path for reading without waiting: opening a named
// pipe for reading blocks until a writer opens it, unless O_NONBLOCK is
// given, and some devices wait in their open too.
func open(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// setBlocking clears the O_NONBLOCK of open once the file is known to be a
// regular file. The kernel's own file systems ignore it for regular files,
// but one in user space (FUSE) may honour it and fail a read that would
// wait: without it, the file reads as os.Open's does.
func setBlocking(f *os.File) error {
	conn, err := f.SyscallConn()
	if err != nil {
		return err
	}
	if cerr := conn.Control(func(fd uintptr) { err = syscall.SetNonblock(int(fd), false) }); cerr != nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("opening %s: %w", f.Name(), err)
	}
	return nil
}
