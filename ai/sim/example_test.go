package sim_test

import (
	"context"
	"fmt"

	"github.com/term2048/2048/ai/sim"
)

// Play ten games of the greedy player, seeded 1 to 10, on two workers, and
// sum them up. The games depend on the seeds alone, so the figures are the
// same on every machine and with any number of workers.
func Example() {
	run := sim.Config{Player: sim.Player{Kind: sim.Greedy}, Games: 10, Seed: 1, Workers: 2}
	outcome, err := sim.Run(context.Background(), run, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := outcome.Summary()
	fmt.Printf("%d games of %v: mean score %.1f, median %.1f, largest tile %d\n",
		s.Games, run.Player, s.MeanScore, s.MedianScore, s.MaxTile)
	// The summary gives the reach of the tiles from 1024; Reach gives any.
	rate := sim.Reach(outcome.Games, 9) // rank 9: the tile 512
	fmt.Printf("%d reached in %d of %d games, 95%% interval [%.3f, %.3f]\n",
		rate.Tile, rate.Games, s.Games, rate.Low, rate.High)

	// Each record replays its game.
	first := outcome.Games[0]
	game, err := first.Replay()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("game of seed %d: %d moves, score %d, ends on %v\n", first.Seed, game.MoveCount(), game.Score(), game.Board())
	// Output:
	// 10 games of greedy: mean score 4830.0, median 4854.0, largest tile 512
	// 512 reached in 5 of 10 games, 95% interval [0.237, 0.763]
	// game of seed 1: 317 moves, score 3916, ends on 256 128 8 2 / 128 32 16 8 / 64 8 2 4 / 2 16 32 8
}
