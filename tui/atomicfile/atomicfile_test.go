package atomicfile_test

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/term2048/2048/tui/atomicfile"
)

// temps returns the temporary files left in dir.
func temps(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if atomicfile.IsTemp(e.Name()) {
			out = append(out, e.Name())
		}
	}
	return out
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	for _, sync := range []bool{false, true} {
		for _, data := range []string{"first", "second, longer"} {
			if err := atomicfile.WriteFile(path, []byte(data), 0o600, sync); err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, path); got != data {
				t.Errorf("after WriteFile(%q), the file holds %q", data, got)
			}
		}
	}
	if left := temps(t, dir); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestPermissions(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix modes")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "new")
	if err := atomicfile.WriteFile(path, []byte("x"), 0o640, false); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Errorf("a new file has mode %v; want 0640", fi.Mode().Perm())
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := atomicfile.WriteFile(path, []byte("y"), 0o644, false); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("a rewritten file has mode %v; want its own, 0600", fi.Mode().Perm())
	}
}

// TestSymlinkIsWrittenThrough checks that a file reached by a symbolic link,
// relative or absolute, is written where the link points, and the link
// stays a link: a player who keeps the save elsewhere keeps it there.
func TestSymlinkIsWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	elsewhere := filepath.Join(dir, "elsewhere")
	if err := os.Mkdir(elsewhere, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, target string }{
		{"relative", filepath.Join("elsewhere", "rel.json")},
		{"absolute", filepath.Join(elsewhere, "abs.json")},
		{"dangling", filepath.Join("elsewhere", "not-yet.json")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			link := filepath.Join(dir, tc.name+".json")
			if err := os.Symlink(tc.target, link); err != nil {
				t.Skip("no symbolic links here:", err)
			}
			if tc.name != "dangling" {
				target := tc.target
				if !filepath.IsAbs(target) {
					target = filepath.Join(dir, target)
				}
				if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := atomicfile.WriteFile(link, []byte("new"), 0o644, true); err != nil {
				t.Fatal(err)
			}
			fi, err := os.Lstat(link)
			if err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Fatalf("%s is no longer a symbolic link (%v)", link, err)
			}
			if got := readFile(t, link); got != "new" {
				t.Errorf("reading through the link gives %q; want new", got)
			}
			if left := temps(t, elsewhere); len(left) > 0 {
				t.Errorf("temporary files left behind: %v", left)
			}
		})
	}
}

func TestRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := atomicfile.Create(dir, 0o644); err == nil {
		t.Error("Create of a directory succeeded")
	}
}

// TestCreateFailsEarly checks that a file that cannot be written fails at
// Create, before a long job makes its data.
func TestCreateFailsEarly(t *testing.T) {
	dir := t.TempDir()
	notADir := filepath.Join(dir, "file")
	if err := os.WriteFile(notADir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := atomicfile.Create(filepath.Join(notADir, "out.csv"), 0o644); err == nil {
		t.Error("Create under a regular file succeeded")
	}
	if _, err := atomicfile.Create(filepath.Join(dir, "missing", "out.csv"), 0o644); err == nil {
		t.Error("Create in a missing directory succeeded")
	}
}

func TestAbortKeepsTheOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := atomicfile.Create(path, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort() // a second Abort does nothing
	if _, err := f.Write([]byte("half of the new")); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != "old" {
		t.Errorf("before Commit the file holds %q; want old", got)
	}
	f.Abort()
	if got := readFile(t, path); got != "old" {
		t.Errorf("after Abort the file holds %q; want old", got)
	}
	if left := temps(t, dir); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
	if err := f.Commit(false); err == nil {
		t.Error("Commit after Abort succeeded")
	}
	var none *atomicfile.File
	none.Abort() // a nil File: nothing to do
}
