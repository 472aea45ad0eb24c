// Package positions holds the project's fixed benchmark boards, embedded in
// the program once, and the one parser of their file format. Every benchmark,
// test and "2048 bench" measures these boards, so that their figures can be
// compared with one another and with other programs timed on the same boards.
//
// The boards come from three sources: 50 positions after 100 uniformly random
// legal moves ([Random]), and 20 mid-game and 20 late-game positions from
// strong self-play ([Mid], [Late]).
package positions

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/term2048/2048/engine"
)

// The sources of the positions.
const (
	Random = "random" // after 100 uniformly random legal moves
	Mid    = "mid"    // from the middle of strong self-play games
	Late   = "late"   // from late in strong self-play games
)

// A Position is a benchmark board and the source it comes from.
type Position struct {
	Source string
	Board  engine.Board
}

//go:embed positions.txt
var text string

// all is the embedded positions, parsed once.
var all = mustParse(text)

// mustParse parses the embedded file, which the tests check: a failure is a
// broken build, as a bad pattern is for regexp.MustCompile.
func mustParse(s string) []Position {
	ps, err := Parse(s)
	if err != nil {
		panic("positions.txt: " + err.Error())
	}
	return ps
}

// All returns every embedded position, in the order of the file.
func All() []Position { return append([]Position(nil), all...) }

// Boards returns the boards of the embedded positions from source, or all of
// them for "".
func Boards(source string) []engine.Board {
	var out []engine.Board
	for _, p := range all {
		if source == "" || p.Source == source {
			out = append(out, p.Board)
		}
	}
	return out
}

// Parse reads the positions format: one position a line, its source and its
// board as 16 comma-separated ranks row by row from the top-left cell (0 for
// an empty cell, 1 for the tile 2, …; see [engine.ParseRanks]), separated by
// blanks. Blank lines and lines starting with # are ignored. An error names
// the line.
func Parse(s string) ([]Position, error) {
	var out []Position
	for n, line := range strings.Split(s, "\n") {
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
		out = append(out, Position{f[0], b})
	}
	return out, nil
}
