//go:build unix

package dirlock

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestLockFileIsAFIFO checks that a FIFO where the lock file should be is
// refused at once, not waited on, by Acquire and AcquireFile.
func TestLockFileIsAFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, FileName), 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	if _, err := Acquire(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Acquire with a FIFO for a lock file: %v; want an error saying it is not a regular file", err)
	}
	file := filepath.Join(dir, "ntuple.weights")
	if err := syscall.Mkfifo(file+FileSuffix, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := AcquireFile(file); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("AcquireFile with a FIFO for a lock file: %v; want an error saying it is not a regular file", err)
	}
}
