package regularfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A refusedCase is a path that Open must refuse, made in a temporary
// directory, and what the error must say.
type refusedCase struct {
	name string
	make func(t *testing.T, dir string) string // returns the path
	want string                                // in the error
	is   error                                 // errors.Is(err, is)
}

// refusedEverywhere are the cases every system can make.
var refusedEverywhere = []refusedCase{
	{"missing", func(t *testing.T, dir string) string { return filepath.Join(dir, "none") }, "no such file", fs.ErrNotExist},
	{"directory", func(t *testing.T, dir string) string { return dir }, "a directory, not a regular file", ErrNotRegular},
}

func TestOpenRefuses(t *testing.T) {
	for _, c := range append(refusedEverywhere, unixOnlyRefused...) {
		t.Run(c.name, func(t *testing.T) {
			path := c.make(t, t.TempDir())
			f, err := Open(path)
			if err == nil {
				f.Close()
				t.Fatalf("Open(%q) succeeded; want an error saying %q", path, c.want)
			}
			var pe *fs.PathError
			if !errors.As(err, &pe) || pe.Path != path || !strings.Contains(err.Error(), c.want) || !errors.Is(err, c.is) {
				t.Errorf("Open(%q) = %v; want a *fs.PathError for the path, saying %q, that is %v", path, err, c.want, c.is)
			}
		})
	}
}

func TestOpenReadsRegularFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	if err := os.WriteFile(path, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	paths := []string{path}
	if err := os.Symlink(path, filepath.Join(dir, "link")); err == nil {
		paths = append(paths, filepath.Join(dir, "link"))
	}
	for _, p := range paths {
		f, err := Open(p)
		if err != nil {
			t.Fatalf("Open(%q): %v", p, err)
		}
		data, err := io.ReadAll(f)
		f.Close()
		if err != nil || string(data) != "{}\n" {
			t.Errorf("reading %s: %q, %v; want %q", p, data, err, "{}\n")
		}
	}
}

func TestReadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "five")
	if err := os.WriteFile(path, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFile(path, 5); err != nil || string(data) != "12345" {
		t.Errorf("ReadFile(%q, 5) = %q, %v; want 12345", path, data, err)
	}
	var pe *fs.PathError
	if _, err := ReadFile(path, 4); !errors.Is(err, ErrTooLarge) || !errors.As(err, &pe) || pe.Path != path {
		t.Errorf("ReadFile(%q, 4) = %v; want ErrTooLarge for the path", path, err)
	}
	if _, err := ReadFile(filepath.Dir(path), 4); !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadFile of a directory = %v; want ErrNotRegular", err)
	}
}
