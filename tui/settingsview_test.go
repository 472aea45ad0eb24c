package tui

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/tui/settings"
)

// settingsAt returns a test model on a w×h terminal with the preferences
// at path, the settings screen up.
func settingsAt(t *testing.T, path string, color ColorMode, w, h int) *Model {
	t.Helper()
	p := settings.Load(path)
	m := newTestModel(t, Config{Prefs: p, Color: color, Theme: p.Theme, Depth: p.Depth, Speed: p.Speed, Animate: p.Animate, Coach: p.Coach})
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	press(m, "o")
	if m.screens.settings() == nil {
		t.Fatal("o did not open the settings")
	}
	return m
}

// choose moves the settings screen's choice to the option labelled label.
func choose(t *testing.T, m *Model, label string) {
	t.Helper()
	for range options {
		press(m, "up")
	}
	for range options {
		if options[m.screens.settings().chosen].label() == label {
			return
		}
		press(m, "down")
	}
	t.Fatalf("no option %s", label)
}

// touch gives the file at path a time of its own, a second later than it
// had: a file rewritten within the resolution of the file system's clock
// is seen to change all the same.
func touch(t *testing.T, path string) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	later := fi.ModTime().Add(time.Second)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
}

// looked gives m the look at its preferences file that the game takes
// every prefsLook, now, and returns the command it asks for.
func looked(m *Model) tea.Cmd {
	return m.onPrefsLook(prefsLookMsg{settings.LoadIfChanged(m.prefs.Path(), m.prefs.Stamp()), m.writes.Seq()})
}

// rewrite writes text as the file at path, as a player's editor would.
func rewrite(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	touch(t, path)
}

// TestSettingsView compares the settings screen at the sizes of a pane, of
// a terminal and of a large one, in colour and in none, scrolled in a small
// pane, and with a file that has problems, with
// testdata/TestSettingsView/*.golden.
func TestSettingsView(t *testing.T) {
	const hand = "# mine\nweights = \"/nets/a.weights\"\n"
	for _, c := range []struct {
		name   string
		text   string
		color  ColorMode
		w, h   int
		choose string
	}{
		{"30x12", hand, ColorTrue, 30, 12, ""},
		{"30x12-depth", hand, ColorTrue, 30, 12, "Depth"},
		{"60x24", hand, ColorTrue, 60, 24, "Coach"},
		{"80x24", hand, ColorTrue, 80, 24, "Evaluator"},
		{"100x34", hand, ColorTrue, 100, 34, ""},
		{"none-80x24", hand, ColorNone, 80, 24, "Weights"},
		{"problems-80x24", "depth = 20\ncolour = \"red\"\n", ColorTrue, 80, 24, ""},
		{"broken-30x12", "theme = \"dark\n", ColorTrue, 30, 12, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := settingsAt(t, prefsFile(t, c.text), c.color, c.w, c.h)
			if c.choose != "" {
				choose(t, m, c.choose)
			}
			checkFits(t, m)
			golden.RequireEqual(t, m.View().Content)
		})
	}
}

// TestSettingsWritten changes every setting on the screen: each lands in
// the file at once, in place, the player's comments, order and keys kept.
func TestSettingsWritten(t *testing.T) {
	hand := `# my settings
theme = "classic" # the original
# depth = "auto"

speed = "200ms"   # a good pace

[keys]
hint = "i" # as in vim's insert
`
	path := prefsFile(t, hand)
	m := settingsAt(t, path, ColorTrue, 80, 24)
	changeEverything(t, m)
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := `# my settings
theme = 'dark' # the original
depth = 2

speed = '100ms'   # a good pace
coach = true
eval = 'snake'
weights = '/nets/b.weights'
animate = false

[keys]
hint = "i" # as in vim's insert
`
	if string(text) != want {
		t.Errorf("the file after the changes:\n%s\nwant:\n%s", text, want)
	}
	if p := settings.Load(path); len(p.Problems) > 0 || p.Theme.Name != "dark" || p.Depth != 2 || p.Speed != 100*time.Millisecond ||
		!p.Coach || p.Eval != "snake" || p.Weights != "/nets/b.weights" || p.Animate {
		t.Errorf("read back: %+v", p)
	}
	if !strings.Contains(plain(m), "Written to 2048/config.toml") {
		t.Errorf("the screen does not say the change was written:\n%s", m.render())
	}
}

