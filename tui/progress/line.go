// Package progress shows how the long commands advance, on stderr so that
// stdout stays machine-readable: a [Bar] for a run of games or a review, a
// [Training] for a training. Both draw on a [Line]: on a terminal one line
// redrawn in place, elsewhere a line of its own for each report. [Wait]
// says that a search which cannot count its progress is still at work.
package progress

import (
	"fmt"
	"io"
	"strings"
)

// A Line is the line of progress on w: on a terminal (tty) each text is
// drawn over the last, padded with spaces to cover it; elsewhere each text
// is a line of its own.
type Line struct {
	w     io.Writer
	tty   bool
	width int // the length of the text on screen, on a terminal
}

// NewLine returns the line of progress on w, a terminal if tty.
func NewLine(w io.Writer, tty bool) *Line { return &Line{w: w, tty: tty} }

// Show draws text: over the last text on a terminal, else on a line of
// its own.
func (l *Line) Show(text string) {
	if !l.tty {
		fmt.Fprintln(l.w, text)
		return
	}
	pad := max(l.width-len(text), 0)
	l.width = len(text)
	fmt.Fprintf(l.w, "\r%s%s", text, strings.Repeat(" ", pad))
}

// Clear removes the text from a terminal, so that other text can be
// printed.
func (l *Line) Clear() {
	if l.tty && l.width > 0 {
		fmt.Fprintf(l.w, "\r%s\r", strings.Repeat(" ", l.width))
		l.width = 0
	}
}

// Keep ends the text on a terminal with a newline, for good: the next
// text starts a line of its own.
func (l *Line) Keep() {
	if l.tty {
		fmt.Fprintln(l.w)
		l.width = 0
	}
}
