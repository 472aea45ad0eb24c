//go:build unix

package playerdata

import (
	"os"
	"syscall"
	"testing"
)

// unixOnlyUnreadable are the files that cannot be read that only Unix can
// make: a FIFO, whose opening would block until a writer comes, and a link
// to an endless device.
var unixOnlyUnreadable = []unreadableCase{
	{"fifo", func(t *testing.T, path string) {
		if err := syscall.Mkfifo(path, 0o644); err != nil {
			t.Skip("no FIFO here:", err)
		}
	}, "not a regular file", isFIFO},
	{"link to /dev/zero", func(t *testing.T, path string) { os.Symlink("/dev/zero", path) }, "not a regular file", isLink},
}

func isFIFO(t *testing.T, path string) {
	if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("%s is no longer the FIFO it was: %v", path, err)
	}
}
