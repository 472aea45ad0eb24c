package puzzle_test

import (
	"context"
	"testing"

	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/ai/review"
)

// BenchmarkTwentyGames finds the puzzles of a history of 20 games of a
// weak, seeded player, at the review's default depth, each confirmed a ply
// deeper and checked again by a search of its own: it reports the puzzles
// found (at most 3 a game) and the time a game.
//
//	go test -run '^$' -bench TwentyGames -benchtime 1x ./ai/puzzle
func BenchmarkTwentyGames(b *testing.B) {
	const games = 20
	var found int
	for b.Loop() {
		found = 0
		for seed := uint64(1); seed <= games; seed++ {
			g := sloppyGame(seed, 1000)
			rev, err := review.Run(context.Background(), g, review.Options{Setting: review.Setting{Depth: review.DefaultDepth}})
			if err != nil {
				b.Fatal(err)
			}
			ps, err := puzzle.FromReview(context.Background(), puzzle.NewSearcher(), rev.Moves, puzzle.ConfirmDepth)
			if err != nil {
				b.Fatal(err)
			}
			for _, p := range ps {
				checkPuzzle(b, p, puzzle.ConfirmDepth)
			}
			found += len(ps)
		}
	}
	if found < games {
		b.Errorf("%d puzzles in %d games; want at least %d", found, games, games)
	}
	b.ReportMetric(float64(found), "puzzles")
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*games), "ms/game")
}
