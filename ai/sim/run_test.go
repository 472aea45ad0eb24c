package sim_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/engine"
)

// tinyRun returns a run of games games of the player kind, seeded from 7,
// searching depth plies.
func tinyRun(kind string, depth, games, workers int) sim.Config {
	return sim.Config{Player: sim.Player{Kind: kind, Depth: depth}, Games: games, Seed: 7, Workers: workers}
}

// play plays r to its end.
func play(t *testing.T, r sim.Config) []sim.Game {
	t.Helper()
	o, err := sim.Run(context.Background(), r, nil)
	if err != nil || o.Interrupted != 0 || o.NotStarted != 0 || len(o.Games) != r.Games {
		t.Fatalf("Play(%v): %d games, %d interrupted, %d not started, %v; want %d, 0, 0, nil",
			r.Player, len(o.Games), o.Interrupted, o.NotStarted, err, r.Games)
	}
	return o.Games
}

// sameGames reports whether two runs played the same games: everything but
// the time they took.
func sameGames(a, b []sim.Game) bool {
	return slices.EqualFunc(a, b, func(x, y sim.Game) bool {
		return x.Seed == y.Seed && x.Score == y.Score && x.HighestTile() == y.HighestTile() && x.MovesTried == y.MovesTried &&
			x.First == y.First && slices.Equal(x.Moves, y.Moves)
	})
}

func TestPlayIsDeterministic(t *testing.T) {
	// The searching players' games are long: fewer of them, and with -short
	// two of each, on one worker and on two.
	for _, c := range []struct {
		kind         string
		depth, games int
	}{{sim.Random, 0, 6}, {sim.Greedy, 0, 6}, {sim.Expectimax, 2, 3}, {sim.Minimax, 2, 3}} {
		workers := 3
		if testing.Short() {
			c.games, workers = 2, 2
		}
		one := play(t, tinyRun(c.kind, c.depth, c.games, 1))
		many := play(t, tinyRun(c.kind, c.depth, c.games, workers))
		if !sameGames(one, many) {
			t.Errorf("%s: the games of one worker and of %d differ", c.kind, workers)
		}
		if !testing.Short() && !sameGames(many, play(t, tinyRun(c.kind, c.depth, c.games, workers))) {
			t.Errorf("%s: the games of %d workers differ from one run to the next", c.kind, workers)
		}
		for i, g := range one {
			if g.Seed != 7+uint64(i) || len(g.Moves) == 0 || g.Score == 0 || g.First[1] != 0 && g.First[2] != 0 {
				t.Errorf("%s: game %d has seed %d, %d moves, score %d, first %v; want seed %d, some moves and score, a tile at move 0",
					c.kind, i, g.Seed, len(g.Moves), g.Score, g.First, 7+i)
			}
		}
	}
	// Another seed gives other games.
	r := tinyRun(sim.Random, 0, 5, 2)
	r.Seed = 8
	if a, b := play(t, r), play(t, tinyRun(sim.Random, 0, 5, 2)); sameGames(a, b) {
		t.Error("seeds 8.. and 7.. gave the same games")
	}
}

// TestGamesReplay checks that each record's moves replay the game it
// describes: its score, its largest tile and the move at which each tile
// first appeared.
func TestGamesReplay(t *testing.T) {
	for _, g := range play(t, tinyRun(sim.Greedy, 0, 4, 2)) {
		e, err := g.Replay()
		if err != nil {
			t.Fatal(err)
		}
		if e.Score() != g.Score || e.HighestTile() != g.HighestTile() || e.MoveCount() != len(g.Moves) || !e.Over() {
			t.Errorf("seed %d replays to score %d, tile %d, %d moves, over %t; the record has %d, %d, %d and is over",
				g.Seed, e.Score(), e.HighestTile(), e.MoveCount(), e.Over(), g.Score, g.HighestTile(), len(g.Moves))
		}
		var first [engine.MaxRank + 1]int
		for r := range first {
			first[r] = -1
		}
		replay := engine.NewGame(g.Seed)
		for i := 0; ; i++ {
			for _, r := range replay.Board().Ranks() {
				if r != 0 && first[r] < 0 {
					first[r] = i
				}
			}
			if i == len(g.Moves) {
				break
			}
			replay.Move(g.Moves[i])
		}
		if first != g.First {
			t.Errorf("seed %d: first = %v; the replay gives %v", g.Seed, g.First, first)
		}
	}
}

