package theme_test

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The colour arithmetic of the tests: the RGB values of terminal colours,
// WCAG 2 luminance and contrast, CIE L*a*b* and ΔE, and simulated colour
// vision deficiency. It is written out here rather than taken from the
// libraries under test, so that the tests check the palettes against
// independent numbers.

// An ansi16 is one set of values for the 16 ANSI colours. Terminals let their
// users pick these, so tiles at the ANSI profile are checked against three
// common sets.
type ansi16 struct {
	name string
	rgb  [16]uint32
}

var (
	// xtermColors are xterm's defaults (XTerm-col.ad and charproc.c).
	xtermColors = ansi16{"xterm", [16]uint32{
		0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
		0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
	}}
	// vgaColors are the IBM VGA colours, the defaults of the Windows console
	// before 2017 and the values charmbracelet/x/ansi assumes.
	vgaColors = ansi16{"VGA", [16]uint32{
		0x000000, 0x800000, 0x008000, 0x808000, 0x000080, 0x800080, 0x008080, 0xc0c0c0,
		0x808080, 0xff0000, 0x00ff00, 0xffff00, 0x0000ff, 0xff00ff, 0x00ffff, 0xffffff,
	}}
	// tangoColors are the Tango palette, the default of GNOME Terminal and
	// other VTE terminals.
	tangoColors = ansi16{"Tango", [16]uint32{
		0x2e3436, 0xcc0000, 0x4e9a06, 0xc4a000, 0x3465a4, 0x75507b, 0x06989a, 0xd3d7cf,
		0x555753, 0xef2929, 0x8ae234, 0xfce94f, 0x729fcf, 0xad7fa8, 0x34e2e2, 0xeeeeec,
	}}
	ansiSets = []ansi16{xtermColors, vgaColors, tangoColors}
)

