package engine

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/term2048/2048/tables"
)

// benchBoards reads the boards of the project's benchmark positions,
// ../testdata/positions.txt: a source and 16 comma-separated ranks a line.
func benchBoards(tb testing.TB) []Board {
	tb.Helper()
	data, err := os.ReadFile("../testdata/positions.txt")
	if err != nil {
		tb.Fatal(err)
	}
	var boards []Board
	for line := range strings.Lines(string(data)) {
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) != 2 {
			tb.Fatalf("bad position %q", line)
		}
		b, err := ParseRanks(fields[1])
		if err != nil {
			tb.Fatal(err)
		}
		boards = append(boards, b)
	}
	if len(boards) == 0 {
		tb.Fatal("no positions in ../testdata/positions.txt")
	}
	return boards
}

// reportPer reports the time per operation when each loop iteration did n.
func reportPer(b *testing.B, n int, unit string) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/"+unit)
}

func BenchmarkMove(b *testing.B) {
	boards := benchBoards(b)
	for d := range Direction(NumDirections) {
		b.Run(d.String(), func(b *testing.B) {
			var sink Board
			for b.Loop() {
				for _, x := range boards {
					n, _, _ := x.Move(d)
					sink ^= n
				}
			}
			reportPer(b, len(boards), "move")
			_ = sink
		})
	}
}

// BenchmarkSlide times the board-only move, the equivalent of nneonneo's
// execute_move.
func BenchmarkSlide(b *testing.B) {
	boards := benchBoards(b)
	for d := range Direction(NumDirections) {
		b.Run(d.String(), func(b *testing.B) {
			var sink Board
			for b.Loop() {
				for _, x := range boards {
					sink ^= x.Slide(d)
				}
			}
			reportPer(b, len(boards), "move")
			_ = sink
		})
	}
}

// BenchmarkInlined times each move inlined into the loop that calls it, as
// g++ inlines nneonneo's execute_move: the cost of the lookups themselves,
// without the call and the switch on the direction that Slide adds.
func BenchmarkInlined(b *testing.B) {
	boards := benchBoards(b)
	moves := []struct {
		name string
		f    func([]Board) Board
	}{
		{"up", func(bs []Board) (s Board) {
			for _, x := range bs {
				s ^= x.slideUp()
			}
			return s
		}},
		{"down", func(bs []Board) (s Board) {
			for _, x := range bs {
				s ^= x.slideDown()
			}
			return s
		}},
		{"left", func(bs []Board) (s Board) {
			for _, x := range bs {
				s ^= x.slideLeft()
			}
			return s
		}},
		{"right", func(bs []Board) (s Board) {
			for _, x := range bs {
				s ^= x.slideRight()
			}
			return s
		}},
	}
	for _, mv := range moves {
		b.Run(mv.name, func(b *testing.B) {
			var sink Board
			for b.Loop() {
				sink ^= mv.f(boards)
			}
			reportPer(b, len(boards), "move")
			_ = sink
		})
	}
}

func BenchmarkSuccessors(b *testing.B) {
	boards := benchBoards(b)
	var sink Board
	for b.Loop() {
		for _, x := range boards {
			s := x.Next()
			sink ^= s[0] ^ s[1] ^ s[2] ^ s[3]
		}
	}
	reportPer(b, len(boards), "board")
	_ = sink
}

// BenchmarkEightLookups times the pass a line heuristic makes over a board:
// a table lookup for each of the 4 rows and the 4 columns (rows of the
// transpose), summed. It uses the move table's points as the values; the
// AI's own heuristic is BenchmarkEvaluate in package ai.
func BenchmarkEightLookups(b *testing.B) {
	boards := benchBoards(b)
	var sink uint32
	for b.Loop() {
		for _, x := range boards {
			t := x.Transpose()
			sink += tables.Left(tables.Line(x>>48)).Points() + tables.Left(tables.Line(x>>32)).Points() +
				tables.Left(tables.Line(x>>16)).Points() + tables.Left(tables.Line(x)).Points() +
				tables.Left(tables.Line(t>>48)).Points() + tables.Left(tables.Line(t>>32)).Points() +
				tables.Left(tables.Line(t>>16)).Points() + tables.Left(tables.Line(t)).Points()
		}
	}
	reportPer(b, len(boards), "board")
	_ = sink
}

func BenchmarkSpawn(b *testing.B) {
	boards := benchBoards(b)
	r := rand.New(rand.NewPCG(1, 2))
	var sink Board
	for b.Loop() {
		for _, x := range boards {
			n, _ := x.Spawn(r)
			sink ^= n.Board
		}
	}
	reportPer(b, len(boards), "spawn")
	_ = sink
}
