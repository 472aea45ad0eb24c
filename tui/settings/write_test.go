package settings

import (
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
