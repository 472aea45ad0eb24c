package theme_test

import (
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/term2048/2048/theme"
)

// TestNearRanksDifferInBackground checks that at the ANSI profile, where a
// tile's number colour is often all that tells it apart, no two tiles
// within two doublings of each other (the ranks r, r+1 and r+2, from the 2
// to the 32768) share a background: the tiles a player is about to merge,
// or has just made, are told apart at a glance, without reading them.
func TestNearRanksDifferInBackground(t *testing.T) {
	palettes(t, func(t *testing.T, th theme.Theme, p colorprofile.Profile, dark bool, pal theme.Palette) {
		if p != colorprofile.ANSI {
			return
		}
		for r := 1; r < len(pal.Tile); r++ {
			for d := 1; d <= 2 && r+d < len(pal.Tile); d++ {
				if a, b := pal.Tile[r].BG, pal.Tile[r+d].BG; a == b {
					t.Errorf("%s: Tile[%d] (%d) and Tile[%d] (%d) are both on %s; want tiles within two doublings on backgrounds of their own",
						where(th, p, dark), r, 1<<r, r+d, 1<<(r+d), colorName(a))
				}
			}
		}
	})
}
