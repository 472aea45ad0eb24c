package engine_test

import (
	"math/rand/v2"
	"testing"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/engine/positions"
	"github.com/term2048/2048/tables"
)

// benchBoards returns the boards of the project's benchmark positions.
func benchBoards(tb testing.TB) []engine.Board { return positions.Boards("") }

// reportPer reports the time per operation when each loop iteration did n.
func reportPer(b *testing.B, n int, unit string) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/"+unit)
}

func BenchmarkMove(b *testing.B) {
	boards := benchBoards(b)
	for d := range engine.Direction(engine.NumDirections) {
		b.Run(d.String(), func(b *testing.B) {
			var sink engine.Board
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
	for d := range engine.Direction(engine.NumDirections) {
		b.Run(d.String(), func(b *testing.B) {
			var sink engine.Board
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
		f    func([]engine.Board) engine.Board
	}{{"up", engine.SlideAllUp}, {"down", engine.SlideAllDown}, {"left", engine.SlideAllLeft}, {"right", engine.SlideAllRight}}
	for _, mv := range moves {
		b.Run(mv.name, func(b *testing.B) {
			var sink engine.Board
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
	var sink engine.Board
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
	var sink engine.Board
	for b.Loop() {
		for _, x := range boards {
			n, _ := x.Spawn(r)
			sink ^= n.Board
		}
	}
	reportPer(b, len(boards), "spawn")
	_ = sink
}
