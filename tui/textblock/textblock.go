// Package textblock puts a terminal's screen together from rectangles of
// text whose widths are known as they are made (see Block).
package textblock

import (
	"math"
	"strings"

	"charm.land/lipgloss/v2"
)

// A Block is a rectangle of the screen: lines that are all width columns
// wide. The game's screen is put together from blocks whose widths are
// known as they are made, where lipgloss' Join and Place measure every line
// again at each step, grapheme by grapheme: a 200×60 screen took 3 ms, three
// quarters of it measuring, too much for the frames of an animation. The
// blocks place their lines as lipgloss does, space for space.
type Block struct {
	Lines []string
	Width int
}

// Of returns the block of the lines of s, which the caller knows to
// be width columns wide each.
func Of(s string, width int) Block { return Block{strings.Split(s, "\n"), width} }

// Measured returns the block of lines, each padded to the widest.
func Measured(lines ...string) Block {
	b := Block{Lines: make([]string, len(lines))}
	widths := make([]int, len(lines))
	for i, l := range lines {
		widths[i] = lipgloss.Width(l)
		b.Width = max(b.Width, widths[i])
	}
	for i, l := range lines {
		b.Lines[i] = l + Spaces(b.Width-widths[i])
	}
	return b
}

// Spaces returns n spaces (none for n ≤ 0).
func Spaces(n int) string { return strings.Repeat(" ", max(n, 0)) }

// Split returns how much of n goes before: as lipgloss.Place centres, the
// smaller half.
func Split(n int) int { return n - int(math.Round(float64(n)/2)) }

// Beside returns a and b side by side with gap columns between, b moved
// down by top lines; the shorter of the two gets blank lines below.
func Beside(a Block, gap int, b Block, top int) Block {
	if top > 0 {
		b = Block{append(make([]string, top, top+len(b.Lines)), b.Lines...), b.Width}
		for i := range top {
			b.Lines[i] = Spaces(b.Width)
		}
	}
	n := max(len(a.Lines), len(b.Lines))
	a, b = a.TallAs(n), b.TallAs(n)
	out := Block{Lines: make([]string, n), Width: a.Width + gap + b.Width}
	for i := range n {
		out.Lines[i] = a.Lines[i] + Spaces(gap) + b.Lines[i]
	}
	return out
}

// TallAs returns b with blank lines added below to make n.
func (b Block) TallAs(n int) Block {
	if len(b.Lines) >= n {
		return b
	}
	lines := make([]string, len(b.Lines), n)
	copy(lines, b.Lines)
	blank := Spaces(b.Width)
	for len(lines) < n {
		lines = append(lines, blank)
	}
	return Block{lines, b.Width}
}

// WideAs returns b with spaces on each side to make width columns, centred
// as lipgloss.PlaceHorizontal centres.
func (b Block) WideAs(width int) Block {
	extra := width - b.Width
	if extra <= 0 {
		return b
	}
	left, right := Spaces(Split(extra)), Spaces(extra-Split(extra))
	out := Block{Lines: make([]string, len(b.Lines)), Width: width}
	for i, l := range b.Lines {
		out.Lines[i] = left + l + right
	}
	return out
}

// Stack returns the blocks one under the other, each on the left of the
// widest.
func Stack(blocks ...Block) Block {
	var out Block
	for _, b := range blocks {
		out.Width = max(out.Width, b.Width)
	}
	for _, b := range blocks {
		pad := Spaces(out.Width - b.Width)
		for _, l := range b.Lines {
			out.Lines = append(out.Lines, l+pad)
		}
	}
	return out
}

// Place returns b centred on a w×h screen, as lipgloss.Place centres.
func (b Block) Place(w, h int) string {
	b = b.WideAs(w)
	extra := h - len(b.Lines)
	if extra <= 0 {
		return strings.Join(b.Lines, "\n")
	}
	blank := Spaces(b.Width)
	var sb strings.Builder
	for range Split(extra) {
		sb.WriteString(blank)
		sb.WriteByte('\n')
	}
	sb.WriteString(strings.Join(b.Lines, "\n"))
	for range extra - Split(extra) {
		sb.WriteByte('\n')
		sb.WriteString(blank)
	}
	return sb.String()
}