// changeEverything changes every option of the settings screen of m: the
// next theme, the coach on, the next evaluator, the weights file
// /nets/b.weights, the animation off, autoplay a step faster, the depth 2;
// each change is written before the next.
func changeEverything(t *testing.T, m *Model) {
	t.Helper()
	settle(m, press(m, "right"), 5)
	choose(t, m, "Coach")
	settle(m, press(m, "enter"), 5)
	choose(t, m, "Evaluator")
	settle(m, press(m, "right"), 5)
	choose(t, m, "Weights")
	settle(m, press(m, "enter"), 5)
	for _, r := range "/nets/b.weights" {
		press(m, string(r))
	}
	settle(m, press(m, "enter"), 5)
	choose(t, m, "Animation")
	settle(m, press(m, "left"), 5)
	choose(t, m, "Autoplay")
	settle(m, press(m, "right"), 5)
	choose(t, m, "Depth")
	settle(m, press(m, "right"), 5)
	settle(m, press(m, "right"), 5)
}

// TestSettingsApply: each change on the settings screen takes effect at
// once: the theme repaints, the coach, the animation, the pace of autoplay
// and the depth change, and a new evaluator brings a new searcher, the
// search under way cancelled and asked again of it.
func TestSettingsApply(t *testing.T) {
	m := settingsAt(t, prefsFile(t, ""), ColorTrue, 80, 24)
	before := m.look.pal
	press(m, "right")
	if m.look.theme.Name != "dark" || m.look.pal == before {
		t.Errorf("theme %s, palette changed %v; want dark, repainted", m.look.theme.Name, m.look.pal != before)
	}
	choose(t, m, "Coach")
	if press(m, "right"); m.coach.rater == nil {
		t.Error("the coach is still off")
	}
	choose(t, m, "Animation")
	if press(m, "right"); m.motion.animate {
		t.Error("the animation is still on")
	}
	choose(t, m, "Autoplay")
	if press(m, "left"); m.ai.delay != 333*time.Millisecond {
		t.Errorf("autoplay a step slower: %v; want 333ms", m.ai.delay)
	}
	choose(t, m, "Depth")
	if press(m, "right"); m.ai.depth != 1 {
		t.Errorf("depth %d; want 1, the step after auto", m.ai.depth)
	}
	for range ai.MaxDepth + 2 {
		press(m, "right")
	}
	if m.ai.depth != ai.MaxDepth {
		t.Errorf("depth %d; want the deepest, %d", m.ai.depth, ai.MaxDepth)
	}

	press(m, "esc")
	search := press(m, "h") // a search under way, its answer not yet come
	waiting, old := m.ai.waiting, m.ai.searcher
	press(m, "o")
	choose(t, m, "Evaluator")
	settle(m, press(m, "right"), 1)
	if m.ai.evalName != "snake" || m.ai.searcher == old {
		t.Fatalf("evaluator %s, same searcher %v; want snake, a new searcher", m.ai.evalName, m.ai.searcher == old)
	}
	if m.ai.thinking != forHint || m.ai.waiting == waiting {
		t.Errorf("the hint's search was not asked again: thinking %v, search %d (was %d)", m.ai.thinking, m.ai.waiting, waiting)
	}
	for _, s := range searchOf(search) {
		m.Update(s)
	}
	if m.ai.hint != nil {
		t.Error("the answer of the old evaluator's search was taken")
	}
}

// TestSettingsNetworkRefused: the learned network with no weights file is
// refused, the screen says why, and the AI keeps its evaluator.
func TestSettingsNetworkRefused(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none.weights")
	path := prefsFile(t, fmt.Sprintf("weights = %q\n", missing))
	m := settingsAt(t, path, ColorTrue, 80, 24)
	choose(t, m, "Evaluator")
	old := m.ai.searcher
	settle(m, press(m, "left"), 1) // the evaluators wrap round: before the first is the network
	if m.ai.evalName != "nneonneo" || m.ai.searcher != old || m.ai.opening != "" {
		t.Errorf("evaluator %s, new searcher %v, opening %q; want nneonneo as it was", m.ai.evalName, m.ai.searcher != old, m.ai.opening)
	}
	for _, want := range []string{"ntuple not opened, the AI keeps nneonneo", "no trained network", "2048 train -time 1h"} {
		if !strings.Contains(plain(m), want) {
			t.Errorf("the screen does not say %q:\n%s", want, m.render())
		}
	}
	if text, _ := os.ReadFile(path); strings.Contains(string(text), "eval") {
		t.Errorf("the refused evaluator was written:\n%s", text)
	}
}

