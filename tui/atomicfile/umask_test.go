//go:build unix

package atomicfile_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/term2048/2048/tui/atomicfile"
)

// TestUmask checks that a new file gets its permissions less the umask, as
// any new file does, and that a file written again keeps its own. The
// umask is the process's: no other test of the package runs beside this
// one.
func TestUmask(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	if err := atomicfile.WriteFile(path, []byte("new"), 0o644, false); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("a new file under umask 077 has mode %v (%v); want 0600", fi.Mode().Perm(), err)
	}
	shared := filepath.Join(dir, "shared")
	if err := os.WriteFile(shared, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(shared, 0o664); err != nil {
		t.Fatal(err)
	}
	if err := atomicfile.WriteFile(shared, []byte("new"), 0o600, true); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(shared); err != nil || fi.Mode().Perm() != 0o664 {
		t.Errorf("a file of mode 0664 written again under umask 077 has mode %v (%v); want 0664", fi.Mode().Perm(), err)
	}
}
