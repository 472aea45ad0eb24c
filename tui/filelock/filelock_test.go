package filelock_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/term2048/2048/tui/filelock"
)

// open opens path with OpenFile and fails the test on an error.
func open(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := filelock.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestTwoOpenFiles checks that the lock belongs to the open file: a second
// opening of the file in the same process is refused until the first
// unlocks or closes.
func TestTwoOpenFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	a, b := open(t, path), open(t, path)
	ok, err := filelock.TryLock(a)
	if errors.Is(err, filelock.ErrUnsupported) {
		t.Skip(err)
	}
	if !ok || err != nil {
		t.Fatalf("TryLock of a file nobody holds = %v, %v; want true", ok, err)
	}
	if ok, err := filelock.TryLock(b); ok || err != nil {
		t.Errorf("TryLock of another opening of a held file = %v, %v; want false", ok, err)
	}
	if err := filelock.Unlock(a); err != nil {
		t.Fatal(err)
	}
	if err := filelock.Lock(b); err != nil {
		t.Fatalf("Lock once the other unlocked: %v", err)
	}
	if ok, err := filelock.TryLock(a); ok || err != nil {
		t.Errorf("TryLock while the other holds it = %v, %v; want false", ok, err)
	}
	b.Close()
	if ok, err := filelock.TryLock(a); !ok || err != nil {
		t.Errorf("TryLock once the holder closed its file = %v, %v; want true", ok, err)
	}
}

// TestOpenFileRefuses checks that OpenFile refuses what is not a regular
// file, and follows no link: a link's target is neither created nor opened.
func TestOpenFileRefuses(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	for _, tc := range []struct {
		name string
		make func(path string) error
		want error
	}{
		{"directory", func(path string) error { return os.Mkdir(path, 0o755) }, filelock.ErrNotRegular},
		{"dangling link", func(path string) error { return os.Symlink(target, path) }, filelock.ErrSymlink},
		{"link to a directory", func(path string) error { return os.Symlink(dir, path) }, filelock.ErrSymlink},
	} {
		path := filepath.Join(dir, tc.name)
		if err := tc.make(path); err != nil {
			t.Skipf("cannot make a %s here: %v", tc.name, err)
		}
		f, err := filelock.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		var pe *fs.PathError
		if !errors.As(err, &pe) || pe.Err != tc.want || pe.Path != path {
			f.Close()
			t.Errorf("OpenFile of a %s: %v; want a PathError for %s saying %v", tc.name, err, path, tc.want)
		}
	}
	if _, err := os.Lstat(target); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the dangling link's target was created: %v", err)
	}
}
