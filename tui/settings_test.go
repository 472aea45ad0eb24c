package tui

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/tui/settings"
)

// prefsFile writes text as the preferences file of a fresh store, and
// returns its path.
func prefsFile(t *testing.T, text string) string {
	t.Helper()
	s := tempStore(t)
	os.MkdirAll(s.ConfigDir, 0o755)
	if err := os.WriteFile(s.PrefsPath(), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return s.PrefsPath()
}

// TestPrefsRoundTrip: the settings changed in the game are written to the
// file, the player's comments kept, and read back the next time.
func TestPrefsRoundTrip(t *testing.T) {
	hand := "# my settings\nspeed = \"1s\" # slow, to watch\nanimate = false\ncoach = true\neval = \"ntuple\"\nweights = \"/nets/a.weights\"\n"
	path := prefsFile(t, hand)
	p := settings.Load(path)
	if len(p.Problems) > 0 || p.Speed != time.Second || p.Depth != ai.Auto || p.Theme.Name != "classic" || p.Animate || !p.Coach ||
		p.Eval != "ntuple" || p.Weights != "/nets/a.weights" {
		t.Fatalf("settings.Load = %+v", p)
	}
	m := newTestModel(t, Config{Prefs: p, Color: ColorTrue, Speed: p.Speed})
	for _, k := range []string{"t", "+", "]"} {
		settle(m, press(m, k), 5) // each write done before the next key
	}
	back := settings.Load(path)
	if len(back.Problems) > 0 || back.Theme.Name != m.look.theme.Name || back.Depth != m.ai.depth || back.Speed != m.ai.delay {
		t.Errorf("read back: theme %s, depth %d, speed %v, %v; the game had %s, %d, %v",
			back.Theme.Name, back.Depth, back.Speed, back.Problems, m.look.theme.Name, m.ai.depth, m.ai.delay)
	}
	text, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(text), "# my settings\nspeed = ") || !strings.Contains(string(text), "# slow, to watch") {
		t.Errorf("the player's comments were lost:\n%s", text)
	}
	settle(m, press(m, "0"), 5)
	if back := settings.Load(path); back.Eval != "ntuple" || back.Weights != "/nets/a.weights" {
		t.Errorf("the evaluator was not kept: %q, %q", back.Eval, back.Weights)
	}
	if back := settings.Load(path); back.Depth != ai.Auto {
		t.Errorf("0 did not write the automatic depth: %d", back.Depth)
	}
}

// TestPrefsNewFileIsDocumented: a file the game creates documents every
// setting and action, and reads back.
func TestPrefsNewFileIsDocumented(t *testing.T) {
	s := tempStore(t)
	m := newTestModel(t, Config{Prefs: settings.Load(s.PrefsPath()), Color: ColorTrue})
	settle(m, press(m, "t"), 5)
	text, err := os.ReadFile(s.PrefsPath())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"theme = 'dark'", "# depth = \"auto\"", "# speed = ", "# coach = false", "# eval = \"nneonneo\"", "# weights = \"\"", "# [keys]", "# keep_going", "# next_mistake", "ctrl+c always quits"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the new file lacks %q:\n%s", want, text)
		}
	}
	if p := settings.Load(s.PrefsPath()); len(p.Problems) > 0 || p.Theme.Name != "dark" {
		t.Errorf("the new file reads back as %s, %v", p.Theme.Name, p.Problems)
	}
}

// TestPrefsProblemsShown: a problem of the file, with its line, is on the
// screen (see package settings for the problems themselves).
func TestPrefsProblemsShown(t *testing.T) {
	for _, text := range []string{"colour = \"red\"\n", "[keys]\njump = \"j\"\n", "theme = \"dark\n"} {
		p := settings.Load(prefsFile(t, text))
		if len(p.Problems) == 0 {
			t.Fatalf("%q: no problem", text)
		}
		m := newTestModel(t, Config{Prefs: p})
		if !strings.Contains(plain(m), "line") {
			t.Errorf("%q: the problem is not on the screen:\n%s", text, m.render())
		}
	}
}

// TestPrefsUnreadable: a preferences file that cannot be read is said so
// and never written.
func TestPrefsUnreadable(t *testing.T) {
	s := tempStore(t)
	os.MkdirAll(s.PrefsPath(), 0o755) // a directory where the file should be
	p := settings.Load(s.PrefsPath())
	if len(p.Problems) != 1 || !strings.Contains(p.Problems[0], "not a regular file") {
		t.Fatalf("problems %v", p.Problems)
	}
	m := newTestModel(t, Config{Prefs: p, Color: ColorTrue})
	press(m, "t")
	if fi, err := os.Stat(s.PrefsPath()); err != nil || !fi.IsDir() {
		t.Errorf("the directory was replaced: %v", err)
	}
	if !strings.Contains(plain(m), "Preferences not saved") {
		t.Errorf("no word that the change was not saved:\n%s", m.render())
	}
}

const (
	vimKeys = `[keys]
left = ["left", "h"]
down = ["down", "j"]
up = ["up", "k"]
right = ["right", "l"]
hint = "i"
`
	wasdKeys = `[keys]
up = ["up", "w"]
left = ["left", "a"]
down = ["down", "s"]
right = ["right", "d"]
autoplay = "p"
`
)

// TestReboundKeys plays with vim's and wasd's keys, as docs/files.md shows.
func TestReboundKeys(t *testing.T) {
	for _, tc := range []struct {
		name, text  string
		moves, hint string
		auto        string
	}{
		{"vim", vimKeys, "hjkl", "i", "a"},
		{"wasd", wasdKeys, "awsd", "h", "p"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := settings.Load(prefsFile(t, tc.text))
			if len(p.Problems) > 0 {
				t.Fatal(p.Problems)
			}
			m := newTestModel(t, Config{Prefs: p, Depth: 2})
			for _, k := range tc.moves {
				press(m, string(k))
			}
			if m.cur.Game.MoveCount() == 0 {
				t.Errorf("%s moved nothing", tc.moves)
			}
			settle(m, press(m, tc.hint), 5)
			if m.ai.hint == nil {
				t.Errorf("%s gave no hint", tc.hint)
			}
			press(m, tc.auto)
			if !m.ai.autoplay {
				t.Errorf("%s did not start autoplay", tc.auto)
			}
		})
	}
}

// TestViewReboundKeys compares the help and the footer with rebound keys
// with testdata/TestViewReboundKeys/*.golden: they show the keys in effect.
func TestViewReboundKeys(t *testing.T) {
	for _, tc := range []struct{ name, text string }{{"vim", vimKeys}, {"wasd", wasdKeys}} {
		p := settings.Load(prefsFile(t, tc.text))
		t.Run(tc.name+"-footer", func(t *testing.T) {
			golden.RequireEqual(t, newTestModel(t, Config{Prefs: p}).View().Content)
		})
		t.Run(tc.name+"-help", func(t *testing.T) {
			m := newTestModel(t, Config{Prefs: p})
			press(m, "?")
			golden.RequireEqual(t, m.View().Content)
		})
	}
}
