package theme

import (
	"image/color"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// A spec is a theme's palette before it meets a terminal: every colour it
// uses, picked at each depth.
type spec struct {
	tiles     [16]tile // by rank, 0 being the empty cell
	board     shade    // behind and between the tiles
	highlight shade    // drawn on the board around a new or merged tile
	onDark    surround // for a terminal with a dark background
	onLight   surround // for a terminal with a light background
}

// A tile is the look of one rank.
type tile struct {
	fg, bg shade
	bold   bool
}

// number returns the tile of a number drawn in fg on bg, in bold.
func number(fg, bg shade) tile {
	return tile{fg: fg, bg: bg, bold: true}
}

// A surround holds the colours drawn directly on the terminal's background,
// which must be readable on it.
type surround struct {
	text, muted, accent, good, bad, bar shade
}

// termDefault in shade.ansi stands for the terminal's default colour.
const termDefault = -1

// A shade is one colour picked by hand at each depth: ansi is one of the 16
// colours 0..15, whose values the user's terminal theme decides, or
// termDefault; ansi256 is an index 16..255 into the xterm colour cube and grey
// ramp, whose values every terminal agrees on; rgb is 0xRRGGBB.
type shade struct {
	ansi    int8
	ansi256 uint8
	rgb     uint32
}

// at returns the colour of s for profile p, which is TrueColor, ANSI256 or
// ANSI. The concrete types are the ones colorprofile leaves alone at each
// depth, so that nothing downsamples them again.
func (s shade) at(p colorprofile.Profile) color.Color {
	var basic color.Color // nil: the terminal's default
	if s.ansi != termDefault {
		basic = ansi.BasicColor(s.ansi)
	}
	rgb := color.RGBA{R: uint8(s.rgb >> 16), G: uint8(s.rgb >> 8), B: uint8(s.rgb), A: 0xff}
	return lipgloss.Complete(p)(basic, ansi.IndexedColor(s.ansi256), rgb)
}
