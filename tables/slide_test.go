package tables_test

import (
	"testing"

	"github.com/term2048/2048/tables"
)

// stepSlide is a deliberately slow reference written differently from Slide:
// it moves one tile at a time, one cell at a time, as the original web game
// does, remembering which cells already took a merge in this move.
// It also follows each tile: to[i] is the cell where the tile of cell i
// stopped.
func stepSlide(in [4]uint8) (out [4]uint8, points uint32, merged [4]bool, to [4]int8) {
	out = in
	to = [4]int8{-1, -1, -1, -1}
	if in[0] != 0 {
		to[0] = 0
	}
	for i := 1; i < 4; i++ {
		if out[i] == 0 {
			continue
		}
		j := i
		for j > 0 && out[j-1] == 0 { // glide over empty cells
			out[j-1], out[j] = out[j], 0
			j--
		}
		to[i] = int8(j)
		if j > 0 && out[j-1] == out[j] && !merged[j-1] && out[j] < tables.MaxRank {
			out[j-1]++
			out[j] = 0
			merged[j-1] = true
			points += 1 << out[j-1]
			to[i] = int8(j - 1)
		}
	}
	return out, points, merged, to
}

func tileSum(c [4]uint8) uint32 {
	var s uint32
	for _, r := range c {
		if r != 0 {
			s += 1 << r
		}
	}
	return s
}

func TestLineCellsRoundTrip(t *testing.T) {
	for i := range tables.NumLines {
		l := tables.Line(i)
		if got := tables.LineOf(l.Cells()); got != l {
			t.Fatalf("LineOf(%#04x.Cells()) = %#04x", i, got)
		}
		c := l.Cells()
		want := tables.LineOf([4]uint8{c[3], c[2], c[1], c[0]})
		if got := l.Reverse(); got != want {
			t.Fatalf("Line(%#04x).Reverse() = %#04x; want %#04x", i, got, want)
		}
	}
}

func TestSlideAllLines(t *testing.T) {
	for i := range tables.NumLines {
		l := tables.Line(i)
		wantCells, wantPoints, wantMerged, wantTo := stepSlide(l.Cells())
		got := tables.Slide(l.Cells())
		if got.Cells != wantCells || got.Points != wantPoints || got.Merged != wantMerged || got.To != wantTo {
			t.Fatalf("Slide(%v) = %+v; want {Cells:%v Points:%d Merged:%v To:%v}",
				l.Cells(), got, wantCells, wantPoints, wantMerged, wantTo)
		}
	}
}

func TestLeftAllLines(t *testing.T) {
	for i := range tables.NumLines {
		l := tables.Line(i)
		wantCells, wantPoints, _, _ := stepSlide(l.Cells())
		got := tables.Left(l)
		if got.Line().Cells() != wantCells || got.Points() != wantPoints {
			t.Fatalf("Left(%v) = %v, %d points; want %v, %d points",
				l.Cells(), got.Line().Cells(), got.Points(), wantCells, wantPoints)
		}
	}
}

func TestRightAllLines(t *testing.T) {
	for i := range tables.NumLines {
		l := tables.Line(i)
		c := l.Cells()
		rc, wantPoints, _, _ := stepSlide([4]uint8{c[3], c[2], c[1], c[0]})
		wantCells := [4]uint8{rc[3], rc[2], rc[1], rc[0]}
		got := tables.Right(l)
		if got.Line().Cells() != wantCells || got.Points() != wantPoints {
			t.Fatalf("Right(%v) = %v, %d points; want %v, %d points",
				c, got.Line().Cells(), got.Points(), wantCells, wantPoints)
		}
	}
}

