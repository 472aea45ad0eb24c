package ntuple

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"github.com/term2048/2048/engine"
)

// FirstBoards plays games with net at one ply (the move of highest points
// plus value), game i from seed and i, and returns the first board of each
// game, in the order of the games, that holds tile: the board as it stands
// after the tile's merge and the new tile, the player to move. These are
// where a later stage's training games start (see Trainer.SetStarts). It
// returns n boards and the number of games it played to find them, on
// workers goroutines; it gives up, with an error, once 1,000 games or more
// have found tile in fewer than one game in 1,000, or once ctx is done.
func FirstBoards(ctx context.Context, net *Network, tile, n int, seed uint64, workers int) ([]engine.Board, int, error) {
	rank, ok := engine.RankOf(tile)
	switch {
	case !ok || rank == 0:
		return nil, 0, fmt.Errorf("tile %d: want a power of 2 from 2 to 32768", tile)
	case n < 1:
		return nil, 0, fmt.Errorf("%d boards: want 1 or more", n)
	}
	workers = max(workers, 1)
	var boards []engine.Board
	games := 0
	for len(boards) < n {
		// A batch of games at once, so that the workers share out the
		// games, yet the boards come in the order of the games.
		batch := max(2*(n-len(boards)), 4*workers)
		found := make([]engine.Board, batch)
		first := games // the index of the batch's first game
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				for ctx.Err() == nil {
					i := int(next.Add(1)) - 1
					if i >= batch {
						return
					}
					found[i] = firstHolding(net, rank, rand.New(rand.NewPCG(seed, uint64(first+i))))
				}
			})
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return nil, games, err
		}
		for _, b := range found {
			games++
			if b != 0 {
				boards = append(boards, b)
				if len(boards) == n {
					break
				}
			}
		}
		if games >= 1000 && len(boards)*1000 < games {
			return nil, games, fmt.Errorf("the network reached %d in %d of %d games, too few: fewer than one in 1,000", tile, len(boards), games)
		}
	}
	return boards, games, nil
}

// firstHolding plays a game with net at one ply, its tiles drawn from r,
// and returns the first board that holds a tile of rank or more, or 0 if
// the game ends before one does.
func firstHolding(net *Network, rank uint8, r *rand.Rand) engine.Board {
	var b engine.Board
	for range 2 {
		b = spawn(b, r)
	}
	for !holdsRank(b, rank) {
		var c choice
		c.moveAll(b)
		best, bestSum := b, float32(math.Inf(-1))
		for d, after := range c.next {
			if after == b {
				continue
			}
			if sum := float32(c.points[d]) + net.valueT(after, c.nextT[d]); sum > bestSum {
				best, bestSum = after, sum
			}
		}
		if best == b {
			return 0
		}
		b = spawn(best, r)
	}
	return b
}
