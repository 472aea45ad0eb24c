package engine_test

import (
	"fmt"
	"testing"

	"github.com/term2048/2048/engine"
)

// along returns the line of cell i across d, and its place along d: 0 on
// the side the tiles move to.
func along(i int, d engine.Direction) (line, place int) {
	row, col := i/4, i%4
	switch d {
	case engine.Left:
		return row, col
	case engine.Right:
		return row, 3 - col
	case engine.Up:
		return col, row
	}
	return col, 3 - row
}

// checkPaths checks b.Paths(d) against after, the board the move makes:
// the tiles put where their paths end, two tiles ending in one cell making
// the next rank, give after; every tile stays in its line and never moves
// against d; and the tiles of a line keep their order.
func checkPaths(t *testing.T, b engine.Board, d engine.Direction, after engine.Board) {
	t.Helper()
	to := b.Paths(d)
	var ranks [engine.NumCells]uint8
	var arrivals [engine.NumCells]int
	for i, dest := range to {
		r := b.Cell(i)
		if (r == 0) != (dest < 0) {
			t.Fatalf("%v.Paths(%v)[%d] = %d for a cell of rank %d", b, d, i, dest, r)
		}
		if dest < 0 {
			continue
		}
		line, place := along(i, d)
		if toLine, toPlace := along(int(dest), d); toLine != line || toPlace > place {
			t.Fatalf("%v.Paths(%v)[%d] = %d: off its line or against the move", b, d, i, dest)
		}
		arrivals[dest]++
		switch arrivals[dest] {
		case 1:
			ranks[dest] = r
		case 2:
			if ranks[dest] != r {
				t.Fatalf("%v.Paths(%v): tiles of ranks %d and %d end in cell %d", b, d, ranks[dest], r, dest)
			}
			ranks[dest]++
		default:
			t.Fatalf("%v.Paths(%v): three tiles end in cell %d", b, d, dest)
		}
		for j := range i {
			jl, jp := along(j, d)
			if to[j] < 0 || jl != line {
				continue
			}
			_, di := along(int(dest), d)
			_, dj := along(int(to[j]), d)
			if jp < place && dj > di || jp > place && dj < di {
				t.Fatalf("%v.Paths(%v) = %v: the tiles of cells %d and %d cross", b, d, to, j, i)
			}
		}
	}
	if got := engine.FromRanks(ranks); got != after {
		t.Fatalf("%v.Paths(%v) = %v puts the tiles in %v; the move makes %v", b, d, to, got, after)
	}
}

func ExampleBoard_Paths() {
	b, _ := engine.Parse("2 2 0 4 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0")
	to := b.Paths(engine.Left)
	fmt.Println(to[0], to[1], to[3]) // both 2s end in cell 0; the 4 slides to cell 1
	// Output: 0 0 1
}