// hexRGB returns the colour 0xRRGGBB.
func hexRGB(v uint32) color.RGBA {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

// xterm256 returns the value of index i (16..255) of the xterm 256-colour
// palette: the 6×6×6 cube with the levels 0, 95, 135, ..., 255, then the
// grey ramp 8, 18, ..., 238.
func xterm256(i uint8) color.RGBA {
	if i >= 232 {
		v := 8 + 10*(i-232)
		return color.RGBA{R: v, G: v, B: v, A: 0xff}
	}
	levels := [6]uint8{0, 95, 135, 175, 215, 255}
	i -= 16
	return color.RGBA{R: levels[i/36], G: levels[i/6%6], B: levels[i%6], A: 0xff}
}

// rgbOf returns the value a terminal shows for c, taking the 16 ANSI colours
// from set. It panics on types a palette must not hold.
func rgbOf(c color.Color, set ansi16) color.RGBA {
	switch c := c.(type) {
	case ansi.BasicColor:
		return hexRGB(set.rgb[c])
	case ansi.IndexedColor:
		if c < 16 {
			return hexRGB(set.rgb[c])
		}
		return xterm256(uint8(c))
	case color.RGBA:
		return c
	}
	panic(fmt.Sprintf("unexpected colour %#v (%T)", c, c))
}

// ansiNames are the names of the 16 ANSI colours.
var ansiNames = [16]string{
	"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
	"bright black", "bright red", "bright green", "bright yellow",
	"bright blue", "bright magenta", "bright cyan", "bright white",
}

// colorName returns a name for a palette colour in the golden file and in
// failure messages: #rrggbb, an xterm index with its value, or an ANSI name.
func colorName(c color.Color) string {
	switch c := c.(type) {
	case nil:
		return "default"
	case ansi.BasicColor:
		if c < 16 {
			return fmt.Sprintf("%s (%d)", ansiNames[c], c)
		}
	case ansi.IndexedColor:
		if c >= 16 {
			v := xterm256(uint8(c))
			return fmt.Sprintf("%d (#%02x%02x%02x)", c, v.R, v.G, v.B)
		}
	case color.RGBA:
		return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	return fmt.Sprintf("%#v", c)
}

// linear returns the linear-light RGB of an sRGB colour.
func linear(c color.RGBA) [3]float64 {
	f := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return [3]float64{f(c.R), f(c.G), f(c.B)}
}

// luminanceOf returns the relative luminance of linear RGB, as WCAG 2 defines it.
func luminanceOf(l [3]float64) float64 {
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}

// contrastRatio returns the WCAG 2 contrast ratio of two colours, from 1 to 21.
func contrastRatio(a, b color.RGBA) float64 {
	return ratio(luminanceOf(linear(a)), luminanceOf(linear(b)))
}

// ratio returns the WCAG 2 contrast ratio of two relative luminances.
func ratio(y1, y2 float64) float64 {
	if y1 < y2 {
		y1, y2 = y2, y1
	}
	return (y1 + 0.05) / (y2 + 0.05)
}

// A lab is a colour in CIE L*a*b* under the D65 white point.
type lab struct{ l, a, b float64 }

// labOf converts linear sRGB to CIE L*a*b*.
func labOf(c [3]float64) lab {
	x := (0.4124*c[0] + 0.3576*c[1] + 0.1805*c[2]) / 0.95047
	y := 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2]
	z := (0.0193*c[0] + 0.1192*c[1] + 0.9505*c[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return lab{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}

// deltaE returns the CIE76 colour difference: the distance in L*a*b*. A ΔE of
// about 2.3 is just noticeable side by side; 10 is plain at a glance.
func deltaE(p, q lab) float64 {
	return math.Sqrt((p.l-q.l)*(p.l-q.l) + (p.a-q.a)*(p.a-q.a) + (p.b-q.b)*(p.b-q.b))
}

// A deficiency is a kind of dichromacy, simulated by a matrix on linear RGB.
type deficiency struct {
	name string
	m    [3][3]float64
}

// deficiencies are the matrices of Machado, Oliveira and Fernandes (2009),
// "A Physiologically-based Model for Simulation of Color Vision Deficiency",
// at severity 1.0: full protanopia, deuteranopia and tritanopia.
var deficiencies = []deficiency{
	{"protanopia", [3][3]float64{
		{0.152286, 1.052583, -0.204868},
		{0.114503, 0.786281, 0.099216},
		{-0.003882, -0.048116, 1.051998},
	}},
	{"deuteranopia", [3][3]float64{
		{0.367322, 0.860646, -0.227968},
		{0.280085, 0.672501, 0.047413},
		{-0.011820, 0.042940, 0.968881},
	}},
	{"tritanopia", [3][3]float64{
		{1.255528, -0.076749, -0.178779},
		{-0.078411, 0.930809, 0.147602},
		{0.004733, 0.691367, 0.303900},
	}},
}

// simulate returns the linear RGB that a person with d sees for c, clipped
// to the displayable range.
func (d deficiency) simulate(c color.RGBA) [3]float64 {
	l := linear(c)
	var out [3]float64
	for i, row := range d.m {
		out[i] = min(1, max(0, row[0]*l[0]+row[1]*l[1]+row[2]*l[2]))
	}
	return out
}

// TestColorMath checks the arithmetic above against known values.
func TestColorMath(t *testing.T) {
	black, white := hexRGB(0x000000), hexRGB(0xffffff)
	for _, tt := range []struct {
		name      string
		got, want float64
	}{
		{"contrastRatio(black, white)", contrastRatio(black, white), 21},
		{"contrastRatio(#767676, white)", contrastRatio(hexRGB(0x767676), white), 4.54},
		{"labOf(white).l", labOf(linear(white)).l, 100},
		{"labOf(#808080).l", labOf(linear(hexRGB(0x808080))).l, 53.59},
		{"labOf(#ff0000).a", labOf(linear(hexRGB(0xff0000))).a, 80.11},
		{"labOf(#ff0000).b", labOf(linear(hexRGB(0xff0000))).b, 67.22},
		{"deltaE(black, white)", deltaE(labOf(linear(black)), labOf(linear(white))), 100},
	} {
		if math.Abs(tt.got-tt.want) > 0.02 {
			t.Errorf("%s = %.3f; want %.2f", tt.name, tt.got, tt.want)
		}
	}
	for i, want := range map[uint8]uint32{16: 0x000000, 21: 0x0000ff, 196: 0xff0000, 231: 0xffffff, 232: 0x080808, 255: 0xeeeeee, 137: 0xaf875f} {
		if got := xterm256(i); got != hexRGB(want) {
			t.Errorf("xterm256(%d) = %v; want #%06x", i, got, want)
		}
	}
	// Each simulation sees the greys as they are: its rows sum to 1.
	for _, d := range deficiencies {
		for _, v := range []uint32{0x000000, 0x808080, 0xffffff} {
			got, want := d.simulate(hexRGB(v)), linear(hexRGB(v))
			for i := range got {
				if math.Abs(got[i]-want[i]) > 1e-4 {
					t.Errorf("%s.simulate(#%06x) = %v; want %v", d.name, v, got, want)
					break
				}
			}
		}
	}
}