// TestSlideProperties checks what must hold for every line whatever the
// implementation: value is conserved, points are the merged tiles' values, and
// the result is packed toward cell 0.
func TestSlideProperties(t *testing.T) {
	for i := range tables.NumLines {
		c := tables.Line(i).Cells()
		s := tables.Slide(c)
		if tileSum(s.Cells) != tileSum(c) {
			t.Fatalf("Slide(%v) = %v: tile sum %d; want %d", c, s.Cells, tileSum(s.Cells), tileSum(c))
		}
		var mergedValue uint32
		for k, m := range s.Merged {
			if m {
				mergedValue += 1 << s.Cells[k]
			}
		}
		if s.Points != mergedValue {
			t.Fatalf("Slide(%v) scored %d; merged tiles are worth %d", c, s.Points, mergedValue)
		}
		for k := 1; k < 4; k++ {
			if s.Cells[k] != 0 && s.Cells[k-1] == 0 {
				t.Fatalf("Slide(%v) = %v: a gap before cell %d", c, s.Cells, k)
			}
		}
		// A slide never scores differently in the two directions of a line.
		if l := tables.Line(i); tables.Left(l).Points() != tables.Right(l).Points() {
			t.Fatalf("line %v: left scores %d, right %d", c, tables.Left(l).Points(), tables.Right(l).Points())
		}
	}
}

func TestSlideExamples(t *testing.T) {
	tests := []struct {
		in, out [4]uint8
		points  uint32
	}{
		{[4]uint8{0, 0, 0, 0}, [4]uint8{0, 0, 0, 0}, 0},
		{[4]uint8{0, 0, 0, 1}, [4]uint8{1, 0, 0, 0}, 0},
		{[4]uint8{1, 1, 0, 0}, [4]uint8{2, 0, 0, 0}, 4},
		{[4]uint8{1, 0, 0, 1}, [4]uint8{2, 0, 0, 0}, 4},
		{[4]uint8{1, 1, 1, 0}, [4]uint8{2, 1, 0, 0}, 4},
		{[4]uint8{1, 1, 1, 1}, [4]uint8{2, 2, 0, 0}, 8},        // no chain merge
		{[4]uint8{2, 1, 1, 0}, [4]uint8{2, 2, 0, 0}, 4},        // 4 2 2 -> 4 4, not 8
		{[4]uint8{1, 1, 2, 2}, [4]uint8{2, 3, 0, 0}, 4 + 8},    // 2 2 4 4 -> 4 8
		{[4]uint8{3, 0, 3, 3}, [4]uint8{4, 3, 0, 0}, 16},       // leading pair merges first
		{[4]uint8{1, 2, 3, 4}, [4]uint8{1, 2, 3, 4}, 0},        // nothing moves
		{[4]uint8{14, 14, 0, 0}, [4]uint8{15, 0, 0, 0}, 32768}, // 16384+16384
		{[4]uint8{14, 14, 14, 14}, [4]uint8{15, 15, 0, 0}, 65536},
		{[4]uint8{15, 15, 0, 0}, [4]uint8{15, 15, 0, 0}, 0}, // the cap: no 65536
		{[4]uint8{0, 15, 0, 15}, [4]uint8{15, 15, 0, 0}, 0},
		{[4]uint8{15, 15, 14, 14}, [4]uint8{15, 15, 15, 0}, 32768},
	}
	for _, tt := range tests {
		s := tables.Slide(tt.in)
		if s.Cells != tt.out || s.Points != tt.points {
			t.Errorf("Slide(%v) = %v, %d points; want %v, %d points", tt.in, s.Cells, s.Points, tt.out, tt.points)
		}
		r := tables.Left(tables.LineOf(tt.in))
		if r.Line() != tables.LineOf(tt.out) || r.Points() != tt.points {
			t.Errorf("Left(%v) = %v, %d points; want %v, %d points", tt.in, r.Line().Cells(), r.Points(), tt.out, tt.points)
		}
	}
}

func TestBuild(t *testing.T) {
	tab := tables.Build(func(l tables.Line) int { return int(l.Cell(0)) + int(l.Cell(3)) })
	if len(tab) != tables.NumLines {
		t.Fatalf("Build made %d entries; want %d", len(tab), tables.NumLines)
	}
	if tab[0xF00E] != 15+14 || tab[0] != 0 || tab[0xFFFF] != 30 {
		t.Errorf("Build: got %d %d %d at 0xF00E 0 0xFFFF; want 29 0 30", tab[0xF00E], tab[0], tab[0xFFFF])
	}
}
