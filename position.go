package main

import (
	"fmt"
	"strings"

	"github.com/term2048/2048/engine"
)

// Hint and review show positions alike.

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
