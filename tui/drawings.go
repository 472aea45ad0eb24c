package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/theme"
	"github.com/term2048/2048/tui/textblock"
)

// This file keeps, for one Model, the parts of the screen that cost the
// most to draw and come back unchanged from one frame to the next: the
// tiles, the board, and the styles of the panel's text. Bubble Tea draws
// the whole screen again after every message the model gets (a key, a
// tick of the spinner, a search's answer), and 2048 serve draws the
// screens of all its players on a few cores: with lipgloss, the board alone
// took a third of a frame, drawing the same sixteen tiles again each time.

// helpLinesKept is how many help lines drawings keeps: the most a screen
// has is three (the settings').
const helpLinesKept = 4

// hintsKept is how many hints drawings keeps: the AI's hint, and on
// autoplay the move it played, shown while it thinks of the next.
const hintsKept = 2

// boardsKept is how many boards drawings keeps: the board on screen with
// its tiles marked and unmarked (see flash), and the one before it, which
// an undo brings back.
const boardsKept = 4

// drawings are the parts of the screen drawn already, for the palette they
// were drawn in, the board's for its size too; another palette forgets
// them all, another size the board's. Its zero value is ready to use. It
// is the Model's own, as a server's games share nothing, and bounded: the
// tiles, boardsKept boards, helpLinesKept help lines, hintsKept hints
// and the inks of the panel.
type drawings struct {
	pal      theme.Palette
	inked    bool // pal is the palette of what is kept
	inks     inks
	board    boardDrawings
	help     [helpLinesKept]drawnHelp
	nextHelp int // where the next help line drawn goes in help
	hints    [hintsKept]drawnHint
	nextHint int // where the next hint drawn goes in hints
	verdicts [review.NumVerdicts]verdictInks
}

// boardDrawings are the board's parts drawn at one size.
type boardDrawings struct {
	size   boardSize
	valid  bool            // size is the size of what is kept
	tiles  [16][2][]string // the lines of a tile, by rank, unmarked and marked; nil: not drawn yet
	gapCol string          // the board's colour between two tiles, on a line of tiles
	gapRow string          // a line of the board's colour between two rows of tiles
	boards [boardsKept]drawnBoard
	next   int // where the next board drawn goes in boards
}

// A drawnBoard is a board drawn, with the tiles of marks marked (see flash).
type drawnBoard struct {
	board engine.Board
	marks uint16
	text  string
	ok    bool
}

// A drawnHelp is a help line drawn: its width, and what of its keys it
// shows (see helpLine).
type drawnHelp struct {
	width int
	keys  string
	text  string
	ok    bool
}

// A drawnHint is the body of a hint drawn at a width (see hintBody).
type drawnHint struct {
	result ai.Result
	width  int
	lines  []string
	ok     bool
}

// inks are the styles of the panel's text, as inks.
type inks struct {
	muted, value, accent, text ink
}

// verdictInks are the inks of a verdict: its word and its bar.
type verdictInks struct {
	word, bar ink
	ok        bool
}

// keep forgets what was drawn in another palette. The palette is compared
// as a value, its colours being values (RGB, ANSI indices): the Model's is
// replaced, not changed, when the theme or the terminal's colours change.
func (d *drawings) keep(pal theme.Palette) {
	if d.inked && d.pal == pal {
		return
	}
	*d = drawings{pal: pal, inked: true}
	d.inks = inks{
		muted:  inkOf(lipgloss.NewStyle().Foreground(pal.Muted)),
		value:  inkOf(lipgloss.NewStyle().Bold(true).Foreground(pal.Text)),
		accent: inkOf(lipgloss.NewStyle().Bold(true).Foreground(pal.Accent)),
		text:   inkOf(lipgloss.NewStyle().Foreground(pal.Text)),
	}
}

// inks returns the panel's inks in the Model's palette.
func (l *look) inks() *inks {
	l.drawn.keep(l.pal)
	return &l.drawn.inks
}

// verdictInks returns the inks of the verdict v (see verdictStyle): its
// word, and its bar, in the word's colour, not bold.
func (l *look) verdictInks(v review.Verdict) verdictInks {
	d := &l.drawn
	d.keep(l.pal)
	if v >= review.NumVerdicts {
		st := l.verdictStyle(v)
		return verdictInks{word: inkOf(st), bar: inkOf(lipgloss.NewStyle().Foreground(st.GetForeground()))}
	}
	if !d.verdicts[v].ok {
		st := l.verdictStyle(v)
		d.verdicts[v] = verdictInks{word: inkOf(st), bar: inkOf(lipgloss.NewStyle().Foreground(st.GetForeground())), ok: true}
	}
	return d.verdicts[v]
}

