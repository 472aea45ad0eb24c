package prefs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const handWritten = `# My 2048 settings.
theme = "dark"   # the dark one, at night

# depth = 6
speed = "100ms"

[keys]
# vim
up = ["up", "k"]
left = "h"
`

func write(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "2048", "config.toml")
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLoadValuesAndLines(t *testing.T) {
	f, err := Load(write(t, handWritten), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		table, name string
		line        int
		value       string
	}{
		{"", "theme", 2, "dark"},
		{"", "speed", 5, "100ms"},
		{"keys", "up", 9, "[up k]"},
		{"keys", "left", 10, "h"},
	}
	got := f.Values()
	if len(got) != len(want) {
		t.Fatalf("Values() = %+v; want %d values", got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Table != w.table || g.Name != w.name || g.Line != w.line || strings.Trim(strings.ReplaceAll(fmtValue(g.Value), ",", ""), "") != w.value {
			t.Errorf("value %d = %s.%s line %d %v; want %s.%s line %d %s", i, g.Table, g.Name, g.Line, g.Value, w.table, w.name, w.line, w.value)
		}
	}
}

func fmtValue(v any) string {
	if l, ok := v.([]any); ok {
		var s []string
		for _, e := range l {
			s = append(s, e.(string))
		}
		return "[" + strings.Join(s, " ") + "]"
	}
	return v.(string)
}

// TestSetKeepsTheText: a value set by the program is replaced where it
// stands, a commented-out setting is taken up in its place, a new one goes
// before the first table, and everything else stays as the player wrote it.
func TestSetKeepsTheText(t *testing.T) {
	path := write(t, handWritten)
	f, _ := Load(path, nil)
	if err := f.Set("theme", "contrast"); err != nil {
		t.Fatal(err)
	}
	if err := f.Set("depth", int64(8)); err != nil {
		t.Fatal(err)
	}
	if err := f.Set("animate", false); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	want := `# My 2048 settings.
theme = 'contrast'   # the dark one, at night

depth = 8
speed = "100ms"
animate = false

[keys]
# vim
up = ["up", "k"]
left = "h"
`
	if string(got) != want {
		t.Errorf("after Set the file is\n%s\nwant\n%s", got, want)
	}
	back, err := Load(path, nil)
	if err != nil || len(back.Values()) != 6 {
		t.Errorf("the file written does not read back: %v, %+v", err, back.Values())
	}
}

func TestSetCreatesFromTheTemplate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "config.toml")
	f, err := Load(path, func() []byte { return []byte("# Settings.\n# theme = \"classic\"\n\n# [keys]\n# up = \"k\"\n") })
	if err != nil || len(f.Values()) != 0 {
		t.Fatalf("Load of no file = %+v, %v", f.Values(), err)
	}
	if err := f.Set("theme", "dark"); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if want := "# Settings.\ntheme = 'dark'\n\n# [keys]\n# up = \"k\"\n"; string(got) != want {
		t.Errorf("the new file is\n%s\nwant\n%s", got, want)
	}
}

// TestBrokenFilesAreNotWritten: a file that is not TOML, or cannot be read,
// says why (with the line) and is never written over.
func TestBrokenFilesAreNotWritten(t *testing.T) {
	bad := "theme = \"dark\"\ndepth = = 3\n"
	path := write(t, bad)
	f, err := Load(path, nil)
	var se *SyntaxError
	if !errors.As(err, &se) || se.Line != 2 {
		t.Fatalf("Load of a bad file = %v; want a SyntaxError on line 2", err)
	}
	if err := f.Set("theme", "plain"); err == nil {
		t.Error("Set wrote a file that did not parse")
	}
	if got, _ := os.ReadFile(path); string(got) != bad {
		t.Errorf("the bad file is now %q", got)
	}
	dir := filepath.Join(t.TempDir(), "config.toml")
	os.Mkdir(dir, 0o755)
	f, err = Load(dir, nil)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Load of a directory = %v", err)
	}
	if err := f.Set("theme", "plain"); err == nil {
		t.Error("Set wrote over a directory")
	}
}

