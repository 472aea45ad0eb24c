//go:build unix

package filelock_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/term2048/2048/tui/filelock"
)

// TestOpenFileFIFO checks that a FIFO is refused at once, whichever way it
// is opened, where opening it for reading alone would wait for a writer.
func TestOpenFileFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	for _, flag := range []int{os.O_RDONLY, os.O_WRONLY, os.O_RDWR | os.O_CREATE} {
		f, err := filelock.OpenFile(path, flag, 0o644)
		var pe *fs.PathError
		if !errors.As(err, &pe) || pe.Err != filelock.ErrNotRegular {
			f.Close()
			t.Errorf("OpenFile(fifo, %#x): %v; want ErrNotRegular", flag, err)
		}
	}
}
