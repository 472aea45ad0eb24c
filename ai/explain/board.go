package explain

import (
	"slices"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// This file finds the facts of the board behind each kind of reason. Every
// fact is of the boards the moves lead to before the new tile, which takes
// an empty cell and can neither move nor merge a tile.

// corners are the cells in the corners of the board.
var corners = [...]int{0, 3, 12, 15}

// after returns the board d leads to from b, before the new tile.
func after(b engine.Board, d engine.Direction) engine.Board {
	next, _, _ := b.Move(d)
	return next
}

// count returns the number of tiles of rank on b.
func count(b engine.Board, rank uint8) int {
	n := 0
	for i := range engine.NumCells {
		if b.Cell(i) == rank {
			n++
		}
	}
	return n
}

// cornered reports whether a corner of b holds a tile of rank.
func cornered(b engine.Board, rank uint8) bool {
	for _, c := range corners {
		if b.Cell(c) == rank {
			return true
		}
	}
	return false
}

// largest returns the cell of the largest tile of b, the first if there
// are several, and whether it is the only tile of its value.
func largest(b engine.Board) (cell int, only bool) {
	for i := range engine.NumCells {
		if b.Cell(i) > b.Cell(cell) {
			cell = i
		}
	}
	return cell, count(b, b.Cell(cell)) == 1
}

// outOfCorners returns a test of whether a move of r leaves no tile of rank
// in any corner.
func outOfCorners(r ai.Result, rank uint8) func(engine.Direction) bool {
	return func(d engine.Direction) bool { return !cornered(after(r.Board, d), rank) }
}

// survives: the best move does not lose at once, the next best does, and
// so every other move does (see nextBest).
func survives(why Reason, r ai.Result, rs [engine.NumDirections]review.Rating) (Reason, bool) {
	if rs[r.Best].Loses || !rs[why.Other].Loses {
		return why, false
	}
	why.Kind, why.Only = Survives, true
	return why, true
}

// keepsCorner: the largest tile, the only one of its value, is in a
// corner; the best move leaves it there, and no other tile of its value
// anywhere; the next best leaves no tile of its value in any corner.
func keepsCorner(why Reason, r ai.Result, _ [engine.NumDirections]review.Rating) (Reason, bool) {
	c, only := largest(r.Board)
	rank := r.Board.Cell(c)
	if !only || !isCorner(c) {
		return why, false
	}
	// A tile in a corner that is there after the move is the same tile: it
	// leaves the corner whenever a tile could come into it.
	if a := after(r.Board, r.Best); a.Cell(c) != rank || count(a, rank) != 1 {
		return why, false
	}
	out := outOfCorners(r, rank)
	if !out(why.Other) {
		return why, false
	}
	why.Kind, why.Tile, why.Only = KeepsCorner, engine.TileValue(rank), all(r, out)
	return why, true
}

// intoCorner: the largest tile, the only one of its value, is out of the
// corners; the best move puts it in one, and makes no other tile of its
// value; the next best leaves no tile of its value in any corner.
func intoCorner(why Reason, r ai.Result, _ [engine.NumDirections]review.Rating) (Reason, bool) {
	c, only := largest(r.Board)
	rank := r.Board.Cell(c)
	if !only || isCorner(c) {
		return why, false
	}
	// The largest tile cannot merge: the one tile of its value on the
	// board after the move is the same tile.
	if a := after(r.Board, r.Best); !cornered(a, rank) || count(a, rank) != 1 {
		return why, false
	}
	out := outOfCorners(r, rank)
	if !out(why.Other) {
		return why, false
	}
	why.Kind, why.Tile, why.Only = IntoCorner, engine.TileValue(rank), all(r, out)
	return why, true
}

// fullLine: the largest tile, the only one of its value, is in a corner
// and stays there after the best move and after the next best; the best
// leaves its row (else its column), an edge of the board, full, the next
// best leaves a cell of it empty, where a new tile can come.
func fullLine(why Reason, r ai.Result, _ [engine.NumDirections]review.Rating) (Reason, bool) {
	c, only := largest(r.Board)
	rank := r.Board.Cell(c)
	if !only || !isCorner(c) {
		return why, false
	}
	best, other := after(r.Board, r.Best), after(r.Board, why.Other)
	if best.Cell(c) != rank || other.Cell(c) != rank {
		return why, false
	}
	for _, column := range []bool{false, true} {
		cells := lineOf(c, column)
		if !full(best, cells) || full(other, cells) {
			continue
		}
		why.Kind, why.Tile, why.Column, why.Filled = FullLine, engine.TileValue(rank), column, !full(r.Board, cells)
		why.Only = all(r, func(d engine.Direction) bool {
			a := after(r.Board, d)
			return a.Cell(c) == rank && !full(a, cells)
		})
		return why, true
	}
	return why, false
}

// lineOf returns the cells of the row of cell c, or of its column.
func lineOf(c int, column bool) [4]int {
	if column {
		return [4]int{c % 4, c%4 + 4, c%4 + 8, c%4 + 12}
	}
	r := c - c%4
	return [4]int{r, r + 1, r + 2, r + 3}
}

// full reports whether every one of cells holds a tile on b.
func full(b engine.Board, cells [4]int) bool {
	for _, i := range cells {
		if b.Cell(i) == 0 {
			return false
		}
	}
	return true
}

// isCorner reports whether cell i is in a corner.
func isCorner(i int) bool { return slices.Contains(corners[:], i) }

// mergedPairs returns the pairs that d merges on b, by the rank of the
// tiles merged.
func mergedPairs(b engine.Board, d engine.Direction) (pairs [engine.MaxRank + 1]int) {
	a, made := after(b, d), b.Merges(d)
	for i := range engine.NumCells {
		if made&(1<<i) != 0 {
			pairs[a.Cell(i)-1]++
		}
	}
	return pairs
}

// topMerge returns the rank of the largest tiles merged in pairs, 0 if
// none.
func topMerge(pairs [engine.MaxRank + 1]int) uint8 {
	for k := len(pairs) - 1; k > 0; k-- {
		if pairs[k] > 0 {
			return uint8(k)
		}
	}
	return 0
}

// merges: the best move merges a pair of tiles larger than any pair the
// next best merges. It is never the only move that does: the move opposite
// merges the same runs of equal tiles, from their other end.
func merges(why Reason, r ai.Result, _ [engine.NumDirections]review.Rating) (Reason, bool) {
	pairs := mergedPairs(r.Board, r.Best)
	top := topMerge(pairs)
	if top == 0 || topMerge(mergedPairs(r.Board, why.Other)) >= top {
		return why, false
	}
	why.Kind, why.Tile, why.Pairs = Merges, engine.TileValue(top), pairs[top]
	return why, true
}

// space: the best move leaves more empty cells than the next best, the new
// tile counted.
func space(why Reason, r ai.Result, _ [engine.NumDirections]review.Rating) (Reason, bool) {
	why.Empty = after(r.Board, r.Best).CountEmpty() - 1
	why.OtherEmpty = after(r.Board, why.Other).CountEmpty() - 1
	if why.Empty <= why.OtherEmpty {
		return Reason{}, false
	}
	why.Kind = Space
	return why, true
}
