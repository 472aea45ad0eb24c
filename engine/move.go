package engine

import "github.com/term2048/2048/tables"

// Move slides every tile toward d and merges equal pairs once, as the game
// does. It reports the points scored (the values of the merged tiles) and
// whether anything moved; it never spawns. An invalid direction moves nothing.
func (b Board) Move(d Direction) (next Board, points uint32, moved bool) {
	switch d {
	case Left:
		next, points = join(leftRows(b))
	case Right:
		next, points = join(rightRows(b))
	case Up:
		next, points = join(leftRows(b.Transpose()))
		next = next.Transpose()
	case Down:
		next, points = join(rightRows(b.Transpose()))
		next = next.Transpose()
	default:
		return b, 0, false
	}
	return next, points, next != b
}

// Slide returns the board after moving toward d, as Move does, without the
// points: the cheaper call when only the board matters (nneonneo's
// execute_move). An invalid direction moves nothing.
func (b Board) Slide(d Direction) Board {
	switch d {
	case Left:
		return b.slideLeft()
	case Right:
		return b.slideRight()
	case Up:
		return b.slideUp()
	case Down:
		return b.slideDown()
	}
	return b
}

// The four moves without points, each small enough for the compiler to
// inline into its caller; written out flat to stay under its budget.

func (b Board) slideLeft() Board {
	return Board(tables.Left(tables.Line(b>>48)).Line())<<48 | Board(tables.Left(tables.Line(b>>32)).Line())<<32 |
		Board(tables.Left(tables.Line(b>>16)).Line())<<16 | Board(tables.Left(tables.Line(b)).Line())
}

func (b Board) slideRight() Board {
	return Board(tables.Right(tables.Line(b>>48)).Line())<<48 | Board(tables.Right(tables.Line(b>>32)).Line())<<32 |
		Board(tables.Right(tables.Line(b>>16)).Line())<<16 | Board(tables.Right(tables.Line(b)).Line())
}

// Up and down slide the rows of the transpose and transpose back: two
// transpositions cost less than lookups in tables of whole boards, which
// took a megabyte of the processor's caches and of the program's start.

func (b Board) slideUp() Board { return b.Transpose().slideLeft().Transpose() }

func (b Board) slideDown() Board { return b.Transpose().slideRight().Transpose() }

// leftRows slides the four rows of b toward column 0.
func leftRows(b Board) (r0, r1, r2, r3 tables.Result) {
	return tables.Left(tables.Line(b >> 48)), tables.Left(tables.Line(b >> 32)),
		tables.Left(tables.Line(b >> 16)), tables.Left(tables.Line(b))
}

// rightRows slides the four rows of b toward column 3.
func rightRows(b Board) (r0, r1, r2, r3 tables.Result) {
	return tables.Right(tables.Line(b >> 48)), tables.Right(tables.Line(b >> 32)),
		tables.Right(tables.Line(b >> 16)), tables.Right(tables.Line(b))
}

// join assembles four slid rows, top first, and adds up their points.
func join(r0, r1, r2, r3 tables.Result) (Board, uint32) {
	b := Board(r0.Line())<<48 | Board(r1.Line())<<32 | Board(r2.Line())<<16 | Board(r3.Line())
	return b, r0.Points() + r1.Points() + r2.Points() + r3.Points()
}

// Successors returns the board after each move; a move that changes nothing
// gives b itself. It is what a search calls at every node: the four boards
// are separate results, not an array, so that they come back in registers.
func (b Board) Successors() (up, down, left, right Board) {
	t := b.Transpose()
	return t.slideLeft().Transpose(), t.slideRight().Transpose(), b.slideLeft(), b.slideRight()
}

// SuccessorsT is Successors with the transpose of each board after a move,
// for evaluators that read the columns of a board as the rows of its
// transpose: computing both together takes five transpositions, not seven.
func (b Board) SuccessorsT() (up, down, left, right, upT, downT, leftT, rightT Board) {
	t := b.Transpose()
	upT, downT = t.slideLeft(), t.slideRight()
	left, right = b.slideLeft(), b.slideRight()
	return upT.Transpose(), downT.Transpose(), left, right, upT, downT, left.Transpose(), right.Transpose()
}

// Next returns the boards after each move as an array indexed by direction,
// for loops over the moves; see Successors.
func (b Board) Next() [NumDirections]Board {
	u, d, l, r := b.Successors()
	return [NumDirections]Board{u, d, l, r}
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
	// On a full board a move merges two equal neighbours, which the opposite
	// move merges too: left and up are enough.
	return b.slideLeft() != b || b.slideUp() != b
}
