package theme_test

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/term2048/2048/theme"
)

// This example draws the tiles 2 and 2048 of the classic theme as the game
// does: with styles made from the Palette for the terminal's colour
// profile, written through a writer that downsamples to it, as Bubble Tea's
// does. The escape sequences are quoted here; to see the colours, print
// the tiles to a terminal instead. Without colour, the tiles are numbers
// alone, which the game draws with borders.
func ExampleTheme_Palette() {
	classic, err := theme.ByName("classic")
	if err != nil {
		panic(err)
	}
	for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI, colorprofile.ASCII} {
		pal := classic.Palette(p, true)
		var out strings.Builder
		w := &colorprofile.Writer{Forward: &out, Profile: p}
		for _, rank := range []int{1, 11} {
			c := pal.Tile[rank]
			tile := lipgloss.NewStyle().Foreground(c.FG).Background(c.BG).Bold(c.Bold)
			fmt.Fprint(w, tile.Render(fmt.Sprintf(" %d ", 1<<rank)))
		}
		fmt.Printf("%v: %q\n", p, out.String())
	}
	// Output:
	// TrueColor: "\x1b[1;38;2;119;110;101;48;2;238;228;218m 2 \x1b[m\x1b[1;38;2;60;58;50;48;2;242;178;0m 2048 \x1b[m"
	// ANSI256: "\x1b[1;38;5;243;48;5;255m 2 \x1b[m\x1b[1;38;5;237;48;5;214m 2048 \x1b[m"
	// ANSI: "\x1b[30;107m 2 \x1b[m\x1b[1;93;101m 2048 \x1b[m"
	// Ascii: " 2  2048 "
}
