//go:build unix

package regularfile

import (
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// fifo makes a named pipe in dir and returns its path; nothing opens its
// other end, so opening it for reading the usual way would block. (An Open
// that blocks hangs its test, which the test binary's -timeout then
// reports with Open's stack: a time limit here would have to guess how
// slow a loaded machine opens a file.)
func fifo(t *testing.T, dir string) string {
	path := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no named pipe here:", err)
	}
	return path
}

// link makes a symbolic link to target in dir and returns its path.
func link(t *testing.T, dir, target string) string {
	path := filepath.Join(dir, "link")
	if err := os.Symlink(target, path); err != nil {
		t.Skip("no symbolic link here:", err)
	}
	return path
}

// unixOnlyRefused are the cases only Unix makes: named pipes, devices,
// sockets and loops of links.
var unixOnlyRefused = []refusedCase{
	{"named pipe", fifo, "a named pipe, not a regular file", ErrNotRegular},
	{"link to a named pipe", func(t *testing.T, dir string) string { return link(t, dir, fifo(t, dir)) },
		"a named pipe, not a regular file", ErrNotRegular},
	{"/dev/null", func(*testing.T, string) string { return "/dev/null" }, "a device, not a regular file", ErrNotRegular},
	{"link to /dev/zero", func(t *testing.T, dir string) string { return link(t, dir, "/dev/zero") },
		"a device, not a regular file", ErrNotRegular},
	{"socket", func(t *testing.T, dir string) string {
		path := filepath.Join(dir, "sock")
		l, err := net.Listen("unix", path)
		if err != nil {
			t.Skip("no Unix socket here:", err)
		}
		t.Cleanup(func() { l.Close() })
		return path
	}, "a socket, not a regular file", ErrNotRegular},
	{"loop of links", func(t *testing.T, dir string) string {
		path := filepath.Join(dir, "loop")
		if err := os.Symlink(path, path); err != nil {
			t.Skip("no symbolic link here:", err)
		}
		return path
	}, "too many levels of symbolic links", syscall.ELOOP},
}
