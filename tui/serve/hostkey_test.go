//go:build serve

package serve

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostKey checks that the host key is made once, readable by its
// owner only, and read again the same; that one others may read, or that
// does not decode, is refused.
func TestHostKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), hostKeyFile)
	made, err := loadHostKey(keyFilePath{path, true})
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the host key made: %v, %v; want mode 0600", fi.Mode(), err)
	}
	read, err := loadHostKey(keyFilePath{path, true})
	if err != nil || !bytes.Equal(read.PublicKey().Marshal(), made.PublicKey().Marshal()) {
		t.Fatalf("the host key read again: %v; want the one made", err)
	}
	os.Chmod(path, 0o644)
	if _, err := loadHostKey(keyFilePath{path, true}); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a host key others may read: %v; want it refused", err)
	}
	os.WriteFile(path, []byte("not a key"), 0o600)
	if _, err := loadHostKey(keyFilePath{path, true}); err == nil {
		t.Error("a host key that does not decode was taken")
	}
}

// TestAllowFileErrors checks that an allow file with a line that is not a
// key is refused, naming the line, and a missing one too.
func TestAllowFileErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "authorized_keys")
	os.WriteFile(bad, []byte("# friends\n\nssh-ed25519 notakey\n"), 0o600)
	if _, err := readAllowList(bad); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("an allow file with a bad line: %v; want line 3 named", err)
	}
	if _, err := readAllowList(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing allow file was taken")
	}
}