// TestByteOrderMark: a file an editor began with a byte order mark reads
// as without it, and is written back without it.
func TestByteOrderMark(t *testing.T) {
	path := write(t, "\uFEFF"+handWritten)
	f, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if v := f.Values(); len(v) != 4 || v[0].Name != "theme" || v[0].Line != 2 {
		t.Fatalf("Values() = %+v; want the four of the file, theme on line 2", v)
	}
	if err := f.Set("theme", "plain"); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if want := strings.Replace(handWritten, `"dark"`, `'plain'`, 1); string(got) != want {
		t.Errorf("written back as %q; want %q", got, want)
	}
}

// A record is a Storage kept in memory, as a server's database keeps a
// player's preferences: its writes are counted, and fail while failing is
// set.
type record struct {
	text    []byte // nil: none kept
	writes  int
	failing error
}

func (r *record) Read() ([]byte, error) {
	if r.text == nil {
		return nil, fs.ErrNotExist
	}
	return r.text, nil
}

func (r *record) Write(text []byte) error {
	if r.failing != nil {
		return r.failing
	}
	r.writes++
	r.text = text
	return nil
}

func (r *record) Name() string { return "your settings on this server" }

// TestStorageElsewhere: a text kept elsewhere than in a file is read, set
// in place and made from the template as a file is, and its problems name
// it as its storage does; it has no path.
func TestStorageElsewhere(t *testing.T) {
	r := &record{text: []byte(handWritten)}
	f, err := LoadFrom(r, nil)
	if err != nil || len(f.Values()) != 4 {
		t.Fatalf("LoadFrom = %+v, %v; want the four values of the text", f.Values(), err)
	}
	if f.Path() != "" || f.Name() != r.Name() {
		t.Errorf("Path(), Name() = %q, %q; want no path, and the storage's name", f.Path(), f.Name())
	}
	if err := f.Set("theme", "plain"); err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(handWritten, `"dark"`, `'plain'`, 1); string(r.text) != want || r.writes != 1 {
		t.Errorf("after Set, %d writes of %q; want one of %q", r.writes, r.text, want)
	}

	none := &record{}
	f, err = LoadFrom(none, func() []byte { return []byte("# Settings.\n# theme = \"classic\"\n") })
	if err != nil || len(f.Values()) != 0 {
		t.Fatalf("LoadFrom of no text = %+v, %v", f.Values(), err)
	}
	if err := f.Set("theme", "dark"); err != nil || string(none.text) != "# Settings.\ntheme = 'dark'\n" {
		t.Errorf("Set on no text = %v, and the text %q; want the template's, set", err, none.text)
	}

	bad := &record{text: []byte("depth = = 3\n")}
	f, err = LoadFrom(bad, nil)
	var se *SyntaxError
	if !errors.As(err, &se) || se.Line != 1 || !strings.HasPrefix(err.Error(), "your settings on this server line 1:") {
		t.Fatalf("LoadFrom of a text not TOML = %v; want a SyntaxError on line 1, named as the storage names it", err)
	}
	if err := f.Set("theme", "plain"); err == nil || bad.writes != 0 {
		t.Errorf("Set on a text that did not parse = %v, %d writes; want an error, and none", err, bad.writes)
	}

	failing := &record{text: []byte(handWritten), failing: errors.New("the disk is full")}
	f, _ = LoadFrom(failing, nil)
	if err := f.Set("theme", "plain"); err == nil || string(failing.text) != handWritten {
		t.Errorf("Set with a write that fails = %v, the text %q; want the error, and the text as it was", err, failing.text)
	}
	if v := f.Values(); v[0].Value != "dark" {
		t.Errorf("after a write that failed, theme = %v; want dark, as kept", v[0].Value)
	}
}
