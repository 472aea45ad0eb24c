package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// A simRun is what one run of sim plays: games games, the i-th seeded
// seed+i, shared out among workers goroutines, each with its own player.
type simRun struct {
	player  playerSpec
	games   int
	seed    uint64
	workers int
}

// A gameOutcome is what a worker reports of one game.
type gameOutcome struct {
	index int
	game  gameResult
	err   error
}

// runGames plays the games of r and returns the finished ones in seed
// order. It reports each finished game to prog.
//
// If ctx is cancelled, no further game starts, the games being played stop
// within a move, and runGames returns the finished games, the number of
// games cut short, and ctx's error. A player's failure stops the run too,
// with that error. No goroutine outlives the call.
func runGames(ctx context.Context, r simRun, prog *progress) (games []gameResult, interrupted int, err error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	jobs := make(chan int)
	outcomes := make(chan gameOutcome)
	var wg sync.WaitGroup
	for range min(r.workers, r.games) {
		players := r.player.newPlayers()
		wg.Go(func() {
			for i := range jobs {
				if ctx.Err() != nil {
					continue // not started: the feeder lost a race with the cancellation
				}
				seed := r.seed + uint64(i)
				g, err := playGame(ctx, players(seed), seed, &prog.moves)
				outcomes <- gameOutcome{i, g, err}
			}
		})
	}
	go func() {
		defer close(jobs)
		for i := range r.games {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(outcomes)
	}()

	var done []gameOutcome
	for o := range outcomes {
		switch {
		case o.err == nil:
			done = append(done, o)
			prog.gameDone()
		case ctx.Err() != nil && errors.Is(o.err, ctx.Err()):
			interrupted++
		default:
			cancel(o.err) // a failure: stop the other workers
		}
	}
	slices.SortFunc(done, func(a, b gameOutcome) int { return cmp.Compare(a.index, b.index) })
	for _, o := range done {
		games = append(games, o.game)
	}
	return games, interrupted, context.Cause(ctx)
}

// playGame plays the game of seed with p until no move is left, adding each
// move to moves as it is played. It returns ctx's error if ctx is done
// before the end, and an error if p chooses a move that changes nothing.
func playGame(ctx context.Context, p ai.Player, seed uint64, moves *atomic.Int64) (gameResult, error) {
	start := time.Now()
	g := engine.NewGame(seed)
	res := gameResult{Seed: seed}
	for r := range res.First {
		res.First[r] = -1
	}
	note := func() {
		for _, r := range g.Board().Ranks() {
			if r != 0 && !res.reached(r) {
				res.First[r] = g.MoveCount()
			}
		}
	}
	note()
	for !g.Over() {
		r, err := p.Play(ctx, g.Board())
		if err != nil {
			return gameResult{}, err
		}
		if !r.HasMove() {
			return gameResult{}, fmt.Errorf("game of seed %d, move %d: the player found no move on %v", seed, g.MoveCount()+1, g.Board())
		}
		if _, ok := g.Move(r.Best); !ok {
			return gameResult{}, fmt.Errorf("game of seed %d, move %d: the player chose %v, which changes nothing on %v", seed, g.MoveCount()+1, r.Best, g.Board())
		}
		res.Evals += r.MovesTried
		moves.Add(1)
		note()
	}
	res.Score, res.MaxTile, res.Moves = g.Score(), g.HighestTile(), g.MoveCount()
	res.Elapsed = time.Since(start)
	return res, nil
}
