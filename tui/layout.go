package tui

// This file holds the layouts of the screens with a board: where the board,
// its arrows and the panel go, and which layout a terminal gets.

// panelWidth is the width of the panel beside the board.
const panelWidth = 34

// A layout places the board and the panel: large or small tiles, the panel
// beside the board or under it.
type layout struct {
	board  boardSize
	beside bool
}

// layouts are tried in order, after the grown boards beside their panel
// (from the largest down); the first that fits the terminal is used.
var layouts = []layout{{largeBoard, true}, {smallBoard, true}, {largeBoard, false}, {smallBoard, false}}

// Around the board are two columns and a line on each side for the hint's
// arrow; above everything the title, below the messages and the help.
const (
	arrowCols  = 2
	chromeRows = 1 + bannerRows + 1
	bannerRows = 2
)

func (l layout) areaWidth() int  { return l.board.width() + 2*arrowCols }
func (l layout) areaHeight() int { return l.board.height() + 2 }

// compact reports whether l uses the compact panel: all but large (or
// grown) tiles with the panel beside them.
func (l layout) compact() bool { return !l.beside || l.board.rows < largeBoard.rows }

// panelSize returns the width and height of l's panel.
func (l layout) panelSize() (w, h int) {
	w, h = panelWidth, panelLines
	if !l.beside {
		w = l.areaWidth()
	}
	if l.compact() {
		h = compactLines
	}
	return w, h
}

// size returns the columns and lines l needs.
func (l layout) size() (w, h int) {
	pw, ph := l.panelSize()
	if l.beside {
		return l.areaWidth() + 1 + pw, chromeRows + max(l.areaHeight(), ph)
	}
	return max(l.areaWidth(), pw), chromeRows + l.areaHeight() + ph
}

// fit returns the first layout that fits a w×h terminal: on a large
// terminal, the largest grown board that fits beside its panel, so that the
// board fills the screen; else the first of layouts that fits.
func fit(w, h int) (layout, bool) {
	for rows := maxGrowth; rows >= minGrowth; rows-- {
		if l := (layout{grownBoard(rows), true}); l.fits(w, h) {
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
	if !l.beside {
		return row, 0
	}
	_, n := l.panelSize()
	free := max(l.areaHeight()-n, 0)
	if right < 0 {
		if l.board.grown() { // at the height of the board's middle
			return row, free - split(free)
		}
		return row, 0
	}
	panelTop = min(max(1+row-right, 0), free) // the area's line 0 is the arrow of up
	return min(max(panelTop+right-1, 0), bh-1), panelTop
}
