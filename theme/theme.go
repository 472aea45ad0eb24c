// Package theme holds the colour palettes of the game. Each Theme is picked by
// hand at the three colour depths of terminals — 24-bit colour, the 256
// colours of xterm and the 16 ANSI colours — because converting one palette
// down automatically merges neighbouring tiles: in 16 colours every tile from
// 8 to 2048 of the original game becomes the same red.
//
// A Theme is resolved for one terminal by [Theme.Palette], which gives
// colours ready for lipgloss. Themes and palettes are values: switching theme
// is an assignment.
package theme

import (
	"fmt"
	"strings"
)

// A Theme is a named palette, hand-picked at each colour depth.
//
// Themes are values and compare with ==; the zero Theme has no name and no
// colour.
type Theme struct {
	Name        string // lower-case, one word: used by -theme NAME and shown on screen
	Description string // a short phrase for help text

	spec spec
}

// All returns every theme in the order the `t` key cycles through them:
// classic first. Each call returns a new slice.
func All() []Theme {
	return []Theme{classic(), dark(), contrast(), plain()}
}

// Names returns the names of All, in order.
func Names() []string {
	all := All()
	names := make([]string, len(all))
	for i, t := range all {
		names[i] = t.Name
	}
	return names
}

// ByName returns the theme called name, ignoring case, or an error listing
// the names of all themes.
func ByName(name string) (Theme, error) {
	for _, t := range All() {
		if strings.EqualFold(t.Name, name) {
			return t, nil
		}
	}
	return Theme{}, fmt.Errorf("unknown theme %q: the themes are %s", name, strings.Join(Names(), ", "))
}

// Default returns the classic theme.
func Default() Theme {
	return classic()
}
