package tables

// SlideOutcome is what the reference rule makes of one line.
type SlideOutcome struct {
	Cells  [4]uint8 // the ranks after the slide, cell 0 first
	Points uint32   // the sum of the values of the tiles made by merges
	Merged [4]bool  // which cells hold a tile made by a merge in this slide
	// To says where each tile went: To[i] is the cell in which the tile of
	// cell i ended, alone or merged, and -1 for an empty cell. A display
	// animates the slide with it.
	To [4]int8
}

// Slide is the one reference slide rule of the game, for a line sliding toward
// cell 0: tiles move as far as they can, and two equal tiles that meet merge
// into one tile of the next rank, scoring its value. A tile made by a merge
// does not merge again in the same slide, so 2 2 2 2 becomes 4 4, not 8.
//
// Two 32768 tiles (rank 15) do not merge: a cell cannot hold 65536, so at the
// cap equal tiles behave like unequal ones. This keeps the sum of the tile
// values unchanged by every slide, at the price of a rare game that ends with
// two 32768 tiles side by side.
//
// Every table in this package is derived from Slide; it favours clarity over
// speed.
func Slide(cells [4]uint8) SlideOutcome {
	s := SlideOutcome{To: [4]int8{-1, -1, -1, -1}}
	n := 0             // cells of s.Cells filled so far
	mergeable := false // whether s.Cells[n-1] may still merge
	for i, r := range cells {
		if r == 0 {
			continue
		}
		if mergeable && s.Cells[n-1] == r && r < MaxRank {
			s.Cells[n-1]++
			s.Points += 1 << s.Cells[n-1]
			s.Merged[n-1] = true
			s.To[i] = int8(n - 1)
			mergeable = false
			continue
		}
		s.Cells[n] = r
		s.To[i] = int8(n)
		n++
		mergeable = true
	}
	return s
}

// A Result is a line after a slide packed with the points the slide scored,
// the form in which the move tables hold it.
type Result uint32

// Line returns the line after the slide.
func (r Result) Line() Line { return Line(r) }

// Points returns the points the slide scored.
func (r Result) Points() uint32 { return uint32(r>>16) << 2 }

// pack stores a slide as a Result. Every merge scores a multiple of 4 and a
// line scores at most 2×32768, so points/4 fits in the high 16 bits.
func pack(s SlideOutcome) Result {
	return Result(LineOf(s.Cells)) | Result(s.Points>>2)<<16
}

// The move tables are arrays, not pointers, so that a lookup addresses them
// directly. They are filled where they lie, by direct calls: every program
// of the project builds them before main runs, so their cost is start-up
// time (a closure per line and a copy of each table doubled it).
var left, right [NumLines]Result

func init() {
	fillLeft(&left)
	fillRight(&right, &left)
}

// fillLeft applies the reference rule to every line.
func fillLeft(t *[NumLines]Result) {
	for i := range t {
		t[i] = pack(Slide(Line(i).Cells()))
	}
}

// fillRight mirrors the left table: sliding right is sliding the reversed
// line left, and reversing the result.
func fillRight(t, left *[NumLines]Result) {
	for i := range t {
		r := left[Line(i).Reverse()]
		t[i] = Result(r.Line().Reverse()) | r&^0xFFFF
	}
}

// Left returns l slid toward cell 0 (a row moved left, or a column moved up
// when cell 0 is the top) and the points scored.
func Left(l Line) Result { return left[l] }

// Right returns l slid toward cell 3 and the points scored: the mirror image
// of [Left].
func Right(l Line) Result { return right[l] }
