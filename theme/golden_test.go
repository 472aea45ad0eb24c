package theme_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/theme"
)

// TestPalettes compares every colour of every theme at every profile with
// testdata/TestPalettes.golden, so that any change to a palette shows in
// review as a change to that file. go test ./theme -update rewrites it.
func TestPalettes(t *testing.T) {
	golden.RequireEqual(t, goldenText())
}

// goldenText lists every theme × profile × rank with its colours.
func goldenText() []byte {
	var b bytes.Buffer
	fmt.Fprintln(&b, "# The colours of every theme at every profile, written by go test ./theme -update.")
	fmt.Fprintln(&b, "# Tiles by value: number colour on background colour. 256-colour indices show")
	fmt.Fprintln(&b, "# their xterm value; ANSI colours are the user's, so only their names are known.")
	for _, th := range theme.All() {
		for _, p := range colorProfiles {
			fmt.Fprintf(&b, "\n%s at %v\n", th.Name, p)
			dark, light := th.Palette(p, true), th.Palette(p, false)
			if dark.Colorless {
				fmt.Fprintln(&b, "  colorless")
				continue
			}
			for r, c := range dark.Tile {
				value := "empty"
				if r > 0 {
					value = fmt.Sprint(1 << r)
				}
				bold := ""
				if c.Bold {
					bold = "  bold"
				}
				fmt.Fprintf(&b, "  %6s  %s on %s%s\n", value, colorName(c.FG), colorName(c.BG), bold)
			}
			fmt.Fprintf(&b, "  board %s, highlight %s\n", colorName(dark.Board), colorName(dark.Highlight))
			for _, s := range []struct {
				bg  string
				pal theme.Palette
			}{{"dark", dark}, {"light", light}} {
				fmt.Fprintf(&b, "  on %s: text %s, muted %s, accent %s, good %s, bad %s, bar %s\n", s.bg,
					colorName(s.pal.Text), colorName(s.pal.Muted), colorName(s.pal.Accent),
					colorName(s.pal.Good), colorName(s.pal.Bad), colorName(s.pal.Bar))
			}
		}
	}
	return b.Bytes()
}
