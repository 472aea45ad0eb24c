//go:build unix

package history

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestAppendRefusesFIFO: a FIFO in the history's place would block the
// game until something reads it.
func TestAppendRefusesFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	if err := Append(fifo, []byte("{}")); err == nil {
		t.Error("appended to a FIFO")
	}
}