// TestConfigBadge: a file with problems has a badge under the board, in a
// large terminal and in a small pane, and its problems whole in the help,
// until the player fixes the file while the game runs: the game's next
// look at the file reads it again, and the badge goes.
func TestConfigBadge(t *testing.T) {
	path := prefsFile(t, "depth = 20\ncolour = \"red\"\n")
	m := newTestModel(t, Config{Prefs: settings.Load(path)})
	press(m, "left")
	press(m, "esc") // the warnings go; the badge stays
	for _, size := range [][2]int{{80, 24}, {30, 12}, {25, 12}} {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		if !strings.Contains(plain(m), "config: 2 problems") {
			t.Errorf("%v: no badge:\n%s", size, m.render())
		}
		checkFits(t, m)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	text, _ := (&helpPage{}).helpText(m, helpWidth)
	for _, want := range []string{"2048/config.toml: 2 problems", "line 1: depth = 20", `line 2: no setting is named "colour"`} {
		if !strings.Contains(strings.Join(strings.Fields(ansi.Strip(text)), " "), want) {
			t.Errorf("the help does not say %q:\n%s", want, text)
		}
	}
	rewrite(t, path, "depth = 3\n")
	press(m, "left")
	if !strings.Contains(plain(m), "config: 2 problems") {
		t.Errorf("a key read the file again: the game looks at it by itself:\n%s", m.render())
	}
	looked(m)
	if strings.Contains(plain(m), "config:") || len(m.prefs.Problems) > 0 {
		t.Errorf("the badge stays after the file was fixed:\n%s", m.render())
	}
	if m.ai.depth != 3 {
		t.Errorf("depth %d; want the fixed file's 3", m.ai.depth)
	}
}

// TestConfigBroken: a file that cannot be parsed keeps its badge until it
// is fixed; a change on the settings screen is not written to it, and the
// screen says why; once fixed, its settings take effect.
func TestConfigBroken(t *testing.T) {
	broken := "# mine\ntheme = \"dark\n"
	path := prefsFile(t, broken)
	m := settingsAt(t, path, ColorTrue, 80, 24)
	press(m, "right")
	if text, _ := os.ReadFile(path); string(text) != broken {
		t.Errorf("a file that cannot be parsed was written:\n%s", text)
	}
	for _, want := range []string{"Changed for this game, not written", "cannot be read"} {
		if !strings.Contains(plain(m), want) {
			t.Errorf("the settings do not say %q:\n%s", want, m.render())
		}
	}
	press(m, "esc")
	for range 3 {
		if press(m, "left"); !strings.Contains(plain(m), "config: 1 problem") {
			t.Fatalf("the badge went before the file was fixed:\n%s", m.render())
		}
	}
	rewrite(t, path, "# mine\ntheme = \"contrast\"\n")
	looked(m)
	if strings.Contains(plain(m), "config:") || m.look.theme.Name != "contrast" {
		t.Errorf("after the fix: theme %s; screen:\n%s", m.look.theme.Name, m.render())
	}
	settle(m, press(m, "t"), 5)
	if text, _ := os.ReadFile(path); !strings.HasPrefix(string(text), "# mine\ntheme = ") || strings.Contains(string(text), "contrast") {
		t.Errorf("the fixed file was not written:\n%s", text)
	}
}

// TestConfigEvaluatorProblem: the problem the command adds about the file's
// evaluator stays while the file names it, and goes when the player names
// another in the file, which the game then opens.
func TestConfigEvaluatorProblem(t *testing.T) {
	path := prefsFile(t, "eval = \"ntuple\"\nweights = \"/none/a.weights\"\n")
	p := settings.Load(path)
	p.Problems = append(p.Problems, "config.toml: eval = \"ntuple\": no trained network; the AI uses nneonneo")
	m := newTestModel(t, Config{Prefs: p})
	if !strings.Contains(plain(m), "config: 1 problem") {
		t.Fatalf("no badge:\n%s", m.render())
	}
	rewrite(t, path, "eval = \"ntuple\"\nweights = \"/none/a.weights\"\n# a comment\n")
	looked(m)
	if !strings.Contains(plain(m), "config: 1 problem") {
		t.Errorf("the evaluator's problem went, and the file still names it:\n%s", m.render())
	}
	rewrite(t, path, "eval = \"matrix\"\n")
	settle(m, looked(m), 1)
	if strings.Contains(plain(m), "config:") || m.ai.evalName != "matrix" {
		t.Errorf("evaluator %s; want matrix, no badge:\n%s", m.ai.evalName, m.render())
	}
}

// TestSettingsKey: the settings' key is bound in the file like the others.
func TestSettingsKey(t *testing.T) {
	m := newTestModel(t, Config{Prefs: settings.Load(prefsFile(t, "[keys]\nsettings = \",\"\n"))})
	if press(m, "o"); m.screens.settings() != nil {
		t.Error("o opened the settings, bound elsewhere")
	}
	if press(m, ","); m.screens.settings() == nil {
		t.Fatal(", did not open the settings")
	}
	if press(m, ","); m.screens.settings() != nil {
		t.Error(", did not close the settings")
	}
}

// TestCoachExplained: the coach's marks are explained beside its setting
// and in the help.
func TestCoachExplained(t *testing.T) {
	m := settingsAt(t, prefsFile(t, ""), ColorNone, 80, 24)
	if !strings.Contains(plain(m), "✓ good · ?! inaccuracy · ? mistake · ?? blunder · □ only move") {
		t.Errorf("no legend of the marks:\n%s", m.render())
	}
	text, _ := (&helpPage{}).helpText(m, helpWidth)
	text = strings.Join(strings.Fields(ansi.Strip(text)), " ")
	for _, want := range []string{"The coach", "?! inaccuracy: loses 0.1% to 1%", "?? blunder: loses 5% or more", "□ the only move"} {
		if !strings.Contains(text, want) {
			t.Errorf("the help does not say %q:\n%s", want, text)
		}
	}
}

// TestConfigBadgeView compares the game with the badge of a file's
// problems, in a terminal and in the smallest pane, with
// testdata/TestConfigBadgeView/*.golden.
func TestConfigBadgeView(t *testing.T) {
	path := prefsFile(t, "depth = 20\ncolour = \"red\"\n")
	for _, size := range [][2]int{{80, 24}, {30, 12}, {25, 12}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := newTestModel(t, Config{Prefs: settings.Load(path), Color: ColorTrue})
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			m.warnings = nil
			golden.RequireEqual(t, m.View().Content)
		})
	}
}

