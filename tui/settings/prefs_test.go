package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
)

// prefsFile writes text as a preferences file in a fresh directory, and
// returns its path.
func prefsFile(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "2048", "config.toml")
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestLoad reads every setting of a file written by hand.
func TestLoad(t *testing.T) {
	hand := "# my settings\nspeed = \"1s\" # slow, to watch\nanimate = false\ncoach = true\neval = \"ntuple\"\nweights = \"/nets/a.weights\"\n"
	p := Load(prefsFile(t, hand))
	if len(p.Problems) > 0 || p.Speed != time.Second || p.Depth != ai.Auto || p.Theme.Name != "classic" || p.Animate || !p.Coach ||
		p.Eval != "ntuple" || p.Weights != "/nets/a.weights" {
		t.Fatalf("Load = %+v", p)
	}
}

// TestLoadMissing: no file is the defaults, no problem, and a path to
// write to.
func TestLoadMissing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	p := Load(path)
	if len(p.Problems) > 0 || p.Path() != path || p.Broken() != nil || p.Theme.Name != DefaultPrefs().Theme.Name {
		t.Errorf("Load(no file) = %+v", p)
	}
	if d := DefaultPrefs(); d.Path() != "" || d.Speed != DefaultSpeed || d.Depth != ai.Auto {
		t.Errorf("DefaultPrefs() = %+v", d)
	}
}

// TestProblems: an unknown setting, a bad value, an unknown action, a bad
// key, a clash and an unreadable file are each one problem, which names
// the line and leaves the defaults for what was wrong.
func TestProblems(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string // in the problems
		defaults   bool     // the default keys
	}{
		{"unknown setting", "colour = \"red\"\n", []string{"line 1", `no setting is named "colour"`}, false},
		{"bad depth", "theme = \"dark\"\ndepth = 20\n", []string{"line 2", "depth = 20", "from 1 to 14"}, false},
		{"bad theme", "theme = \"neon\"\n", []string{"line 1", `theme = neon`}, false},
		{"bad speed", "speed = 5\n", []string{"line 1", "want a duration"}, false},
		{"bad animate", "animate = \"no\"\n", []string{"line 1", "want true or false"}, false},
		{"bad coach", "coach = 1\n", []string{"line 1", "coach = 1", "want true or false"}, false},
		{"bad eval", "eval = \"nntuple\"\n", []string{"line 1", "eval = nntuple", "want one of nneonneo", "ntuple"}, false},
		{"bad weights", "weights = 3\n", []string{"line 1", "weights = 3", "want a file name"}, false},
		{"unknown table", "[colours]\ntile = 1\n", []string{"line 2", "no table [colours]"}, false},
		{"replay clash", "[keys]\nnext_mistake = \"left\"\n", []string{"line 2", "next_mistake takes left"}, true},
		{"take-over clash", "[keys]\ntake_over = [\"space\", \"a\"]\n", []string{"line 2", "the key of replay_play"}, true},
		{"settings clash", "[keys]\nsettings = \"t\"\n", []string{"line 2", "settings takes t, the key of theme"}, true},
		{"unknown action", "[keys]\njump = \"j\"\n", []string{"line 2", `no action is named "jump"`}, true},
		{"unknown key", "[keys]\nhint = \"ctlr+i\"\n", []string{"line 2", `"ctlr+i" is not a key`}, true},
		{"clash", "[keys]\nup = \"k\"\ndown = [\"down\", \"k\"]\n", []string{"line 3", "k is the key of both up (line 2) and down (line 3)"}, true},
		{"taken", "[keys]\nleft = [\"left\", \"h\"]\n", []string{"line 2", "left takes h, the key of hint"}, true},
		{"ctrl+c", "[keys]\nhint = \"ctrl+c\"\n", []string{"line 2", "ctrl+c always quits"}, true},
		{"syntax", "theme = \"dark\n", []string{"line 1", "not read"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Load(prefsFile(t, tt.text))
			all := strings.Join(p.Problems, "\n")
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("problems %q; want %q", all, w)
				}
			}
			if len(p.Problems) != 1 { // the badge counts them: what the game does about one is none
				t.Errorf("%d problems %q; want 1", len(p.Problems), p.Problems)
			}
			if got := strings.Contains(all, "default keys"); got != tt.defaults {
				t.Errorf("problems %q: default keys %v; want %v", all, got, tt.defaults)
			}
			if tt.name == "bad depth" && (p.Theme.Name != "dark" || p.Depth != ai.Auto) {
				t.Errorf("a bad depth: theme %s, depth %d; want dark, and auto", p.Theme.Name, p.Depth)
			}
			if (tt.name == "syntax") != (p.Broken() != nil) {
				t.Errorf("Broken() = %v", p.Broken())
			}
		})
	}
}

// TestUnreadable: a preferences file that cannot be read is one problem,
// and the file is broken: nothing is written to it.
func TestUnreadable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	os.MkdirAll(path, 0o755) // a directory where the file should be
	p := Load(path)
	if len(p.Problems) != 1 || !strings.Contains(p.Problems[0], "not a regular file") || p.Broken() == nil {
		t.Fatalf("problems %v, broken %v", p.Problems, p.Broken())
	}
}

// TestLoadIfChanged: a look at the file reads it only when it changed.
func TestLoadIfChanged(t *testing.T) {
	path := prefsFile(t, "depth = 3\n")
	p := Load(path)
	if read := LoadIfChanged(path, p.Stamp()); read != nil {
		t.Errorf("a look at a file that did not change read it: %+v", read)
	}
	if err := os.WriteFile(path, []byte("depth = 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Second) // a time of its own, whatever the clock's resolution
	os.Chtimes(path, later, later)
	if read := LoadIfChanged(path, p.Stamp()); read == nil || read.Depth != 5 {
		t.Errorf("a look at a file that changed: %+v; want it read, depth 5", read)
	}
}

// TestMerged: the problems added after the file was read stay while the
// file names the same evaluator, and DropEvalProblems drops them.
func TestMerged(t *testing.T) {
	path := prefsFile(t, "eval = \"ntuple\"\n")
	p := Load(path)
	p.Problems = append(p.Problems, "no network")
	if got := p.Merged(Load(path)).Problems; len(got) != 1 {
		t.Errorf("merged with the same evaluator: %q; want the added problem", got)
	}
	os.WriteFile(path, []byte("eval = \"matrix\"\n"), 0o644)
	if got := p.Merged(Load(path)).Problems; len(got) != 0 {
		t.Errorf("merged with another evaluator: %q; want none", got)
	}
	p.DropEvalProblems()
	if len(p.Problems) != 0 {
		t.Errorf("DropEvalProblems left %q", p.Problems)
	}
}

// TestWeightsFile: a leading ~/ is the home directory.
func TestWeightsFile(t *testing.T) {
	t.Setenv("HOME", "/home/player")
	for in, want := range map[string]string{"": "", "/nets/a.weights": "/nets/a.weights", "~/a.weights": "/home/player/a.weights"} {
		if got := (&Prefs{Weights: in}).WeightsFile(); got != want {
			t.Errorf("WeightsFile(%q) = %q; want %q", in, got, want)
		}
	}
}
