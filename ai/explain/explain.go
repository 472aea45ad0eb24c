// Package explain says in a few plain words why the AI prefers its move to
// the next best, from what the board shows: that it is the only move that
// does not lose the game at once, that it keeps the largest tile in its
// corner or puts it in one, that it keeps the largest tile's row or column
// full, that it merges larger tiles, or that it leaves more empty cells.
//
// Each reason is a fact about the boards the two moves lead to, before the
// new tile, checked on those boards; where no such fact tells the two
// moves apart, it says nothing rather than guess. It does not claim that
// the fact is what the AI weighed, only that the fact holds. A reason
// costs a few moves of the board: it is cheap enough to find on every
// frame.
package explain

import (
	"fmt"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// A Kind is what a Reason says.
type Kind uint8

// The kinds of reasons, from the first looked for to the last: Why gives
// the first that holds.
const (
	None        Kind = iota // nothing to say
	Survives                // Best does not lose the game at once; every other legal move does
	KeepsCorner             // Best leaves the largest tile in the corner it is in; Other takes it out of every corner
	IntoCorner              // Best moves the largest tile into a corner; Other leaves it out of every corner
	FullLine                // Best keeps or makes the row or the column of the largest tile, in a corner, full; Other leaves a cell of it empty
	Merges                  // Best merges a pair of tiles larger than any pair Other merges
	Space                   // Best leaves more empty cells than Other
)

// A Reason is why the AI prefers Best to Other on Board, as a fact of
// the boards they lead to. The zero Reason says nothing.
type Reason struct {
	Kind  Kind
	Board engine.Board     // the position
	Best  engine.Direction // the AI's move
	Other engine.Direction // the next best move
	// Only is set when the fact tells Best apart from every other legal
	// move, not from Other only. (Never for Merges and Space: the move
	// opposite Best merges as many tiles of each value.)
	Only bool
	// Tile is the value of the tile named: the largest tile (KeepsCorner,
	// IntoCorner, FullLine), or the tiles Best merges (Merges).
	Tile int
	// Column is set when the line of a FullLine reason is the largest
	// tile's column, not its row; Filled when it was not full before Best.
	Column, Filled bool
	// Pairs is the number of pairs of Tile that Best merges (Merges).
	Pairs int
	// Empty and OtherEmpty are the empty cells Best and Other leave once
	// the new tile is on the board (Space).
	Empty, OtherEmpty int
}

// Why returns why the AI prefers its move on r.Board to the next best (of
// the other legal moves, those that do not lose at once first, then the
// one of the smallest loss, the first in the order of the directions among
// equals): the first of the kinds that holds, or the zero Reason if none
// does, if the next best is as good (its verdict is best too), or if fewer
// than two moves are legal.
func Why(r ai.Result) Reason {
	rs := review.Rate(r)
	other, ok := nextBest(r, rs)
	if !ok || rs[other].Verdict == review.Best {
		return Reason{}
	}
	base := Reason{Board: r.Board, Best: r.Best, Other: other}
	for _, find := range []func(Reason, ai.Result, [engine.NumDirections]review.Rating) (Reason, bool){
		survives, keepsCorner, intoCorner, fullLine, merges, space,
	} {
		if why, ok := find(base, r, rs); ok {
			return why
		}
	}
	return Reason{}
}

// nextBest returns the next best legal move of r after its best, as Why
// says; ok is false if r has no other legal move.
func nextBest(r ai.Result, rs [engine.NumDirections]review.Rating) (next engine.Direction, ok bool) {
	for d := range engine.Direction(engine.NumDirections) {
		if d == r.Best || !r.Legal[d] {
			continue
		}
		if !ok || rs[next].Loses && !rs[d].Loses || rs[next].Loses == rs[d].Loses && rs[d].Loss < rs[next].Loss {
			next, ok = d, true
		}
	}
	return next, ok
}

// all reports whether f holds for every legal move of r other than its best.
func all(r ai.Result, f func(engine.Direction) bool) bool {
	for d := range engine.Direction(engine.NumDirections) {
		if d != r.Best && r.Legal[d] && !f(d) {
			return false
		}
	}
	return true
}

// Text writes the reason as a sentence, each move named by name: "left
// keeps the 512 in its corner, down does not"; "" for the zero Reason.
func (w Reason) Text(name func(engine.Direction) string) string {
	best, other := name(w.Best), name(w.Other)
	var claim string
	switch w.Kind {
	case Survives:
		claim = "does not lose"
	case KeepsCorner:
		claim = fmt.Sprintf("keeps the %d in its corner", w.Tile)
	case IntoCorner:
		claim = fmt.Sprintf("puts the %d in a corner", w.Tile)
	case FullLine:
		claim = w.lineText()
	case Merges:
		claim = "merges " + w.mergedText()
	case Space:
		return fmt.Sprintf("%s leaves %s, %s %s", best, cells(w.Empty), other, number(w.OtherEmpty))
	default:
		return ""
	}
	if w.Only {
		return best + " is the only move that " + claim
	}
	return best + " " + claim + ", " + other + " does not"
}

// String writes the reason with the moves named by their directions.
func (w Reason) String() string { return w.Text(engine.Direction.String) }

// mergedText names the tiles a Merges reason merges: "the two 64s" when
// the board holds no other 64, "two 64s", "two pairs of 64s".
func (w Reason) mergedText() string {
	switch {
	case w.Pairs == 1 && count(w.Board, rankOf(w.Tile)) == 2:
		return fmt.Sprintf("the two %ds", w.Tile)
	case w.Pairs == 1:
		return fmt.Sprintf("two %ds", w.Tile)
	}
	return fmt.Sprintf("%s pairs of %ds", pairs(w.Pairs), w.Tile)
}

// rankOf returns the rank of the tile of value v.
func rankOf(v int) uint8 {
	r, _ := engine.RankOf(v)
	return r
}

// lineText says what a FullLine reason's move does: "keeps the 512's row
// full", "fills the 512's column".
func (w Reason) lineText() string {
	line := "row"
	if w.Column {
		line = "column"
	}
	if w.Filled {
		return fmt.Sprintf("fills the %d's %s", w.Tile, line)
	}
	return fmt.Sprintf("keeps the %d's %s full", w.Tile, line)
}

// cells writes a number of empty cells: "no empty cell", "1 empty cell",
// "5 empty cells".
func cells(n int) string {
	switch n {
	case 0:
		return "no empty cell"
	case 1:
		return "1 empty cell"
	}
	return fmt.Sprintf("%d empty cells", n)
}

// number writes a count: "none", "1", "12".
func number(n int) string {
	if n == 0 {
		return "none"
	}
	return fmt.Sprint(n)
}

// pairs writes a number of pairs in words: "two", "three", "four".
func pairs(n int) string {
	if n >= 2 && n <= 4 {
		return [...]string{"two", "three", "four"}[n-2]
	}
	return fmt.Sprint(n)
}
