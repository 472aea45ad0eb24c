package tui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/theme"
)

// TestDrawingsBoard draws boards through a Model's drawings, in each theme
// and colour profile and at each size of board, again and again as the
// screen does, and checks that each is drawn as renderBoard draws it.
func TestDrawingsBoard(t *testing.T) {
	sizes := []boardSize{tinyBoard, smallBoard, largeBoard, grownBoard(minGrowth), grownBoard(7)}
	rnd := rand.New(rand.NewPCG(1, 2))
	var d drawings
	for _, th := range theme.All() {
		for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI, colorprofile.Ascii} {
			pal := th.Palette(p, true)
			for _, size := range sizes {
				boards := []engine.Board{0, engine.Board(rnd.Uint64()), engine.Board(rnd.Uint64())}
				for i := range 12 {
					b := boards[i%len(boards)]
					f := flash{spawned: uint16(rnd.Uint32()), merged: uint16(rnd.Uint32()) & uint16(i%2*0xffff)}
					if got, want := d.boardOf(b, pal, size, f), renderBoard(b, pal, size, f); got != want {
						t.Fatalf("%s, %v, board %x at %+v, flash %+v: drawn\n%q\nwant\n%q", th.Name, p, uint64(b), size, f, got, want)
					}
				}
			}
		}
	}
}

// TestInk checks that an ink draws as its style does, tabs and lines
// included.
func TestInk(t *testing.T) {
	pal := theme.Default().Palette(colorprofile.TrueColor, true)
	styles := []lipgloss.Style{
		lipgloss.NewStyle(),
		lipgloss.NewStyle().Foreground(pal.Muted),
		lipgloss.NewStyle().Bold(true).Foreground(pal.Accent),
		lipgloss.NewStyle().Bold(true).Inline(true).Foreground(pal.Text).Background(pal.Board),
	}
	for i, st := range styles {
		for _, s := range []string{"", "x", "SCORE", "→ right  ␣ plays it", "a\tb", "two\nlines", "\x1b[1mbold\x1b[m after", "  spaces  "} {
			if got, want := inkOf(st).Render(s), st.Render(s); got != want {
				t.Errorf("style %d, %q: ink draws %q, want %q", i, s, got, want)
			}
		}
	}
}

// TestPadBlock checks that padBlock pads as lipgloss does, and leaves to
// it the lines that do not fit.
func TestPadBlock(t *testing.T) {
	bold := lipgloss.NewStyle().Bold(true)
	for _, lines := range [][]string{
		{""},
		{"", "", ""},
		{"SCORE" + bold.Render("1,024"), "", "  ↑ up   ━━━━╸ best"},
		{"exactly twenty cols!", "x"},
		{"this line is far wider than twenty columns", "x"},
		{"a\tb", "c"},
	} {
		if got, want := padBlock(lines, 20), lipgloss.NewStyle().Width(20).Render(strings.Join(lines, "\n")); got != want {
			t.Errorf("%q: padded\n%q\nwant\n%q", lines, got, want)
		}
	}
}

// TestHelpLineKept checks that the help lines kept follow the keys: one
// turned off, or with another help, draws another line.
func TestHelpLineKept(t *testing.T) {
	m := newTestModel(t, Config{Color: ColorTrue})
	keys := func(on bool, desc string) []key.Binding {
		k := []key.Binding{
			key.NewBinding(key.WithKeys("h"), key.WithHelp("h", desc)),
			key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "autoplay")),
			key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "undo")),
		}
		k[2].SetEnabled(on)
		return k
	}
	for i := range 3 {
		for _, width := range []int{12, 40, 80} {
			for _, on := range []bool{true, false} {
				k := keys(on, fmt.Sprint("hint ", i))
				if got, want := m.look.helpLine(width, k), m.look.drawHelpLine(width, k); got != want {
					t.Errorf("width %d, undo on %v: %q, want %q", width, on, got, want)
				}
			}
		}
	}
}
