package ai

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/engine/positions"
)

// parseRanks reads 16 comma-separated ranks, the form of the bench files.
func parseRanks(tb testing.TB, s string) engine.Board {
	tb.Helper()
	b, err := engine.ParseRanks(s)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// readLines returns the fields of the non-comment lines of the file at path.
func readLines(tb testing.TB, path string) [][]string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, strings.Fields(line))
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// A position of agreement.txt: nneonneo's choice and values at its defaults.
type agreement struct {
	phase string
	board engine.Board
	best  engine.Direction
	value [engine.NumDirections]float64
	legal [engine.NumDirections]bool
	depth int // nneonneo's depth limit, the root move not counted
}

func readAgreement(tb testing.TB) []agreement {
	var out []agreement
	for _, f := range readLines(tb, "testdata/agreement.txt") {
		if len(f) != 10 {
			tb.Fatalf("agreement line %v has %d fields", f, len(f))
		}
		a := agreement{phase: f[0], board: parseRanks(tb, f[2])}
		var err error
		if a.best, err = engine.ParseDirection(f[3]); err != nil {
			tb.Fatal(err)
		}
		for d := range a.value {
			if f[4+d] == "-" {
				continue
			}
			a.legal[d] = true
			if a.value[d], err = strconv.ParseFloat(f[4+d], 64); err != nil {
				tb.Fatal(err)
			}
		}
		if a.depth, err = strconv.Atoi(f[8]); err != nil {
			tb.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

// readPositions returns the boards of the project's benchmark positions from
// the given source (positions.Random, Mid or Late), or all of them for "".
func readPositions(tb testing.TB, source string) []engine.Board {
	tb.Helper()
	boards := positions.Boards(source)
	if len(boards) == 0 {
		tb.Fatalf("no benchmark positions from %q", source)
	}
	return boards
}
