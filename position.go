package main

import (
	"fmt"
	"strings"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// Hint and review show positions and the values of their moves alike.

// writeBoard draws b as a grid of right-aligned tile values, "." for empty.
func writeBoard(sb *strings.Builder, b engine.Board) {
	for i := range engine.NumCells {
		v := "."
		if t := b.Tile(i); t != 0 {
			v = fmt.Sprint(t)
		}
		fmt.Fprintf(sb, "%6s", v)
		if i%4 == 3 {
			sb.WriteByte('\n')
		}
	}
}

// moveValues is the value of each move in JSON, null for an illegal one.
// Its fields keep the order of the directions.
type moveValues struct {
	Up    *float64 `json:"up"`
	Down  *float64 `json:"down"`
	Left  *float64 `json:"left"`
	Right *float64 `json:"right"`
}

// newMoveValues returns the values of the legal moves of r.
func newMoveValues(r ai.Result) moveValues {
	var v [engine.NumDirections]*float64
	for d := range v {
		if r.Legal[d] {
			v[d] = &r.Value[d]
		}
	}
	return moveValues{v[engine.Up], v[engine.Down], v[engine.Left], v[engine.Right]}
}
