package ai

import (
	"math/bits"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tables"
)

// The last layer of the search, where most of its time goes: a chance node
// whose spawns all lead to max nodes whose moves all end in leaves.
//
// With a line evaluator (Lines) it is worked out line by line. A spawn
// changes one row and one column of the board, so each move of the board
// after the spawn differs from the same move of the board before it in one
// line only: the slides and values of the other lines are found once for the
// chance node, and each leaf takes one slide and thirteen lookups fewer.
// The values are the float32 sums Lines.sumT makes, pair by pair as it adds
// (floating-point addition is commutative, though not associative), so they
// equal those of leafMax to the last bit; TestLineLeaves checks it.

// leafSpawns returns the sum, over the empty cells of b in the order of
// nextSpawn, of spawnPair of the values of the boards after a 2 and after a
// 4 there, each a max node whose moves all end in leaves: what chanceNode
// divides by the number of cells.
func (w *worker) leafSpawns(b engine.Board, empty uint64) float64 {
	sum := 0.0
	if w.lines == nil {
		for e := empty; e != 0; {
			var two engine.Board
			two, e = nextSpawn(e)
			sum += spawnPair(w.leafMax(b|two), w.leafMax(b|two<<1))
		}
		return sum
	}
	var ll lineLeaves
	ll.init(w.lines, b)
	leaves := uint64(0)
	for e := empty; e != 0; {
		var two engine.Board
		two, e = nextSpawn(e)
		cell := (60 - bits.TrailingZeros64(uint64(two))) / 4
		v2, n2 := w.lineLeafMax(&ll, cell, 1)
		v4, n4 := w.lineLeafMax(&ll, cell, 2)
		sum += spawnPair(v2, v4)
		leaves += n2 + n4
	}
	maxNodes := 2 * uint64(bits.OnesCount64(empty))
	w.Nodes += maxNodes + leaves
	w.Leaves += leaves
	w.MovesTried += maxNodes * engine.NumDirections
	return sum
}

// lineLeaves holds the four moves of a board after a move, before the spawn,
// as slid lines with their values.
type lineLeaves struct {
	board, transpose engine.Board
	left, right      slidLines // the rows slid, valued by the row table
	up, down         slidLines // the columns slid, as rows of the transpose, valued by the column table
}

// slidLines are the four lines of a board (its rows, or its columns as the
// rows of its transpose) after a slide, top or left first, as a board, and
// their values arranged for a sum with one of them replaced: the value of
// line k is added first to partner[k], then to pair[k], as rowSum adds.
type slidLines struct {
	board         engine.Board
	partner, pair [4]float32
}

// lineShift is the shift of row k of a board.
func lineShift(k int) uint { return uint(48-16*k) & 63 }

// init sets ll up for the board b and the evaluator e, in place: the
// structure is large for a value that the last layer makes at every chance
// node.
func (ll *lineLeaves) init(e *Lines, b engine.Board) {
	ll.board, ll.transpose = b, b.Transpose()
	slideLines(b, e.row, &ll.left, &ll.right)
	slideLines(ll.transpose, e.col, &ll.up, &ll.down)
}

// slideLines slides the rows of b left and right and values them in t.
func slideLines(b engine.Board, t *[tables.NumLines]float32, left, right *slidLines) {
	l0, r0 := tables.Left(tables.Line(b>>48)).Line(), tables.Right(tables.Line(b>>48)).Line()
	l1, r1 := tables.Left(tables.Line(b>>32)).Line(), tables.Right(tables.Line(b>>32)).Line()
	l2, r2 := tables.Left(tables.Line(b>>16)).Line(), tables.Right(tables.Line(b>>16)).Line()
	l3, r3 := tables.Left(tables.Line(b)).Line(), tables.Right(tables.Line(b)).Line()
	left.board = engine.Board(l0)<<48 | engine.Board(l1)<<32 | engine.Board(l2)<<16 | engine.Board(l3)
	right.board = engine.Board(r0)<<48 | engine.Board(r1)<<32 | engine.Board(r2)<<16 | engine.Board(r3)
	left.pairUp(t[l0], t[l1], t[l2], t[l3])
	right.pairUp(t[r0], t[r1], t[r2], t[r3])
}

// pairUp sets partner and pair from the values of the four lines.
func (s *slidLines) pairUp(v0, v1, v2, v3 float32) {
	s.partner = [4]float32{v1, v0, v3, v2}
	top, bottom := v0+v1, v2+v3
	s.pair = [4]float32{bottom, bottom, top, top}
}

// with returns the board of s with line k replaced by l, and the sum of the
// values of its lines, l valued in t: rowSum of that board, to the bit.
func (s *slidLines) with(k int, l tables.Line, t *[tables.NumLines]float32) (engine.Board, float32) {
	sh := lineShift(k)
	return s.board&^(0xFFFF<<sh) | engine.Board(l)<<sh, (t[l] + s.partner[k&3]) + s.pair[k&3]
}

// lineLeafMax is leafMax for the board of ll with a tile of the given rank
// spawned in the empty cell: the same moves in the same order, and the same
// value. It returns its number of leaves, the legal moves, and counts
// nothing itself: leafSpawns adds up the counts of its max nodes in
// registers and adds them to the worker's once, where an increment of the
// counters in memory for each node and leaf chained them through
// store-to-load forwarding (2-4% of the time of a search).
func (w *worker) lineLeafMax(ll *lineLeaves, cell int, rank engine.Board) (float64, uint64) {
	row, col := w.lines.row, w.lines.col
	i, j := cell/4&3, cell%4 // its row and column
	b := ll.board | rank<<(uint(60-4*cell)&63)
	t := ll.transpose | rank<<(uint(60-4*(4*j+i))&63)
	rowLine, colLine := tables.Line(b>>lineShift(i)), tables.Line(t>>lineShift(j))
	best, leaves := w.lost, uint64(0)
	if ut, cols := ll.up.with(j, tables.Left(colLine).Line(), col); ut != t {
		best, leaves = better(best, rowSum(row, ut.Transpose())+cols), leaves+1
	}
	if dt, cols := ll.down.with(j, tables.Right(colLine).Line(), col); dt != t {
		best, leaves = better(best, rowSum(row, dt.Transpose())+cols), leaves+1
	}
	if l, rows := ll.left.with(i, tables.Left(rowLine).Line(), row); l != b {
		best, leaves = better(best, rows+rowSum(col, l.Transpose())), leaves+1
	}
	if r, rows := ll.right.with(i, tables.Right(rowLine).Line(), row); r != b {
		best, leaves = better(best, rows+rowSum(col, r.Transpose())), leaves+1
	}
	return best, leaves
}

// better returns the better of best and the value v of a leaf.
func better(best float64, v float32) float64 {
	if float64(v) > best {
		return float64(v)
	}
	return best
}
