package outputs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/term2048/2048/tui/outputs"
)

// TestCheck: an output is refused when it is an input's file, by its name
// or through a link, and passes when it does not exist yet or is another
// file.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	in, other := filepath.Join(dir, "in"), filepath.Join(dir, "other")
	for _, p := range []string{in, other} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(in, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	inputs := []outputs.File{{"-weights", in}, {"-first", ""}}
	for _, c := range []struct {
		out, want string
	}{
		{in, "-csv " + in + " is also the file of -weights: writing it would replace what it holds; give another file"},
		{link, "-csv " + link + " is also the file of -weights"},
		{other, ""},
		{filepath.Join(dir, "new"), ""},
		{"", ""},
	} {
		err := outputs.Check([]outputs.File{{"-csv", c.out}}, inputs)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("Check(-csv %q) = %v; want %q", c.out, err, c.want)
		}
	}
}

// TestCreate: a bad path fails at once, named by its flag and without the
// path twice; an empty path is no file.
func TestCreate(t *testing.T) {
	if f, err := outputs.Create("-csv", ""); f != nil || err != nil {
		t.Errorf("Create(-csv, \"\") = %v, %v; want nil, nil", f, err)
	}
	bad := filepath.Join(t.TempDir(), "none", "x.csv")
	_, err := outputs.Create("-csv", bad)
	if err == nil || !strings.HasPrefix(err.Error(), "-csv "+bad+": ") || strings.Count(err.Error(), bad) != 1 {
		t.Errorf("Create(-csv, %s) = %v; want an error that names the path once", bad, err)
	}
}
