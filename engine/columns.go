package engine

import "github.com/term2048/2048/tables"

// The column tables: for each line, the line slid toward cell 0 (up) or cell 3
// (down), spread into column 0 of a board, so that moving a column is one
// lookup and a shift with no transposition back (see slideUp). They are
// derived from the row tables, once, and never change.
var (
	colUp   = *tables.Build(func(l tables.Line) Board { return spread(tables.Left(l).Line()) })
	colDown = *tables.Build(func(l tables.Line) Board { return spread(tables.Right(l).Line()) })
)

// spread places a line in column 0, cell 0 at the top.
func spread(l tables.Line) Board {
	var b Board
	for j := range 4 {
		b = b.With(4*j, l.Cell(j))
	}
	return b
}