// TestLineEditDropsUnprintable checks that a line being typed keeps
// printable characters only: no escape, control or format character
// reaches the screen.
func TestLineEditDropsUnprintable(t *testing.T) {
	var e lineEdit
	for _, s := range []string{"a", "\x1b", "[31m", "\r", "\x7f", "\u202e", "é", "\u200b", " ", "z"} {
		e.key(tea.KeyPressMsg{Code: []rune(s)[0], Text: s})
	}
	if got, want := string(e.text), "a[31mé z"; got != want {
		t.Errorf("typed %q; want %q", got, want)
	}
}

// TestPrefsWatched: the game looks at its preferences file every
// prefsLook, off its own goroutine, and reads it only when it changed (see
// settings.LoadIfChanged); a key reads nothing.
func TestPrefsWatched(t *testing.T) {
	path := prefsFile(t, "depth = 3\n")
	m := newTestModel(t, Config{Prefs: settings.Load(path)})
	rewrite(t, path, "depth = 5\n")
	if newTestModel(t, Config{}).watchPrefs() != nil {
		t.Error("a watch of preferences kept nowhere")
	}
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		msg, ok := m.watchPrefs()().(prefsLookMsg)
		if !ok || msg.read == nil || msg.read.Depth != 5 || time.Since(start) != prefsLook {
			t.Errorf("the watch: %+v after %v; want the file read again after %v", msg, time.Since(start), prefsLook)
		}
	})
	_, cmd := m.Update(prefsLookMsg{})
	if cmd == nil {
		t.Error("a look that found nothing asked for no next one")
	}
}

// TestPrefWritesInOrder: two quick changes are written one after the
// other, the last one last; the settings screen says so once the write is
// done, and not before.
func TestPrefWritesInOrder(t *testing.T) {
	path := prefsFile(t, "# mine\n")
	m := settingsAt(t, path, ColorTrue, 80, 24)
	first := press(m, "right")
	if first == nil {
		t.Fatal("a change on the settings screen asked for no write")
	}
	if text, _ := os.ReadFile(path); string(text) != "# mine\n" {
		t.Errorf("Update wrote the file:\n%s", text)
	}
	if strings.Contains(plain(m), "Written to") {
		t.Error("the screen says written before the write is done")
	}
	if second := press(m, "right"); second != nil {
		t.Error("a second write started while the first was under way")
	}
	settle(m, first, 5) // the first write, then the second, which waited
	if back := settings.Load(path); back.Theme.Name != m.look.theme.Name {
		t.Errorf("the file says theme %s; the game has %s", back.Theme.Name, m.look.theme.Name)
	}
	if !strings.Contains(plain(m), "Written to 2048/config.toml") || !m.writes.Idle() {
		t.Errorf("after the writes: idle %v, screen:\n%s", m.writes.Idle(), m.render())
	}
}

