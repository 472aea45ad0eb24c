package textblock

import (
	"math/rand/v2"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
)

// randomBlock returns a block of up to 6 lines of letters, each as wide as
// the widest, as Measured makes them.
func randomBlock(r *rand.Rand) Block {
	lines := make([]string, 1+r.IntN(6))
	for i := range lines {
		lines[i] = strings.Repeat(string(rune('a'+r.IntN(26))), r.IntN(12))
	}
	return Measured(lines...)
}

// TestAsLipgloss checks Beside, Stack and Place against lipgloss's Join
// and Place, which the blocks stand in for: the same screen, space for
// space, on random blocks.
func TestAsLipgloss(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		a, b := randomBlock(r), randomBlock(r)
		text := func(b Block) string { return strings.Join(b.Lines, "\n") }
		if got, want := text(Beside(a, 0, b, 0)), lipgloss.JoinHorizontal(lipgloss.Top, text(a), text(b)); got != want {
			t.Fatalf("Beside(%q, %q) = %q; lipgloss joins %q", a.Lines, b.Lines, got, want)
		}
		if got, want := text(Stack(a, b)), lipgloss.JoinVertical(lipgloss.Left, text(a), text(b)); got != want {
			t.Fatalf("Stack(%q, %q) = %q; lipgloss joins %q", a.Lines, b.Lines, got, want)
		}
		w, h := a.Width+r.IntN(10), len(a.Lines)+r.IntN(6)
		if got, want := a.Place(w, h), lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, text(a)); got != want {
			t.Fatalf("%q.Place(%d, %d) = %q; lipgloss places %q", a.Lines, w, h, got, want)
		}
	}
}

// TestBesideMovedDown checks that Beside moves b down by top lines, with
// blank lines of its width above it.
func TestBesideMovedDown(t *testing.T) {
	got := Beside(Measured("ab", "cd", "ef"), 1, Measured("x"), 2)
	want := []string{"ab  ", "cd  ", "ef x"}
	if strings.Join(got.Lines, "|") != strings.Join(want, "|") || got.Width != 4 {
		t.Errorf("Beside moved down = %q, width %d; want %q, 4", got.Lines, got.Width, want)
	}
}
