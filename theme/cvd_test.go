package theme_test

import (
	"math"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/term2048/2048/theme"
)

// The contrast theme promises more than the others, and must keep it for
// players who lack one kind of cone and on a greyscale screen.
const (
	// minDeficientDelta is the CIE76 ΔE that neighbouring tile backgrounds
	// keep as seen with each simulated dichromacy: twice minTileDelta, since
	// what the others get for ordinary vision is the least this theme owes.
	minDeficientDelta = 2 * minTileDelta
	// minLightnessStep is the difference in CIE L* between neighbouring tile
	// backgrounds, what is left without any hue; 20 is about the step from a
	// mid grey to one with half again its luminance, plain at a glance.
	minLightnessStep = 20
)

func TestContrastThemeForDeficientVision(t *testing.T) {
	th, err := theme.ByName("contrast")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256} {
		pal := th.Palette(p, true)
		for _, d := range deficiencies {
			for r := range len(pal.Tile) - 1 {
				a, b := rgbOf(pal.Tile[r].BG, xtermColors), rgbOf(pal.Tile[r+1].BG, xtermColors)
				if got := deltaE(labOf(d.simulate(a)), labOf(d.simulate(b))); got < minDeficientDelta {
					t.Errorf("%s: ΔE(Tile[%d].BG %s, Tile[%d].BG %s) with %s = %.1f; want ≥ %v",
						where(th, p, true), r, colorName(pal.Tile[r].BG), r+1, colorName(pal.Tile[r+1].BG), d.name, got, minDeficientDelta)
				}
			}
			for r, c := range pal.Tile {
				fg, bg := d.simulate(rgbOf(c.FG, xtermColors)), d.simulate(rgbOf(c.BG, xtermColors))
				if got := ratio(luminanceOf(fg), luminanceOf(bg)); got < minNumberContrast {
					t.Errorf("%s: contrast(Tile[%d] %s on %s) with %s = %.2f; want ≥ %v",
						where(th, p, true), r, colorName(c.FG), colorName(c.BG), d.name, got, minNumberContrast)
				}
			}
		}
		for r := range len(pal.Tile) - 1 {
			a, b := rgbOf(pal.Tile[r].BG, xtermColors), rgbOf(pal.Tile[r+1].BG, xtermColors)
			if got := math.Abs(labOf(linear(a)).l - labOf(linear(b)).l); got < minLightnessStep {
				t.Errorf("%s: |ΔL*(Tile[%d].BG %s, Tile[%d].BG %s)| = %.1f; want ≥ %v",
					where(th, p, true), r, colorName(pal.Tile[r].BG), r+1, colorName(pal.Tile[r+1].BG), got, minLightnessStep)
			}
		}
	}
}