// An ink is a style of colours and attributes, no more (no width, padding,
// border or transform), reduced to what lipgloss writes around a line of
// text in it: lipgloss' Render reads some thirty properties of the style,
// converts tabs and splits lines at each call, where for such a style the
// same SGR sequence goes before every line and the same reset after.
type ink struct {
	style     lipgloss.Style
	pre, post string
}

// inkOf returns the ink of the style st, which must hold colours and
// attributes only.
func inkOf(st lipgloss.Style) ink {
	const probe = "x" // in no SGR sequence
	r := st.Render(probe)
	i := strings.Index(r, probe)
	return ink{st, r[:i], r[i+len(probe):]}
}

// Render draws s in the ink, as the style's Render does.
func (k ink) Render(s string) string {
	if strings.ContainsAny(s, "\n\t\r") { // lines and tabs: lipgloss' business
		return k.style.Render(s)
	}
	return k.pre + s + k.post
}

// boardOf returns the board b drawn in the palette pal at size with the
// tiles of the flash f marked, as renderBoard draws it, from what is kept
// where it can.
func (d *drawings) boardOf(b engine.Board, pal theme.Palette, size boardSize, f flash) string {
	d.keep(pal)
	k := &d.board
	if !k.valid || k.size != size {
		*k = boardDrawings{size: size, valid: true}
		gap := lipgloss.NewStyle().Background(pal.Board)
		k.gapCol, k.gapRow = gap.Render(textblock.Spaces(size.gapX)), gap.Render(textblock.Spaces(size.width()))
	}
	marks := f.spawned | f.merged
	for _, drawn := range k.boards {
		if drawn.ok && drawn.board == b && drawn.marks == marks {
			return drawn.text
		}
	}
	text := drawBoard(b, size, marks, k.gapCol, k.gapRow, func(r uint8, mark bool) []string {
		m := 0
		if mark {
			m = 1
		}
		if k.tiles[r][m] == nil {
			k.tiles[r][m] = renderTile(r, pal, size, mark)
		}
		return k.tiles[r][m]
	})
	k.boards[k.next] = drawnBoard{board: b, marks: marks, text: text, ok: true}
	k.next = (k.next + 1) % boardsKept
	return text
}

// drawBoard puts the board b together from its tiles, drawn by tile, with
// the board's colour between them: gapCol between two tiles, gapRow
// between two rows of tiles. The tiles of the cells of marks are marked.
func drawBoard(b engine.Board, size boardSize, marks uint16, gapCol, gapRow string, tile func(r uint8, mark bool) []string) string {
	var sb strings.Builder
	sb.Grow(size.height() * (size.width() + 16*len(gapCol)))
	lines := 0
	newLine := func() {
		if lines > 0 {
			sb.WriteByte('\n')
		}
		lines++
	}
	gapRows := func() {
		for range size.gapY {
			newLine()
			sb.WriteString(gapRow)
		}
	}
	gapRows()
	for r := range 4 {
		var row [4][]string
		for c := range 4 {
			i := 4*r + c
			row[c] = tile(b.Cell(i), marks&(1<<i) != 0)
		}
		for k := range size.rows {
			newLine()
			sb.WriteString(gapCol)
			for c := range 4 {
				sb.WriteString(row[c][k])
				sb.WriteString(gapCol)
			}
		}
		gapRows()
	}
	return sb.String()
}

// helpLine draws the one-line help of keys in width columns (see
// drawHelpLine), from the lines kept where it can: the keys of a screen
// change with what they can do, seldom from one frame to the next, and
// drawing the line took two fifths of a frame once the board and the
// panel's styles were kept. A line is known by its width and what it shows of each key,
// its help and whether it is on; the help's styles are the palette's (see
// Model.repaint), and another palette forgets the lines.
func (l *look) helpLine(width int, keys []key.Binding) string {
	d := &l.drawn
	d.keep(l.pal)
	h := l.keyHelp
	var sb strings.Builder
	sb.WriteString(h.ShortSeparator)
	sb.WriteByte(0)
	sb.WriteString(h.Ellipsis)
	for _, k := range keys {
		sb.WriteByte(0)
		if k.Enabled() {
			sb.WriteString(k.Help().Key)
			sb.WriteByte(1)
			sb.WriteString(k.Help().Desc)
		}
	}
	shown := sb.String()
	for _, l := range d.help {
		if l.ok && l.width == width && l.keys == shown {
			return l.text
		}
	}
	text := l.drawHelpLine(width, keys)
	d.help[d.nextHelp] = drawnHelp{width: width, keys: shown, text: text, ok: true}
	d.nextHelp = (d.nextHelp + 1) % helpLinesKept
	return text
}