func TestGameJSONRoundTrip(t *testing.T) {
	for _, g := range play(t, tinyRun(sim.Random, 0, 3, 1)) {
		data, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		var back sim.Game
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("Unmarshal(%s): %v", data, err)
		}
		if !sameGames([]sim.Game{g}, []sim.Game{back}) || back.Elapsed.Round(time.Microsecond) != g.Elapsed.Round(time.Microsecond) {
			t.Errorf("the game of seed %d came back as %+v", g.Seed, back)
		}
		// A record whose figures disagree with its moves is refused.
		var fields map[string]any
		if err := json.Unmarshal(data, &fields); err != nil {
			t.Fatal(err)
		}
		for key, bad := range map[string]any{"score": g.Score + 4, "max_tile": g.HighestTile() * 2, "moves": len(g.Moves) - 1, "seed": g.Seed + 1, "game": nil} {
			damaged := map[string]any{}
			for k, v := range fields {
				damaged[k] = v
			}
			damaged[key] = bad
			if key == "game" {
				delete(damaged, key)
			}
			data, _ := json.Marshal(damaged)
			keep := sim.Game{Transcript: engine.Transcript{Seed: 99}}
			if err := json.Unmarshal(data, &keep); err == nil || keep.Seed != 99 {
				t.Errorf("a record with a wrong %q decoded (%v) into %+v; want an error and nothing changed", key, err, keep)
			}
		}
	}
}

// heldAfter is an evaluator that, once its run has finished games games,
// holds each board it is given until ctx is done: the workers then wait in
// the middle of a game for the test to cancel the run.
type heldAfter struct {
	ai.Evaluator
	progress *sim.Progress
	games    int64
	ctx      context.Context
}

func (e heldAfter) Evaluate(b engine.Board) float64 {
	if e.progress.Games() >= e.games {
		<-e.ctx.Done()
	}
	return e.Evaluator.Evaluate(b)
}

// TestPlayCancelledMidway cancels a run of 40 games once two are over,
// while both workers are in the middle of a game: the finished games come
// back, the two games being played stop within a move, and no other game
// starts.
func TestPlayCancelledMidway(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var progress sim.Progress
		r := tinyRun(sim.Expectimax, 1, 40, 2)
		r.Player.Eval = "held"
		r.Player.Evaluator = heldAfter{ai.NneonneoHeuristic(), &progress, 2, ctx}
		type count struct{ games, moves int64 }
		atCancel := make(chan count, 1)
		go func() {
			// Every other goroutine of the bubble is blocked: both workers
			// in the evaluator, the rest waiting for them.
			synctest.Wait()
			atCancel <- count{progress.Games(), progress.Moves()}
			cancel()
		}()
		o, err := sim.Run(ctx, r, &progress)
		then := <-atCancel
		if !errors.Is(err, context.Canceled) || then.games < 2 {
			t.Fatalf("Play cancelled after %d games: %v; want context.Canceled after 2 or more", then.games, err)
		}
		const playing = 2 // one game a worker
		if finishedLast := int64(len(o.Games)) - then.games; finishedLast < 0 || int64(o.Interrupted)+finishedLast != playing {
			t.Errorf("%d games finished before the cancellation, %d in all, %d interrupted; want the %d being played interrupted or finished",
				then.games, len(o.Games), o.Interrupted, playing)
		}
		if want := r.Games - int(then.games) - playing; o.NotStarted != want {
			t.Errorf("%d games not started; want %d: none after the cancellation", o.NotStarted, want)
		}
		if after := progress.Moves() - then.moves; after > playing {
			t.Errorf("%d moves played after the cancellation; want at most one in each game being played", after)
		}
		if int(progress.Games()) != len(o.Games) {
			t.Errorf("progress counted %d games; Play returned %d", progress.Games(), len(o.Games))
		}
	})
}

func TestPlayCancelledBeforeStart(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o, err := sim.Run(ctx, tinyRun(sim.Random, 0, 5, 2), nil)
	if !errors.Is(err, context.Canceled) || len(o.Games) != 0 || o.Interrupted+o.NotStarted != 5 {
		t.Errorf("Play with a cancelled context: %d games, %d interrupted, %d not started, %v; want none played, context.Canceled",
			len(o.Games), o.Interrupted, o.NotStarted, err)
	}
}

