package theme_test

import (
	"fmt"
	"image/color"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/theme"
)

// colorProfiles are the profiles at which a theme has colours.
var colorProfiles = []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI}

// Thresholds, and why.
const (
	// minNumberContrast is the WCAG 2 contrast ratio for large or bold text,
	// which the numbers on tiles are: bold, and the one thing a tile says.
	minNumberContrast = 3
	// minTextContrast is the WCAG 2 ratio for ordinary text, for Text.
	minTextContrast = 4.5
	// minMarkContrast is the WCAG 2 ratio for text in Muted, Accent, Good,
	// Bad and Bar, which are bold, large or not read letter by letter, and
	// (WCAG 1.4.11) for the Highlight drawn on the board.
	minMarkContrast = 3
	// minTileDelta is the CIE76 ΔE that neighbouring ranks must keep
	// between their backgrounds at TrueColor and ANSI256: plain at a glance.
	// The original game's 8, 16, 32, 64 differ by 14 to 18 and its 128..2048
	// by 5 to 7, which players find hard to tell apart.
	minTileDelta = 10
	// minGridDelta is the ΔE between an empty cell and the board, enough to
	// see the grid; it need not be a tile's worth.
	minGridDelta = 5
)

// palettes calls f for every theme with colour, every colour profile and
// both backgrounds.
func palettes(t *testing.T, f func(t *testing.T, th theme.Theme, p colorprofile.Profile, dark bool, pal theme.Palette)) {
	t.Helper()
	for _, th := range theme.All() {
		if th.Palette(colorprofile.TrueColor, true).Colorless { // plain
			continue
		}
		for _, p := range colorProfiles {
			for _, dark := range []bool{true, false} {
				f(t, th, p, dark, th.Palette(p, dark))
			}
		}
	}
}

// where names a palette in failure messages: classic.Palette(TrueColor, dark).
func where(th theme.Theme, p colorprofile.Profile, dark bool) string {
	bg := "light"
	if dark {
		bg = "dark"
	}
	return fmt.Sprintf("%s.Palette(%v, %s)", th.Name, p, bg)
}

func TestTilesHaveColors(t *testing.T) {
	palettes(t, func(t *testing.T, th theme.Theme, p colorprofile.Profile, dark bool, pal theme.Palette) {
		if pal.Colorless {
			t.Errorf("%s.Colorless = true; want false", where(th, p, dark))
		}
		for r, c := range pal.Tile {
			if c.FG == nil || c.BG == nil {
				t.Errorf("%s.Tile[%d] = %s on %s; want both colours set", where(th, p, dark), r, colorName(c.FG), colorName(c.BG))
			}
		}
		if pal.Board == nil || pal.Highlight == nil {
			t.Errorf("%s: Board = %s, Highlight = %s; want both set", where(th, p, dark), colorName(pal.Board), colorName(pal.Highlight))
		}
	})
}

// TestColorTypes checks that every colour already has the type its profile
// keeps, so that Bubble Tea's downsampling never replaces a hand-picked
// colour by a computed one: colorprofile converts only colours deeper than
// the profile.
func TestColorTypes(t *testing.T) {
	palettes(t, func(t *testing.T, th theme.Theme, p colorprofile.Profile, dark bool, pal theme.Palette) {
		for name, c := range colorsOf(pal) {
			if c == nil {
				continue
			}
			ok := false
			switch c := c.(type) {
			case ansi.BasicColor:
				ok = p == colorprofile.ANSI && c < 16
			case ansi.IndexedColor:
				// 0..15 would be the user's 16 colours again.
				ok = p == colorprofile.ANSI256 && c >= 16
			case color.RGBA:
				ok = p == colorprofile.TrueColor && c.A == 0xff
			}
			if !ok {
				t.Errorf("%s.%s = %#v (%T); want a colour native to %v", where(th, p, dark), name, c, c, p)
			}
			if got := p.Convert(c); got != c {
				t.Errorf("%v.Convert(%s.%s = %s) = %s; want it unchanged", p, where(th, p, dark), name, colorName(c), colorName(got))
			}
		}
		if p == colorprofile.ANSI && pal.Text != nil {
			t.Errorf("%s.Text = %s; want nil, the terminal's own text colour", where(th, p, dark), colorName(pal.Text))
		}
	})
}

// colorsOf returns every colour of pal by its field name.
func colorsOf(pal theme.Palette) map[string]color.Color {
	m := map[string]color.Color{
		"Board": pal.Board, "Text": pal.Text, "Muted": pal.Muted, "Accent": pal.Accent,
		"Good": pal.Good, "Bad": pal.Bad, "Bar": pal.Bar, "Highlight": pal.Highlight,
	}
	for r, c := range pal.Tile {
		m[fmt.Sprintf("Tile[%d].FG", r)] = c.FG
		m[fmt.Sprintf("Tile[%d].BG", r)] = c.BG
	}
	return m
}

