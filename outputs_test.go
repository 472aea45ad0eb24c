package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputsNotInputs checks that a command refuses to write its output
// over a file it reads, by its name or by a link to it, before it reads
// or writes anything, and leaves the file as it was.
func TestOutputsNotInputs(t *testing.T) {
	dir := t.TempDir()
	file := func(name string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("what it holds"), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	w, first, part := file("n.weights"), file("first.play"), file("part.json")
	link := filepath.Join(dir, "link.play")
	if err := os.Symlink(w, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"train", "-export", w, "-weights", w}, "-export " + w + " is also the file of -weights: writing it would replace what it holds; give another file"},
		{[]string{"train", "-export", link, "-weights", w}, "-export " + link + " is also the file of -weights"},
		{[]string{"train", "-export", first, "-weights", w, "-first", first}, "-export " + first + " is also the file of -first"},
		{[]string{"train", "-episodes", "1", "-weights", filepath.Join(dir, "new.weights"), "-first", first, "-log", first}, "-log " + first + " is also the file of -first"},
		{[]string{"train", "-episodes", "1", "-weights", filepath.Join(dir, "new.weights"), "-init-from", w, "-log", link}, "-log " + link + " is also the file of -init-from"},
		{[]string{"train", "-episodes", "1", "-weights", w, "-resume", "-log", w}, "-log " + w + " is also the file of -weights"},
		{[]string{"sim", "-eval", "ntuple", "-weights", w, "-csv", link, "-games", "1"}, "-csv " + link + " is also the file of -weights"},
		{[]string{"sim", "-merge", "-csv", part, part}, "-csv " + part + " is also the file of -merge"},
	} {
		status, stdout, stderr := runCommand(context.Background(), c.args...)
		if status != 1 || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 1 and %q", c.args, status, stdout, stderr, c.want)
		}
	}
	// Without -weights, sim reads the network from the data directory's
	// weights file, or its play file.
	t.Setenv("XDG_DATA_HOME", dir)
	if err := os.Mkdir(filepath.Join(dir, "2048"), 0o755); err != nil {
		t.Fatal(err)
	}
	play := filepath.Join(dir, "2048", "ntuple.play")
	if err := os.WriteFile(play, []byte("what it holds"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, stdout, stderr := runCommand(context.Background(), "sim", "-eval", "ntuple", "-csv", play, "-games", "1")
	if status != 1 || stdout != "" || !strings.Contains(stderr, "-csv "+play+" is also the file of -weights") {
		t.Errorf("sim -csv over the default play file: status %d, stdout %q, stderr %q; want 1 and a refusal", status, stdout, stderr)
	}
	for _, path := range []string{w, first, part, play} {
		if b, err := os.ReadFile(path); err != nil || string(b) != "what it holds" {
			t.Errorf("%s after the refusals: %q, %v; want it as it was", path, b, err)
		}
	}
}
