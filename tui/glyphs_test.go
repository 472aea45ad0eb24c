package tui

import (
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
)

func TestASCIILocale(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{}, false},
		{map[string]string{"LANG": "C"}, true},
		{map[string]string{"LANG": "POSIX"}, true},
		{map[string]string{"LANG": "en_US.UTF-8"}, false},
		{map[string]string{"LANG": "C.utf8"}, false},
		{map[string]string{"LANG": "de_DE.UTF-8@euro"}, false},
		{map[string]string{"LANG": "en_US.ISO-8859-1"}, true},
		{map[string]string{"LANG": "en_US"}, true},
		{map[string]string{"LANG": "en_US.UTF-8", "LC_ALL": "C"}, true},
		{map[string]string{"LANG": "C", "LC_CTYPE": "en_US.UTF-8"}, false},
	} {
		if got := ASCIILocale(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("ASCIILocale(%v) = %v; want %v", tc.env, got, tc.want)
		}
	}
}

// TestASCIIScreens renders every screen of the game for a terminal without
// UTF-8: not one character beyond ASCII may reach it.
func TestASCIIScreens(t *testing.T) {
	screens := map[string]func(m *Model){
		"fresh": func(m *Model) {},
		"marks": func(m *Model) { press(m, "left") },
		"hint":  func(m *Model) { withHint(t, m, 3) },
		"thinking": func(m *Model) {
			press(m, "h")
		},
		"autoplay": func(m *Model) {
			withHint(t, m, 3)
			m.ai.played, m.ai.hint, m.ai.autoplay, m.ai.thinking = m.ai.hint, nil, true, forAuto
		},
		"help":      func(m *Model) { press(m, "?") },
		"confirm":   func(m *Model) { press(m, "n") },
		"warning":   func(m *Model) { m.warn(strings.Repeat("a long warning that wraps and is cut ", 20)) },
		"small":     func(m *Model) { m.Update(tea.WindowSizeMsg{Width: 72, Height: 15}) },
		"too small": func(m *Model) { m.Update(tea.WindowSizeMsg{Width: 30, Height: 10}) },
		"pane": func(m *Model) {
			m.Update(tea.WindowSizeMsg{Width: 30, Height: 12})
			withHint(t, m, 3)
		},
		"depth": func(m *Model) { press(m, "+") },
		"speed": func(m *Model) { press(m, "]") },
		"stats": func(m *Model) {
			withGames(m, pastGames(t, 30))
			press(m, "s")
		},
		"game": func(m *Model) {
			withGames(m, pastGames(t, 30))
			press(m, "s")
			press(m, "enter")
		},
		"banner": func(m *Model) { m.play.showBanner("Your first 8192!", "No game of yours made one before.") },
		"replay": func(m *Model) { press(m, "r") },
		"coach":  func(m *Model) { m.coach.mark = &coachMark{m.cur.Game.MoveCount(), review.Good} },
		"settings": func(m *Model) {
			press(m, "o")
			press(m, "down")
		},
		"settings pane": func(m *Model) {
			m.Update(tea.WindowSizeMsg{Width: 30, Height: 12})
			press(m, "o")
		},
		"badge": func(m *Model) { m.prefs.Problems = []string{"config.toml line 1: a problem"} },
	}
	for name, set := range screens {
		for _, c := range []ColorMode{ColorNone, Color256} {
			m := midGame(t, Config{ASCII: true, Color: c})
			set(m)
			m.ai.last = &ai.Result{Elapsed: 5000, Counts: ai.Counts{MovesTried: 40}}
			for i, line := range strings.Split(m.View().Content, "\n") {
				for _, r := range line {
					if r >= utf8.RuneSelf {
						t.Errorf("%s, %v: line %d has %q: %s", name, c, i, r, line)
						break
					}
				}
			}
		}
	}
	for _, over := range []string{"1024 1024 8 4 / 4 8 16 2 / 2 4 8 16 / 0 2 4 8", "0 32 64 32 / 8 16 8 64 / 32 4 16 2 / 8 32 64 4"} {
		m := modelAt(t, Config{ASCII: true}, over, 5)
		press(m, "left")
		if content := m.View().Content; strings.ContainsFunc(content, func(r rune) bool { return r >= utf8.RuneSelf }) {
			t.Errorf("the end of a game is not ASCII:\n%s", content)
		}
	}
}

// TestViewASCII compares a game in ASCII, the hint and the marks of the
// last move on it, with testdata/TestViewASCII.golden.
func TestViewASCII(t *testing.T) {
	m := midGame(t, Config{ASCII: true, Depth: 3})
	press(m, "left")
	withHint(t, m, 3)
	golden.RequireEqual(t, m.View().Content)
}