// TestNeighboursDiffer checks that the ranks r and r+1, and the empty cell
// and the 2, look different: by a ΔE of minTileDelta between backgrounds
// where the values of the colours are known, by a different pair of colours
// at the ANSI profile, whose values the user picks.
func TestNeighboursDiffer(t *testing.T) {
	palettes(t, func(t *testing.T, th theme.Theme, p colorprofile.Profile, dark bool, pal theme.Palette) {
		for r := range len(pal.Tile) - 1 {
			a, b := pal.Tile[r], pal.Tile[r+1]
			if p == colorprofile.ANSI {
				if a.FG == b.FG && a.BG == b.BG {
					t.Errorf("%s.Tile[%d] = Tile[%d] = %s on %s; want neighbours to differ",
						where(th, p, dark), r, r+1, colorName(a.FG), colorName(a.BG))
				}
				continue
			}
			la, lb := labOf(linear(rgbOf(a.BG, xtermColors))), labOf(linear(rgbOf(b.BG, xtermColors)))
			if d := deltaE(la, lb); d < minTileDelta {
				t.Errorf("%s: ΔE(Tile[%d].BG %s, Tile[%d].BG %s) = %.1f; want ≥ %v",
					where(th, p, dark), r, colorName(a.BG), r+1, colorName(b.BG), d, minTileDelta)
			}
		}
	})
}

// TestEveryTileDistinct checks that no two tiles from 2 to 32768 look the
// same: each has its own combination of background, number colour and
// bold, in every theme, at every profile. Neighbours differing is not
// enough: a player who sees two tiles alike somewhere on the board takes
// them for equal, and in 16 colours the classic theme once drew the 4 and
// the 128, the 8, 256 and 1024, and the 64 and 8192 alike.
func TestEveryTileDistinct(t *testing.T) {
	palettes(t, func(t *testing.T, th theme.Theme, p colorprofile.Profile, dark bool, pal theme.Palette) {
		seen := map[theme.TileColors]int{}
		for r := 1; r < len(pal.Tile); r++ {
			c := pal.Tile[r]
			if other, ok := seen[c]; ok {
				bold := ""
				if c.Bold {
					bold = " in bold"
				}
				t.Errorf("%s: Tile[%d] (%d) = Tile[%d] (%d) = %s on %s%s; want every tile distinct",
					where(th, p, dark), other, 1<<other, r, 1<<r, colorName(c.FG), colorName(c.BG), bold)
			}
			seen[c] = r
		}
	})
}

// TestNumbersReadable checks the contrast of every tile's number on its
// background; at the ANSI profile, for each of the common sets of 16 colours.
func TestNumbersReadable(t *testing.T) {
	palettes(t, func(t *testing.T, th theme.Theme, p colorprofile.Profile, dark bool, pal theme.Palette) {
		for _, set := range setsFor(p) {
			for r, c := range pal.Tile {
				if got := contrastRatio(rgbOf(c.FG, set), rgbOf(c.BG, set)); got < minNumberContrast {
					t.Errorf("%s: contrast(Tile[%d] %s on %s) in %s colours = %.2f; want ≥ %v",
						where(th, p, dark), r, colorName(c.FG), colorName(c.BG), set.name, got, minNumberContrast)
				}
			}
		}
	})
}

// setsFor returns the sets of the 16 colours to check at profile p: all of
// them at ANSI, and any one elsewhere, where they are not used.
func setsFor(p colorprofile.Profile) []ansi16 {
	if p == colorprofile.ANSI {
		return ansiSets
	}
	return ansiSets[:1]
}

// TestBoldNeverBrightens checks that at the ANSI profile no number in one of
// the colours 0..7 is bold, since terminals may draw it in the bright colour.
func TestBoldNeverBrightens(t *testing.T) {
	palettes(t, func(t *testing.T, th theme.Theme, p colorprofile.Profile, dark bool, pal theme.Palette) {
		for r, c := range pal.Tile {
			if fg, ok := c.FG.(ansi.BasicColor); ok && c.Bold && fg < 8 {
				t.Errorf("%s.Tile[%d] = %s on %s in bold; want no bold on colours 0..7", where(th, p, dark), r, colorName(c.FG), colorName(c.BG))
			}
		}
		if p != colorprofile.ANSI {
			for r := 1; r < len(pal.Tile); r++ {
				if !pal.Tile[r].Bold {
					t.Errorf("%s.Tile[%d].Bold = false; want numbers in bold", where(th, p, dark), r)
				}
			}
		}
	})
}