// TestPrefLookCrossesWrite: a look at the file that crossed the game's own
// write does not put back what the file said before it.
func TestPrefLookCrossesWrite(t *testing.T) {
	path := prefsFile(t, "theme = \"classic\"\n")
	m := newTestModel(t, Config{Prefs: settings.Load(path), Color: ColorTrue})
	before := prefsLookMsg{settings.Load(path), m.writes.Seq()} // read before the write
	write := press(m, "t")
	theme, prefs := m.look.theme.Name, m.prefs
	if m.onPrefsLook(before); m.prefs != prefs { // the write under way
		t.Error("a look that crossed a write under way replaced the preferences")
	}
	settle(m, write, 5)
	m.onPrefsLook(before) // the write done
	if m.look.theme.Name != theme || theme == "classic" {
		t.Errorf("theme %s after a look that read the file before the write; want %s", m.look.theme.Name, theme)
	}
	settle(m, looked(m), 5) // the game's own write, read again: nothing changes
	if m.look.theme.Name != theme || m.prefs.Theme.Name != theme {
		t.Errorf("theme %s, preferences %s after reading the game's write; want %s", m.look.theme.Name, m.prefs.Theme.Name, theme)
	}
}

// TestPrefWritesFlushed: the writes not done when the program ends, the
// one whose command never ran and the one waiting, are done by Flush, as
// run does after the program.
func TestPrefWritesFlushed(t *testing.T) {
	path := prefsFile(t, "")
	m := newTestModel(t, Config{Prefs: settings.Load(path), Color: ColorTrue})
	press(m, "t")
	press(m, "]")
	press(m, "t")
	if err := m.writes.Flush(); err != nil {
		t.Fatal(err)
	}
	if back := settings.Load(path); back.Theme.Name != m.look.theme.Name || back.Speed != m.ai.delay {
		t.Errorf("the file says %s, %v; the game has %s, %v", back.Theme.Name, back.Speed, m.look.theme.Name, m.ai.delay)
	}
}

// serverPrefs are preferences kept as a server keeps its player's: in
// memory here, with no file to edit or watch.
type serverPrefs struct{ text []byte }

func (s *serverPrefs) Read() ([]byte, error) {
	if s.text == nil {
		return nil, fs.ErrNotExist
	}
	return s.text, nil
}
func (s *serverPrefs) Write(text []byte) error { s.text = text; return nil }
func (s *serverPrefs) Name() string            { return "your settings on this server" }

// TestPrefsKeptByServer: preferences kept by a server are never watched;
// a change on the settings screen is kept there, and the screen, the help
// and the problems name them as the player knows them, not as a file to
// edit.
func TestPrefsKeptByServer(t *testing.T) {
	kept := &serverPrefs{text: []byte("# mine\ncolour = \"red\"\n")}
	p := settings.LoadFrom(kept)
	m := newTestModel(t, Config{Prefs: p, Theme: p.Theme, Color: ColorTrue})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if m.watchPrefs() != nil {
		t.Error("a watch of preferences kept by a server")
	}
	press(m, "o")
	settle(m, press(m, "right"), 5)
	if !strings.Contains(plain(m), "Kept in your settings on this server.") {
		t.Errorf("the settings do not say where the change is kept:\n%s", m.render())
	}
	if !strings.HasPrefix(string(kept.text), "# mine\ncolour = \"red\"\ntheme = ") {
		t.Errorf("the text kept after the change: %q", kept.text)
	}
	text, _ := (&helpPage{}).helpText(m, 200)
	text = ansi.Strip(text)
	for _, want := range []string{"Your settings on this server: 1 problem", "Your settings on this server, line 2:",
		"is kept in your settings on this server, for your next sessions too"} {
		if !strings.Contains(text, want) {
			t.Errorf("the help does not say %q:\n%s", want, text)
		}
	}
	for _, wrong := range []string{"config.toml", "reads the file again", "by hand"} {
		if strings.Contains(text, wrong) {
			t.Errorf("the help of preferences kept by a server says %q:\n%s", wrong, text)
		}
	}
}
