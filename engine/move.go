package engine

import "github.com/term2048/2048/tables"

// Move slides every tile toward d and merges equal pairs once, as the game
// does. It reports the points scored (the values of the merged tiles) and
// whether anything moved; it never spawns. An invalid direction moves nothing.
func (b Board) Move(d Direction) (next Board, points uint32, moved bool) {
	switch d {
	case Left:
		next, points = slideLeft(b)
	case Right:
		next, points = slideRight(b)
	case Up:
		next, points = slideLeft(b.Transpose())
		next = next.Transpose()
	case Down:
		next, points = slideRight(b.Transpose())
		next = next.Transpose()
	default:
		return b, 0, false
	}
	return next, points, next != b
}

// slideLeft slides the four rows of b toward column 0.
func slideLeft(b Board) (Board, uint32) {
	r0, r1 := tables.Left(tables.Line(b>>48)), tables.Left(tables.Line(b>>32))
	r2, r3 := tables.Left(tables.Line(b>>16)), tables.Left(tables.Line(b))
	return join(r0, r1, r2, r3)
}

// slideRight slides the four rows of b toward column 3.
func slideRight(b Board) (Board, uint32) {
	r0, r1 := tables.Right(tables.Line(b>>48)), tables.Right(tables.Line(b>>32))
	r2, r3 := tables.Right(tables.Line(b>>16)), tables.Right(tables.Line(b))
	return join(r0, r1, r2, r3)
}

// join assembles four slid rows, top first, and adds up their points.
func join(r0, r1, r2, r3 tables.Result) (Board, uint32) {
	b := Board(r0.Line())<<48 | Board(r1.Line())<<32 | Board(r2.Line())<<16 | Board(r3.Line())
	return b, r0.Points() + r1.Points() + r2.Points() + r3.Points()
}

// Successors returns the board after each move, indexed by direction; a move
// that changes nothing gives b itself. It shares one transposition between up
// and down, and is what a search calls at every node.
func (b Board) Successors() [NumDirections]Board {
	var s [NumDirections]Board
	s[Left], _ = slideLeft(b)
	s[Right], _ = slideRight(b)
	t := b.Transpose()
	up, _ := slideLeft(t)
	down, _ := slideRight(t)
	s[Up], s[Down] = up.Transpose(), down.Transpose()
	return s
}

// CanMove reports whether moving toward d changes the board.
func (b Board) CanMove(d Direction) bool {
	_, _, moved := b.Move(d)
	return moved
}

// LegalMoves returns the directions that change the board, in direction
// order; none means the game is over.
func (b Board) LegalMoves() []Direction {
	var ds []Direction
	for d := range Direction(NumDirections) {
		if b.CanMove(d) {
			ds = append(ds, d)
		}
	}
	return ds
}

// HasMove reports whether any move changes the board. A full board with two
// equal neighbours still has a move.
func (b Board) HasMove() bool {
	if b.CountEmpty() > 0 {
		return true
	}
	for _, n := range b.Successors() {
		if n != b {
			return true
		}
	}
	return false
}

// Merges returns the cells of the board after moving toward d that hold a tile
// made by a merge in that move, as a bit set (bit i for cell i). It applies the
// reference rule line by line, for a display to highlight the merges; it is
// not meant for hot paths.
func (b Board) Merges(d Direction) uint16 {
	var set uint16
	for k := range 4 {
		var line tables.Line
		switch d {
		case Left, Right:
			line = b.Row(k)
		case Up, Down:
			line = b.Col(k)
		default:
			return 0
		}
		if d == Right || d == Down {
			line = line.Reverse()
		}
		merged := tables.Slide(line.Cells()).Merged
		for j, m := range merged {
			if !m {
				continue
			}
			if d == Right || d == Down {
				j = 3 - j
			}
			cell := 4*k + j // a row: cell (k, j)
			if d == Up || d == Down {
				cell = 4*j + k // a column: cell (j, k)
			}
			set |= 1 << cell
		}
	}
	return set
}
