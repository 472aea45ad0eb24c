package settings

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestChange: a change is written in place, p takes it once written, and
// a file that could not be parsed is never written.
func TestChange(t *testing.T) {
	path := prefsFile(t, "# mine\ndepth = 3 # deep enough\n")
	p := Load(path)
	w, err := p.Change("depth", int64(5))
	if err != nil || w == nil {
		t.Fatalf("Change = %v, %v", w, err)
	}
	if p.Depth != 3 {
		t.Errorf("p took the value before the write: depth %d", p.Depth)
	}
	if err := w.Do(); err != nil {
		t.Fatal(err)
	}
	p.Wrote(w)
	if text, _ := os.ReadFile(path); string(text) != "# mine\ndepth = 5 # deep enough\n" || p.Depth != 5 {
		t.Errorf("after the write: depth %d, file:\n%s", p.Depth, text)
	}
	if w, err := DefaultPrefs().Change("depth", int64(5)); w != nil || err != nil {
		t.Errorf("a change kept nowhere: %v, %v", w, err)
	}
	broken := Load(prefsFile(t, "depth = \"3\n"))
	if w, err := broken.Change("depth", int64(5)); w != nil || err == nil || !strings.Contains(err.Error(), "not written") {
		t.Errorf("a change of a broken file: %v, %v", w, err)
	}
}

// TestWrites: one write at a time, in order; a setting changed again while
// its write waits is written once, at its last value; Flush does the one
// under way and those waiting.
func TestWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	p := Load(path)
	change := func(name string, v any) *Write {
		w, err := p.Change(name, v)
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	var q Writes
	if q.Add(nil) != nil || !q.Idle() {
		t.Error("Add(nil) asked for a write")
	}
	seq := q.Seq()
	first := change("theme", "dark")
	if q.Add(first) != first || q.Idle() || q.Seq() == seq {
		t.Fatal("the first write is not to be done now")
	}
	for _, w := range []*Write{change("depth", int64(2)), change("speed", "1s"), change("depth", int64(4))} {
		if q.Add(w) != nil {
			t.Fatalf("%s = %v started while a write was under way", w.Name, w.Value)
		}
	}
	var done []string
	for w := first; w != nil; w = q.Done(w) {
		if err := w.Do(); err != nil {
			t.Fatal(err)
		}
		done = append(done, w.Name)
	}
	if got := strings.Join(done, " "); got != "theme depth speed" || !q.Idle() {
		t.Errorf("written: %s (idle %v); want theme depth speed", got, q.Idle())
	}
	if back := Load(path); back.Depth != 4 || back.Theme.Name != "dark" {
		t.Errorf("read back: depth %d, theme %s; want 4, dark", back.Depth, back.Theme.Name)
	}

	// The end of a game: a write whose command runs now, another waiting.
	running := change("depth", int64(6))
	q.Add(running)
	q.Add(change("theme", "classic"))
	var wg sync.WaitGroup
	wg.Go(func() { running.Do() })
	if err := q.Flush(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if back := Load(path); back.Depth != 6 || back.Theme.Name != "classic" || !q.Idle() {
		t.Errorf("after Flush: depth %d, theme %s, idle %v; want 6, classic, true", back.Depth, back.Theme.Name, q.Idle())
	}
}

// kept is a storage of preferences in memory, as a server's database
// keeps its player's.
type kept struct{ text []byte }

func (k *kept) Read() ([]byte, error) {
	if k.text == nil {
		return nil, fs.ErrNotExist
	}
	return k.text, nil
}
func (k *kept) Write(text []byte) error { k.text = text; return nil }
func (k *kept) Name() string            { return "your settings on this server" }

// TestLoadFromElsewhere: preferences kept elsewhere than in a file are
// read and changed as a file's, have no path to watch and no stamp, and
// their problems name them as their storage does.
func TestLoadFromElsewhere(t *testing.T) {
	k := &kept{text: []byte("depth = 3\ncolour = \"red\"\n")}
	p := LoadFrom(k)
	if p.Depth != 3 || p.Path() != "" || p.Where() != k.Name() || p.Stamp() != (Stamp{}) {
		t.Errorf("LoadFrom = depth %d, Path() %q, Where() %q, stamp %+v; want 3, no path, the storage's name, no stamp",
			p.Depth, p.Path(), p.Where(), p.Stamp())
	}
	if len(p.Problems) != 1 || !strings.HasPrefix(p.Problems[0], "Your settings on this server, line 2: ") {
		t.Errorf("Problems = %q; want the unknown setting, named as the storage names the text", p.Problems)
	}
	w, err := p.Change("depth", int64(5))
	if err != nil || w == nil {
		t.Fatalf("Change = %v, %v", w, err)
	}
	if err := w.Do(); err != nil {
		t.Fatal(err)
	}
	p.Wrote(w)
	if string(k.text) != "depth = 5\ncolour = \"red\"\n" || p.Depth != 5 {
		t.Errorf("after the write: depth %d, text %q", p.Depth, k.text)
	}
	if again := LoadFrom(k); again.Depth != 5 {
		t.Errorf("read again: depth %d; want 5", again.Depth)
	}
	if p := LoadFrom(&kept{text: []byte("depth = = 3\n")}); p.Broken() == nil || len(p.Problems) != 1 || strings.Contains(p.Problems[0], "fixed") {
		t.Errorf("a text that does not parse: Broken() %v, Problems %q; want it broken, and no file to fix named", p.Broken(), p.Problems)
	}
}