// TestBoard checks that the grid shows (empty cells differ from the board)
// and that the highlight stands out on the board.
func TestBoard(t *testing.T) {
	palettes(t, func(t *testing.T, th theme.Theme, p colorprofile.Profile, dark bool, pal theme.Palette) {
		empty := pal.Tile[0].BG
		if p == colorprofile.ANSI && empty == pal.Board {
			t.Errorf("%s: Tile[0].BG = Board = %s; want the grid to show", where(th, p, dark), colorName(empty))
		}
		for _, set := range setsFor(p) {
			board := rgbOf(pal.Board, set)
			if p != colorprofile.ANSI {
				if d := deltaE(labOf(linear(rgbOf(empty, set))), labOf(linear(board))); d < minGridDelta {
					t.Errorf("%s: ΔE(Tile[0].BG %s, Board %s) = %.1f; want ≥ %v",
						where(th, p, dark), colorName(empty), colorName(pal.Board), d, minGridDelta)
				}
			}
			if got := contrastRatio(rgbOf(pal.Highlight, set), board); got < minMarkContrast {
				t.Errorf("%s: contrast(Highlight %s, Board %s) in %s colours = %.2f; want ≥ %v",
					where(th, p, dark), colorName(pal.Highlight), colorName(pal.Board), set.name, got, minMarkContrast)
			}
		}
	})
}

// Terminal backgrounds the surrounding colours must read on: for TrueColor
// and ANSI256 the darkest and a light dark background (Nord's #2e3440, among
// the lightest in common use), white and Solarized Light's cream #fdf6e3; at
// ANSI the terminal draws its own background, taken to be xterm's black or
// white.
var (
	darkBackgrounds  = []uint32{0x000000, 0x2e3440}
	lightBackgrounds = []uint32{0xffffff, 0xfdf6e3}
)

// TestSurroundReadable checks the colours drawn on the terminal's own
// background against it.
func TestSurroundReadable(t *testing.T) {
	palettes(t, func(t *testing.T, th theme.Theme, p colorprofile.Profile, dark bool, pal theme.Palette) {
		backgrounds := lightBackgrounds
		if dark {
			backgrounds = darkBackgrounds
		}
		if p == colorprofile.ANSI {
			backgrounds = []uint32{xtermColors.rgb[15]}
			if dark {
				backgrounds = []uint32{xtermColors.rgb[0]}
			}
		}
		want := map[string]float64{"Text": minTextContrast}
		for name, c := range map[string]color.Color{
			"Text": pal.Text, "Muted": pal.Muted, "Accent": pal.Accent,
			"Good": pal.Good, "Bad": pal.Bad, "Bar": pal.Bar,
		} {
			if c == nil {
				continue // the terminal's default
			}
			floor := want[name]
			if floor == 0 {
				floor = minMarkContrast
			}
			for _, bg := range backgrounds {
				if got := contrastRatio(rgbOf(c, xtermColors), hexRGB(bg)); got < floor {
					t.Errorf("%s: contrast(%s %s, background #%06x) = %.2f; want ≥ %v",
						where(th, p, dark), name, colorName(c), bg, got, floor)
				}
			}
		}
	})
}

// TestNoColor checks that profiles without colour, and the plain theme and
// the zero Theme at every profile, give a colourless palette with no colour
// in it.
func TestNoColor(t *testing.T) {
	all := append([]colorprofile.Profile{colorprofile.ASCII, colorprofile.NoTTY, colorprofile.Unknown}, colorProfiles...)
	for _, th := range append(theme.All(), theme.Theme{}) {
		for _, p := range all {
			if p >= colorprofile.ANSI && th.Name != "plain" && th.Name != "" {
				continue
			}
			for _, dark := range []bool{true, false} {
				if got := th.Palette(p, dark); got != (theme.Palette{Colorless: true}) {
					t.Errorf("%s = %+v; want Palette{Colorless: true}", where(th, p, dark), got)
				}
			}
		}
	}
}

// TestBackgroundOnlyChangesSurround checks that the terminal's background
// changes only the colours drawn directly on it.
func TestBackgroundOnlyChangesSurround(t *testing.T) {
	for _, th := range theme.All() {
		for _, p := range colorProfiles {
			dark, light := th.Palette(p, true), th.Palette(p, false)
			if dark.Tile != light.Tile || dark.Board != light.Board || dark.Highlight != light.Highlight || dark.Colorless != light.Colorless {
				t.Errorf("%s.Palette(%v, dark) and Palette(%v, light) differ in tiles, board or highlight; want only the surround to differ", th.Name, p, p)
			}
		}
	}
}
