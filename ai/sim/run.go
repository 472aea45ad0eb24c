// Package sim plays many seeded games of 2048 without a screen and sums them
// up: the score, the length, the speed, the share of games reaching each
// tile with its 95% Wilson score interval, and when each tile first
// appeared.
//
// A [Config] says what to play: a [Player], how many games, the seed of the
// first, and how many workers play at once. [Run] plays it and returns an
// [Outcome]: a [Game] record for each finished game, in seed order, from
// which [Summarize] computes the statistics. Game i of a run is seeded
// Seed+i, and its spawns (and the random player's moves) depend on that seed
// alone; each worker searches on one thread with its own table, cleared at
// the start of each game. So the same run gives the same games whatever the
// number of workers, except with a time budget, whose searches depend on the
// speed of the machine. Each record keeps its moves, so that the game can be
// replayed and reviewed.
//
// A [Document] is the JSON of one or more outcomes, as 2048 sim -json
// prints it and sim -merge and 2048 review read it back. A run too long for
// one machine is played in parts by the jobs of a batch system, each part
// a [Shard], and [Merge] puts their documents back together.
//
// Nothing here prints: a display follows a run through its [Progress]. The
// one file read is the system's figure of the memory, for [PhysicalMemory].
package sim

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// A Config is what Run plays: Games games, the i-th seeded Seed+i, shared
// out among Workers goroutines, each with its own player.
type Config struct {
	Player  Player
	Games   int
	Seed    uint64
	Workers int // 0 means GOMAXPROCS; never more than Games are used
	// Shard, if not nil, says which part of a larger run these games are
	// (see Config.Part); Run plays the games of Games and Seed alone.
	Shard *Shard
}

// ActiveWorkers returns the number of goroutines that play the games of c.
func (c Config) ActiveWorkers() int {
	w := c.Workers
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	return max(min(w, c.Games), 0)
}

// An Outcome is a run as played: its finished games, in seed order, and what
// stopped the others.
type Outcome struct {
	Config      Config
	Games       []Game
	Interrupted int           // games cut short by a cancellation
	NotStarted  int           // games never started
	Wall        time.Duration // the time the run took
}

// Summary returns the statistics of the finished games.
func (o Outcome) Summary() Summary { return Summarize(o.Games) }

// Progress counts what a run has played so far, for a display to read while
// the workers play. The zero value is ready to use, and its methods are safe
// for concurrent use.
type Progress struct {
	moves atomic.Int64
	games atomic.Int64
}

// Moves returns the number of moves played, in every game, finished or not.
func (p *Progress) Moves() int64 { return p.moves.Load() }

// Games returns the number of games finished.
func (p *Progress) Games() int64 { return p.games.Load() }

// A result is what a worker reports of one game.
type result struct {
	index int
	game  Game
	err   error
}

// Run plays the games of c and returns them, counting the moves and the
// finished games in progress, which may be nil.
//
// If ctx is cancelled, no further game starts, the games being played stop
// within a move, and Run returns the finished games, with the number of
// games cut short and not started, and ctx's error. A player's failure
// stops the run too, with that error; a panic of a player, which would end
// the program from a worker's goroutine, is such a failure, an
// *ai.PanicError. No goroutine outlives the call.
func Run(ctx context.Context, c Config, progress *Progress) (Outcome, error) {
	start := time.Now()
	if c.Games < 1 {
		return Outcome{Config: c}, fmt.Errorf("%d games: want at least 1", c.Games)
	}
	if err := c.Player.Check(); err != nil {
		return Outcome{Config: c}, err
	}
	eval, err := c.Player.evaluator()
	if err != nil {
		return Outcome{Config: c}, err
	}
	if progress == nil {
		progress = new(Progress)
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	results := c.play(ctx, eval, progress)
	o := Outcome{Config: c}
	var done []result
	for res := range results {
		switch {
		case res.err == nil:
			done = append(done, res)
			progress.games.Add(1)
		case ctx.Err() != nil && errors.Is(res.err, ctx.Err()):
			o.Interrupted++
		default:
			cancel(res.err) // a failure: stop the other workers
		}
	}
	slices.SortFunc(done, func(a, b result) int { return cmp.Compare(a.index, b.index) })
	for _, res := range done {
		o.Games = append(o.Games, res.game)
	}
	o.NotStarted = c.Games - len(o.Games) - o.Interrupted
	o.Wall = time.Since(start)
	return o, context.Cause(ctx)
}

// play plays c's games on c's workers, each with players of its own that
// evaluate with eval, and sends each game's result, in the order they end,
// on the channel it returns; the channel closes once every worker is done.
// A game not started when ctx ends is left out.
func (c Config) play(ctx context.Context, eval ai.Evaluator, progress *Progress) <-chan result {
	jobs := make(chan int)
	results := make(chan result)
	var wg sync.WaitGroup
	for range c.ActiveWorkers() {
		players := c.Player.newPlayers(eval)
		wg.Go(func() {
			for i := range jobs {
				if ctx.Err() != nil {
					continue // not started: the feeder lost a race with the cancellation
				}
				seed := c.Seed + uint64(i)
				g, err := playRecovered(ctx, players, seed, progress)
				results <- result{i, g, err}
			}
		})
	}
	go func() {
		defer close(jobs)
		for i := range c.Games {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	return results
}

// playRecovered plays the game of seed with the player players gives for
// it, as playGame does, and returns a panic of the player as an
// *ai.PanicError.
func playRecovered(ctx context.Context, players func(uint64) ai.Player, seed uint64, progress *Progress) (g Game, err error) {
	defer func() {
		if v := recover(); v != nil {
			g, err = Game{}, ai.NewPanicError(v)
		}
	}()
	return playGame(ctx, players(seed), seed, progress)
}

// playGame plays the game of seed with p until no move is left, counting
// each move in progress as it is played. It returns ctx's error if ctx is
// done before the end, and an error if p chooses a move that changes
// nothing.
func playGame(ctx context.Context, p ai.Player, seed uint64, progress *Progress) (Game, error) {
	start := time.Now()
	g := engine.NewGame(seed)
	rec := Game{Transcript: engine.Transcript{Seed: seed}}
	for r := range rec.First {
		rec.First[r] = -1
	}
	note := func() {
		for _, r := range g.Board().Ranks() {
			if r != 0 && !rec.Reached(r) {
				rec.First[r] = g.MoveCount()
			}
		}
	}
	note()
	for !g.Over() {
		r, err := p.Play(ctx, g.Board())
		if err != nil {
			return Game{}, err
		}
		if !r.HasMove() {
			return Game{}, fmt.Errorf("game of seed %d, move %d: the player found no move on %v", seed, g.MoveCount()+1, g.Board())
		}
		if _, ok := g.Move(r.Best); !ok {
			return Game{}, fmt.Errorf("game of seed %d, move %d: the player chose %v, which changes nothing on %v", seed, g.MoveCount()+1, r.Best, g.Board())
		}
		rec.MovesTried += r.MovesTried
		progress.moves.Add(1)
		note()
	}
	rec.Score, rec.Transcript = g.Score(), g.Transcript()
	rec.Elapsed = time.Since(start)
	return rec, nil
}
