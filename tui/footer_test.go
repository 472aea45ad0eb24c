package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// footer returns the last line of m's screen that is not blank: the keys.
func footer(m *Model) string {
	lines := strings.Split(ansi.Strip(m.render()), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if s := strings.TrimSpace(lines[i]); s != "" {
			return s
		}
	}
	return ""
}

// The headline keys of the footer, and the others.
var (
	headlineKeys = []string{"h hint", "a auto", "n new", "r review", "s stats", "? more", "q quit"}
	otherKeys    = []string{"esc dismiss", "←↑↓→ move", "space play", "u undo"}
)

// TestFooterHeadlineFirst: at every width, the headline keys come before
// the others, and the footer fits. Before, ←↑↓→ move and space play came
// first, and a pane of 40 columns never showed n, r or s.
func TestFooterHeadlineFirst(t *testing.T) {
	m := midGame(t, Config{})
	m.warn("something")
	for w := 25; w <= 120; w++ {
		m.Update(tea.WindowSizeMsg{Width: w, Height: 30})
		f := footer(m)
		last := -1
		for _, k := range headlineKeys {
			if i := strings.Index(f, k); i >= 0 {
				last = max(last, i)
			}
		}
		for _, k := range otherKeys {
			if i := strings.Index(f, k); i >= 0 && i < last {
				t.Errorf("%d columns: %q comes before a headline key in %q", w, k, f)
			}
		}
		if !strings.HasPrefix(f, "h hint") {
			t.Errorf("%d columns: the footer %q does not begin with h hint", w, f)
		}
		checkFits(t, m)
	}
}

// TestFooterActs: the footer shows the keys that act on the game as it
// is, and only those. Before, it offered h hint on a game over.
func TestFooterActs(t *testing.T) {
	for _, tc := range []struct {
		name      string
		set       func(m *Model)
		has, hasn []string
	}{
		{"fresh", func(m *Model) {}, []string{"h hint", "a auto", "n new", "s stats", "? more", "q quit", "move", "space play"},
			[]string{"r review", "u undo", "esc"}},
		{"a move", func(m *Model) { press(m, "left") }, []string{"h hint", "r review", "u undo"}, nil},
		{"a hint", func(m *Model) { m.ai.depth = 2; withHint(t, m, 2) }, []string{"space play", "a auto"}, []string{"h hint"}},
		{"over", func(m *Model) {
			*m = *modelAt(t, Config{}, "0 32 64 32 / 8 16 8 64 / 32 4 16 2 / 8 32 64 4", 5)
			press(m, "left")
		}, []string{"n new", "r review", "s stats", "? more", "q quit", "u undo"}, []string{"h hint", "a auto", "move", "space play"}},
		{"a question", func(m *Model) { press(m, "left"); press(m, "n") }, []string{"y yes", "any other key no"}, []string{"h hint", "q quit"}},
		{"a warning", func(m *Model) { m.warn("something") }, []string{"esc dismiss"}, nil},
	} {
		m := newTestModel(t, Config{})
		m.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
		tc.set(m)
		m.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
		f := footer(m)
		for _, k := range tc.has {
			if !strings.Contains(f, k) {
				t.Errorf("%s: no %q in the footer %q", tc.name, k, f)
			}
		}
		for _, k := range tc.hasn {
			if strings.Contains(f, k) {
				t.Errorf("%s: %q in the footer %q, where it does nothing", tc.name, k, f)
			}
		}
	}
}
