package review_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// benchGame is a fixed game of 2,000 moves, played by the AI at 3 plies
// from seed 1 (it reaches 2048), saved as engine.Game's JSON.
const benchGame = "testdata/game2000.json"

// BenchmarkReview reviews the fixed game at the default setting, with one
// worker and with two, and reports the time a move.
func BenchmarkReview(b *testing.B) {
	data, err := os.ReadFile(benchGame)
	if err != nil {
		b.Fatal(err)
	}
	var e engine.Game
	if err := e.UnmarshalJSON(data); err != nil {
		b.Fatal(err)
	}
	g := review.Game{Transcript: e.Transcript()}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			moves := 0
			for b.Loop() {
				rev, err := review.Run(context.Background(), g, review.Options{Workers: workers})
				if err != nil {
					b.Fatal(err)
				}
				moves += len(rev.Moves)
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(moves), "ms/move")
			b.ReportMetric(0, "ns/op")
		})
	}
}
