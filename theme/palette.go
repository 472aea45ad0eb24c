package theme

import (
	"image/color"

	"github.com/charmbracelet/colorprofile"
)

// A Palette is a theme resolved for one terminal: every colour is ready to use
// with lipgloss; nil means the terminal's default colour.
//
// At the ANSI profile every colour is an ansi.BasicColor (0..15) and at
// ANSI256 an ansi.IndexedColor (16..255), both of
// github.com/charmbracelet/x/ansi, which Bubble Tea's downsampling passes
// through untouched; at TrueColor they are color.RGBA values.
type Palette struct {
	Tile      [16]TileColors // by rank: 0 is an empty cell, 1 the tile 2, ..., 15 the tile 32768
	Board     color.Color    // the background of the board behind and between the tiles (the grid)
	Text      color.Color    // ordinary text beside the board (score, labels' values)
	Muted     color.Color    // secondary text: labels, the help line
	Accent    color.Color    // titles, the hint arrow and the best move's name
	Good      color.Color    // the "you win" message
	Bad       color.Color    // the "game over" message, warnings
	Bar       color.Color    // the value bars of the hint panel
	Highlight color.Color    // the mark around a tile that just appeared or just merged (e.g. a border colour)
	Colorless bool           // no colour at all: draw tiles with borders and numbers only (NO_COLOR, -color none, the plain theme, Ascii/NoTTY)
}

// TileColors are the colours of one kind of tile.
//
// In an empty cell (rank 0) FG is the colour of any mark drawn there, such as
// a dot; it is as readable as the numbers of the other tiles.
type TileColors struct {
	FG, BG color.Color
	// Bold says to draw the number in bold. At the ANSI profile it is false
	// whenever FG is one of the colours 0..7, since many terminals (xterm
	// among them) draw bold text in those colours with the bright variant
	// 8..15, which would undo the contrast picked for the tile.
	Bold bool
}

// Palette resolves the theme for a colour profile (TrueColor, ANSI256, ANSI;
// Ascii and NoTTY mean no colour) and a terminal background (dark true for a
// dark background: only the colours drawn directly on the terminal background
// — Text, Muted, Accent, Good, Bad, Bar — need to depend on it).
//
// Any profile other than TrueColor, ANSI256 and ANSI, and the plain theme
// and the zero Theme at every profile, give a Palette that is Colorless with
// every colour nil.
// Text is nil at the ANSI profile in every theme: with 16 colours, whose
// values the user's terminal theme decides, the default text colour is the
// only one sure to be readable on the default background.
func (t Theme) Palette(p colorprofile.Profile, darkBackground bool) Palette {
	switch p {
	case colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI:
	default:
		return Palette{Colorless: true}
	}
	if t.spec == (spec{}) { // the plain theme, or the zero Theme
		return Palette{Colorless: true}
	}
	s := &t.spec
	on := s.onLight
	if darkBackground {
		on = s.onDark
	}
	var pal Palette
	for r, tile := range s.tiles {
		pal.Tile[r] = TileColors{
			FG:   tile.fg.at(p),
			BG:   tile.bg.at(p),
			Bold: tile.bold && !(p == colorprofile.ANSI && tile.fg.ansi < 8),
		}
	}
	pal.Board = s.board.at(p)
	pal.Highlight = s.highlight.at(p)
	pal.Text = on.text.at(p)
	pal.Muted = on.muted.at(p)
	pal.Accent = on.accent.at(p)
	pal.Good = on.good.at(p)
	pal.Bad = on.bad.at(p)
	pal.Bar = on.bar.at(p)
	return pal
}
