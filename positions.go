package main

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/term2048/2048/engine"
)

// positionsText is the project's fixed set of benchmark positions, a copy of
// the shared bench/positions.txt that the engine's and the AI's benchmarks
// read too. It is embedded so that "2048 bench" measures the same boards
// wherever the binary runs.
//
//go:embed testdata/positions.txt
var positionsText string

// A position is one line of positions.txt: where the board comes from
// ("random", "mid" or "late") and the board.
type position struct {
	source string
	board  engine.Board
}

// parsePositions reads the positions file format: one "source ranks" line a
// position, the 16 ranks comma-separated row by row (0 empty, 1 the tile 2,
// …), blank lines and lines starting with # ignored.
func parsePositions(text string) ([]position, error) {
	var out []position
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, fmt.Errorf("line %d: %d fields; want a source and a board", n+1, len(f))
		}
		b, err := engine.ParseRanks(f[1])
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
		out = append(out, position{f[0], b})
	}
	return out, nil
}

// boardsFrom returns the boards of the positions from source, or all of them
// for "".
func boardsFrom(ps []position, source string) []engine.Board {
	var out []engine.Board
	for _, p := range ps {
		if source == "" || p.source == source {
			out = append(out, p.board)
		}
	}
	return out
}
