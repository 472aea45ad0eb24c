package tui

import "github.com/term2048/2048/tui/textblock"

// This file holds the layouts of the screens with a board: where the board,
// its arrows and the panel go, and which layout a terminal gets.

// panelWidth is the width of the panel beside the board.
const panelWidth = 34

// A layout places the board and the panel: large, small or tiny tiles, the
// panel beside the board, under it, or, where there is no room for it, a
// status line of one under the board in its place.
type layout struct {
	board boardSize
	panel placement
}

// A placement is where a layout puts the panel.
type placement int

const (
	panelBeside placement = iota
	panelUnder
	statusOnly // the board alone, with a line of status under it and no title
)

// layouts are tried in order, after the grown boards beside their panel
// (from the largest down); the first that fits the terminal is used. They
// go from large tiles to small, so that a larger terminal never gets a
// smaller board: the layouts with no panel, which make the game playable
// in a corner of a screen (down to the tiny board's 25×12), come after
// those with one of the same tiles.
var layouts = []layout{
	{largeBoard, panelBeside}, {smallBoard, panelBeside}, {largeBoard, panelUnder}, {largeBoard, statusOnly},
	{smallBoard, panelUnder}, {smallBoard, statusOnly}, {tinyBoard, statusOnly},
}

// Around the board are two columns and a line on each side for the hint's
// arrow; above everything the title, below the messages and the help. A
// layout with no panel has no title, and a line for the messages.
const (
	arrowCols    = 2
	chromeRows   = 1 + bannerRows + 1
	bannerRows   = 2
	statusChrome = 1 + 1
)

// onEdge reports whether l draws the hint's arrows on the board's own
// margins, not around it: the tiny board has no room around it.
func (l layout) onEdge() bool { return l.board == tinyBoard }

func (l layout) areaWidth() int {
	if l.onEdge() {
		return l.board.width()
	}
	return l.board.width() + 2*arrowCols
}

func (l layout) areaHeight() int {
	if l.onEdge() {
		return l.board.height()
	}
	return l.board.height() + 2
}

// compact reports whether l uses the compact panel: all but large (or
// grown) tiles with the panel beside them.
func (l layout) compact() bool { return l.panel != panelBeside || l.board.rows < largeBoard.rows }

// panelSize returns the width and height of l's panel, or of its status
// line.
func (l layout) panelSize() (w, h int) {
	switch {
	case l.panel == statusOnly:
		return l.areaWidth(), 1
	case l.panel == panelUnder:
		return l.areaWidth(), compactLines
	case l.compact():
		return panelWidth, compactLines
	}
	return panelWidth, panelLines
}

// bannerRows returns the lines l keeps for the messages under the board;
// a terminal with more lines gives them more.
func (l layout) bannerRows() int {
	if l.panel == statusOnly {
		return statusChrome - 1
	}
	return bannerRows
}

// size returns the columns and lines l needs.
func (l layout) size() (w, h int) {
	pw, ph := l.panelSize()
	switch l.panel {
	case panelBeside:
		return l.areaWidth() + 1 + pw, chromeRows + max(l.areaHeight(), ph)
	case panelUnder:
		return max(l.areaWidth(), pw), chromeRows + l.areaHeight() + ph
	}
	return l.areaWidth(), statusChrome + l.areaHeight() + ph
}

// fit returns the first layout that fits a w×h terminal: on a large
// terminal, the largest grown board that fits beside its panel, so that the
// board fills the screen; else the first of layouts that fits.
func fit(w, h int) (layout, bool) {
	for rows := maxGrowth; rows >= minGrowth; rows-- {
		if l := (layout{grownBoard(rows), panelBeside}); l.fits(w, h) {
			return l, true
		}
	}
	for _, l := range layouts {
		if l.fits(w, h) {
			return l, true
		}
	}
	return layout{}, false
}

// smallest returns the size of the smallest layout, which the message of
// a terminal too small names.
func smallest() (w, h int) { return layouts[len(layouts)-1].size() }

// fits reports whether l fits a w×h terminal.
func (l layout) fits(w, h int) bool {
	lw, lh := l.size()
	return lw <= w && lh <= h
}

// sideRow returns the line of the board where the arrows of left and right
// go, and, for a panel beside the board, the line of the board's area that
// the panel's top is level with. right is the panel's line that reads
// "→ right" (the hint's bar of the move right), or -1 if it has none.
//
// The arrows go on the board's middle line, and a panel beside the board
// is moved up or down so that its line right is level with them: ▶ then
// sits beside "→ right", never beside another move's line, where it would
// read as that move. Where the panel cannot move that far without leaving
// the area, the arrows move to its line instead, on the board still.
func (l layout) sideRow(right int) (row, panelTop int) {
	bh := l.board.height()
	row = bh / 2
	if l.panel != panelBeside {
		return row, 0
	}
	_, n := l.panelSize()
	free := max(l.areaHeight()-n, 0)
	if right < 0 {
		if l.board.grown() { // at the height of the board's middle
			return row, free - textblock.Split(free)
		}
		return row, 0
	}
	panelTop = min(max(1+row-right, 0), free) // the area's line 0 is the arrow of up
	return min(max(panelTop+right-1, 0), bh-1), panelTop
}
