package settings

import (
	"fmt"
	"strings"
	"testing"

	"github.com/term2048/2048/engine"
)

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

// TestReboundMoves: the [keys] table binds the moves, and Move finds them;
// the default arrows stay, ctrl+c still quits.
func TestReboundMoves(t *testing.T) {
	p := Load(prefsFile(t, "[keys]\nleft = [\"left\", \"h\"]\ndown = [\"down\", \"j\"]\nup = [\"up\", \"k\"]\nright = [\"right\", \"l\"]\nhint = \"i\"\n"))
	if len(p.Problems) > 0 {
		t.Fatal(p.Problems)
	}
	for d, want := range map[engine.Direction]string{engine.Left: "left h", engine.Down: "down j", engine.Up: "up k", engine.Right: "right l"} {
		if got := strings.Join(p.Keys.Move(d).Keys(), " "); got != want {
			t.Errorf("Move(%v).Keys() = %q; want %q", d, got, want)
		}
	}
	if got := strings.Join(p.Keys.Quit.Keys(), " "); got != "q ctrl+c" {
		t.Errorf("Quit.Keys() = %q; want q ctrl+c", got)
	}
	if got := FirstKey(p.Keys.Up); got != "↑" {
		t.Errorf("FirstKey(Up) = %q; want ↑", got)
	}
}

// ExampleKeyMap_ReplayHelp shows the keys of the replay's one-line help.
func ExampleKeyMap_ReplayHelp() {
	for _, b := range DefaultKeyMap().ReplayHelp() {
		fmt.Printf("%s: %s\n", b.Help().Key, b.Help().Desc)
	}
	// Output:
	// ← →: step
	// esc: back
	// ↓ ↑: slips
	// space: play
	// ?: more
	// home end: start/end
	// enter: play from here
	// [ ]: speed
}

// ExampleKeyMap_ShortHelpFor shows the one-line help of a game where only
// the moves, the help and quit act.
func ExampleKeyMap_ShortHelpFor() {
	acts := func(name string) bool { return name == "move" || name == "help" || name == "quit" }
	for _, b := range DefaultKeyMap().ShortHelpFor(acts) {
		fmt.Printf("%s: %s\n", b.Help().Key, b.Help().Desc)
	}
	// Output:
	// ?: more
	// q: quit
	// ←↑↓→: move
}

// TestPracticeKey: p is the practice's by default; a file that gives p to
// another action leaves the practice with no key, without a problem; one
// that gives the practice a key of the game's commands is refused.
func TestPracticeKey(t *testing.T) {
	if got := strings.Join(DefaultKeyMap().Practice.Keys(), " "); got != "p" {
		t.Errorf("the practice's default keys = %q; want p", got)
	}
	p := Load(prefsFile(t, "[keys]\nautoplay = \"p\"\n"))
	if len(p.Problems) > 0 || p.Keys.Practice.Enabled() || strings.Join(p.Keys.Autoplay.Keys(), " ") != "p" {
		t.Errorf("autoplay = p: problems %q, practice on %v, autoplay %q; want none, off, p", p.Problems, p.Keys.Practice.Enabled(), p.Keys.Autoplay.Keys())
	}
	p = Load(prefsFile(t, "[keys]\npractice = \"x\"\n"))
	if len(p.Problems) > 0 || strings.Join(p.Keys.Practice.Keys(), " ") != "x" {
		t.Errorf("practice = x: problems %q, keys %q", p.Problems, p.Keys.Practice.Keys())
	}
	p = Load(prefsFile(t, "[keys]\npractice = \"h\"\n"))
	if len(p.Problems) == 0 {
		t.Error("practice = h, the hint's key: no problem")
	}
}
