package tui

import (
	"math"
	"strings"

	"charm.land/lipgloss/v2"
)

// A block is a rectangle of the screen: lines that are all width columns
// wide. The game's screen is put together from blocks whose widths are
// known as they are made, where lipgloss' Join and Place measure every line
// again at each step, grapheme by grapheme: a 200×60 screen took 3 ms, three
// quarters of it measuring, too much for the frames of an animation. The
// blocks place their lines as lipgloss does, space for space.
type block struct {
	lines []string
	width int
}

// blockOf returns the block of the lines of s, which the caller knows to
// be width columns wide each.
func blockOf(s string, width int) block { return block{strings.Split(s, "\n"), width} }

// measured returns the block of lines, each padded to the widest.
func measured(lines ...string) block {
	b := block{lines: make([]string, len(lines))}
	widths := make([]int, len(lines))
	for i, l := range lines {
		widths[i] = lipgloss.Width(l)
		b.width = max(b.width, widths[i])
	}
	for i, l := range lines {
		b.lines[i] = l + spaces(b.width-widths[i])
	}
	return b
}

// spaces returns n spaces (none for n ≤ 0).
func spaces(n int) string { return strings.Repeat(" ", max(n, 0)) }

// split returns how much of n goes before: as lipgloss.Place centres, the
// smaller half.
func split(n int) int { return n - int(math.Round(float64(n)/2)) }

// beside returns a and b side by side with gap columns between, b moved
// down by top lines; the shorter of the two gets blank lines below.
func beside(a block, gap int, b block, top int) block {
	if top > 0 {
		b = block{append(make([]string, top, top+len(b.lines)), b.lines...), b.width}
		for i := range top {
			b.lines[i] = spaces(b.width)
		}
	}
	n := max(len(a.lines), len(b.lines))
	a, b = a.tallAs(n), b.tallAs(n)
	out := block{lines: make([]string, n), width: a.width + gap + b.width}
	for i := range n {
		out.lines[i] = a.lines[i] + spaces(gap) + b.lines[i]
	}
	return out
}

// tallAs returns b with blank lines added below to make n.
func (b block) tallAs(n int) block {
	if len(b.lines) >= n {
		return b
	}
	lines := make([]string, len(b.lines), n)
	copy(lines, b.lines)
	blank := spaces(b.width)
	for len(lines) < n {
		lines = append(lines, blank)
	}
	return block{lines, b.width}
}

// wideAs returns b with spaces on each side to make width columns, centred
// as lipgloss.PlaceHorizontal centres.
func (b block) wideAs(width int) block {
	extra := width - b.width
	if extra <= 0 {
		return b
	}
	left, right := spaces(split(extra)), spaces(extra-split(extra))
	out := block{lines: make([]string, len(b.lines)), width: width}
	for i, l := range b.lines {
		out.lines[i] = left + l + right
	}
	return out
}

// stack returns the blocks one under the other, each on the left of the
// widest.
func stack(blocks ...block) block {
	var out block
	for _, b := range blocks {
		out.width = max(out.width, b.width)
	}
	for _, b := range blocks {
		pad := spaces(out.width - b.width)
		for _, l := range b.lines {
			out.lines = append(out.lines, l+pad)
		}
	}
	return out
}

// place returns b centred on a w×h screen, as lipgloss.Place centres.
func (b block) place(w, h int) string {
	b = b.wideAs(w)
	extra := h - len(b.lines)
	if extra <= 0 {
		return strings.Join(b.lines, "\n")
	}
	blank := spaces(b.width)
	var sb strings.Builder
	for range split(extra) {
		sb.WriteString(blank)
		sb.WriteByte('\n')
	}
	sb.WriteString(strings.Join(b.lines, "\n"))
	for range extra - split(extra) {
		sb.WriteByte('\n')
		sb.WriteString(blank)
	}
	return sb.String()
}