func TestPlayRefusesABadRun(t *testing.T) {
	for _, c := range []struct {
		run  sim.Config
		want string
	}{
		{sim.Config{Player: sim.Player{Kind: "human"}, Games: 1}, `unknown player "human"`},
		{sim.Config{Player: sim.Player{Kind: sim.Greedy, Eval: "foo"}, Games: 1}, `unknown evaluator "foo"`},
		{sim.Config{Player: sim.Player{Kind: sim.Expectimax, Depth: 17}, Games: 1}, "depth 17"},
		{sim.Config{Player: sim.Player{Kind: sim.Greedy, Time: time.Second}, Games: 1}, "only the expectimax player"},
		{sim.Config{Player: sim.Player{Kind: sim.Minimax, Cutoff: 0.01}, Games: 1}, "only the expectimax player cuts branches off"},
		{sim.Config{Player: sim.Player{Kind: sim.Expectimax, Cutoff: 1}, Games: 1}, "cut-off 1: want a probability below 1"},
		{sim.Config{Player: sim.Player{Kind: sim.Expectimax, Cutoff: math.NaN()}, Games: 1}, "cut-off NaN"},
		{sim.Config{Player: sim.Player{Kind: sim.Random}, Games: 0}, "0 games"},
	} {
		if _, err := sim.Run(context.Background(), c.run, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Play(%+v) = %v; want an error saying %q", c.run, err, c.want)
		}
	}
}

func TestPlayerString(t *testing.T) {
	for _, c := range []struct {
		p    sim.Player
		want string
	}{
		{sim.Player{Kind: sim.Expectimax, Depth: 3}, "expectimax 3"},
		{sim.Player{Kind: sim.Expectimax}, "expectimax auto"},
		{sim.Player{Kind: sim.Expectimax, Time: 10 * time.Millisecond, Depth: 4}, "expectimax 10ms≤4"},
		{sim.Player{Kind: sim.Expectimax, Time: time.Second, Eval: "snake"}, "expectimax 1s snake"},
		{sim.Player{Kind: sim.Expectimax, Depth: 3, Cutoff: -1}, "expectimax 3 cut-off none"},
		{sim.Player{Kind: sim.Expectimax, Depth: 4, Eval: "snake", Cutoff: 0.001}, "expectimax 4 snake cut-off 0.001"},
		{sim.Player{Kind: sim.Minimax}, "minimax 3"},
		{sim.Player{Kind: sim.Minimax, Depth: 2, Eval: "nneonneo"}, "minimax 2"},
		{sim.Player{Kind: sim.Greedy, Eval: "multi"}, "greedy multi"},
		{sim.Player{Kind: sim.Random, Eval: "multi"}, "random"},
	} {
		if got := c.p.String(); got != c.want {
			t.Errorf("%+v.String() = %q; want %q", c.p, got, c.want)
		}
	}
}

func TestTableMB(t *testing.T) {
	for _, c := range []struct {
		p    sim.Player
		want int
	}{
		{sim.Player{Kind: sim.Expectimax, Depth: 3}, 4},
		{sim.Player{Kind: sim.Expectimax, Depth: 6}, 4},
		{sim.Player{Kind: sim.Expectimax, Depth: 7}, ai.DefaultTableMB},
		{sim.Player{Kind: sim.Expectimax}, ai.DefaultTableMB},
		{sim.Player{Kind: sim.Expectimax, Depth: 3, Time: time.Millisecond}, ai.DefaultTableMB},
		{sim.Player{Kind: sim.Minimax, Depth: 3}, 0},
		{sim.Player{Kind: sim.Random}, 0},
	} {
		if got := c.p.TableMB(); got != c.want {
			t.Errorf("%+v.TableMB() = %d; want %d", c.p, got, c.want)
		}
	}
}

// countingEval is the default heuristic, counting its evaluations.
type countingEval struct {
	ai.Evaluator
	calls *atomic.Int64
}

func (e countingEval) Evaluate(b engine.Board) float64 {
	e.calls.Add(1)
	return e.Evaluator.Evaluate(b)
}

// TestPlayWithEvaluator checks that a player given an evaluator, one that
// no name makes, plays with it, the workers sharing it, and that the same
// games come out as with the evaluator it wraps.
func TestPlayWithEvaluator(t *testing.T) {
	calls := new(atomic.Int64)
	r := tinyRun(sim.Greedy, ai.Auto, 6, 2)
	r.Player.Eval, r.Player.Evaluator = "counted", countingEval{ai.NneonneoHeuristic(), calls}
	games := play(t, r)
	if calls.Load() == 0 {
		t.Error("the given evaluator was never called")
	}
	if want := play(t, tinyRun(sim.Greedy, ai.Auto, 6, 1)); !sameGames(games, want) {
		t.Error("the wrapped heuristic played other games than the heuristic")
	}
	if s := r.Player.String(); s != "greedy counted" {
		t.Errorf("String() = %q; want \"greedy counted\"", s)
	}
}
