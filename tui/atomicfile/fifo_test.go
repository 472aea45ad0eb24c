//go:build unix

package atomicfile_test

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/term2048/2048/tui/atomicfile"
)

func TestRefusesAFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := atomicfile.Create(fifo, 0o644); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Create of a FIFO: error %v; want one saying it is not a regular file", err)
	}
}
