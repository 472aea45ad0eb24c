package tui

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai"
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
	p := LoadPrefs(path)
	if len(p.Problems) > 0 || p.Speed != time.Second || p.Depth != ai.Auto || p.Theme.Name != "classic" || p.Animate || !p.Coach ||
		p.Eval != "ntuple" || p.Weights != "/nets/a.weights" {
		t.Fatalf("LoadPrefs = %+v", p)
	}
	m := newTestModel(t, Config{Prefs: p, Color: ColorTrue, Speed: p.Speed})
	press(m, "t")
	press(m, "+")
	press(m, "]")
	back := LoadPrefs(path)
	if len(back.Problems) > 0 || back.Theme.Name != m.look.theme.Name || back.Depth != m.ai.depth || back.Speed != m.ai.delay {
		t.Errorf("read back: theme %s, depth %d, speed %v, %v; the game had %s, %d, %v",
			back.Theme.Name, back.Depth, back.Speed, back.Problems, m.look.theme.Name, m.ai.depth, m.ai.delay)
	}
	text, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(text), "# my settings\nspeed = ") || !strings.Contains(string(text), "# slow, to watch") {
		t.Errorf("the player's comments were lost:\n%s", text)
	}
	press(m, "0")
	if back := LoadPrefs(path); back.Eval != "ntuple" || back.Weights != "/nets/a.weights" {
		t.Errorf("the evaluator was not kept: %q, %q", back.Eval, back.Weights)
	}
	if back := LoadPrefs(path); back.Depth != ai.Auto {
		t.Errorf("0 did not write the automatic depth: %d", back.Depth)
	}
}

// TestPrefsNewFileIsDocumented: a file the game creates documents every
// setting and action, and reads back.
func TestPrefsNewFileIsDocumented(t *testing.T) {
	s := tempStore(t)
	m := newTestModel(t, Config{Prefs: LoadPrefs(s.PrefsPath()), Color: ColorTrue})
	press(m, "t")
	text, err := os.ReadFile(s.PrefsPath())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"theme = 'dark'", "# depth = \"auto\"", "# speed = ", "# coach = false", "# eval = \"nneonneo\"", "# weights = \"\"", "# [keys]", "# keep_going", "# next_mistake", "ctrl+c always quits"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the new file lacks %q:\n%s", want, text)
		}
	}
	if p := LoadPrefs(s.PrefsPath()); len(p.Problems) > 0 || p.Theme.Name != "dark" {
		t.Errorf("the new file reads back as %s, %v", p.Theme.Name, p.Problems)
	}
}

// TestPrefsProblems: an unknown setting, a bad value, an unknown action, a
// bad key, a clash and an unreadable file each name the line and leave the
// defaults for what was wrong.
func TestPrefsProblems(t *testing.T) {
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
			p := LoadPrefs(prefsFile(t, tt.text))
			all := strings.Join(p.Problems, "\n")
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("problems %q; want %q", all, w)
				}
			}
			if got := strings.Contains(all, "default keys"); got != tt.defaults {
				t.Errorf("problems %q: default keys %v; want %v", all, got, tt.defaults)
			}
			if tt.name == "bad depth" && (p.Theme.Name != "dark" || p.Depth != ai.Auto) {
				t.Errorf("a bad depth: theme %s, depth %d; want dark, and auto", p.Theme.Name, p.Depth)
			}
			m := newTestModel(t, Config{Prefs: p})
			if !strings.Contains(plain(m), "line") {
				t.Errorf("the problem is not on the screen:\n%s", m.render())
			}
		})
	}
}

// TestPrefsUnreadable: a preferences file that cannot be read is said so
// and never written.
func TestPrefsUnreadable(t *testing.T) {
	s := tempStore(t)
	os.MkdirAll(s.PrefsPath(), 0o755) // a directory where the file should be
	p := LoadPrefs(s.PrefsPath())
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
			p := LoadPrefs(prefsFile(t, tc.text))
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

func TestParseKey(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"k", "k", ""}, {"K", "K", ""}, {"?", "?", ""}, {"+", "+", ""}, {"é", "é", ""},
		{"up", "up", ""}, {"Up", "up", ""}, {"escape", "esc", ""}, {"space", "space", ""}, {"f12", "f12", ""},
		{"ctrl+k", "ctrl+k", ""}, {"ctrl+K", "ctrl+k", ""}, {"shift+ctrl+up", "ctrl+shift+up", ""},
		{"alt+enter", "alt+enter", ""}, {"ctrl++", "ctrl++", ""},
		{" ", "", "space"}, {"shift+k", "", `"K"`}, {"ctlr+k", "", "not ctrl, alt or shift"},
		{"jump", "", "is not a key"}, {"", "", "is not a key"}, {"\t", "", "is not a key"},
	} {
		got, err := parseKey(tc.in)
		if got != tc.want || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("parseKey(%q) = %q, %v; want %q, %q", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// TestViewReboundKeys compares the help and the footer with rebound keys
// with testdata/TestViewReboundKeys/*.golden: they show the keys in effect.
func TestViewReboundKeys(t *testing.T) {
	for _, tc := range []struct{ name, text string }{{"vim", vimKeys}, {"wasd", wasdKeys}} {
		p := LoadPrefs(prefsFile(t, tc.text))
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
