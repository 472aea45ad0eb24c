// Package curve measures an n-tuple network as its training goes: a
// [Point] of the learning curve is how the network played on a fixed set of
// games after some training, at one ply or searching a few, and the curve is kept as a CSV
// file that [Write] writes and [Read] reads back, so that a resumed
// training adds to the points of the earlier ones.
//
// The games are seeded from [Seed] at every evaluation, so that two points
// of a curve differ only by the network.
package curve

import (
	"context"
	"strconv"
	"time"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/engine"
)

// Tiles are the tiles whose reach rates the learning curve follows: 32768
// for evaluations that search, where it tells restarts and other recipes
// for the late game apart (see Point.Reach for curves written before it).
var Tiles = [...]int{2048, 8192, 16384, 32768}

// Seed is the seed of the first evaluation game, the same in every
// evaluation, and far from the seeds of sim's default games.
const Seed = 1_000_000

// A Point is a point of the learning curve: how the network played on the
// evaluation's games, after some training.
type Point struct {
	// Plies is the depth the games were played at: 1 for the move of
	// highest points plus value, more for an expectimax search so deep.
	Plies     int
	Training  time.Duration // the network's training time so far
	Episodes  uint64        // its training games so far
	Moves     uint64        // its training moves so far
	Coherence bool          // in the temporal-coherence phase
	Games     int           // evaluation games
	Mean      float64       // their mean score
	MeanLow   float64       // its 95% interval
	MeanHigh  float64
	Median    float64
	// Reach holds the rates of Tiles. A curve written before 32768 was
	// followed has no rate for it: its TileRate is the zero one, of Tile 0.
	Reach [len(Tiles)]sim.TileRate
}

// Known reports whether p has a rate for Tiles[i] (see Reach).
func (p Point) Known(i int) bool { return p.Reach[i].Tile != 0 }

// Evaluate plays games games with net at plies plies, on workers
// goroutines (0: GOMAXPROCS), seeded from Seed, and returns the point of
// the network whose training state is st. At one ply each move is the one
// of highest points plus value, as training plays; deeper, an expectimax
// search of that depth (see ai.Search), a few hundred times slower at three
// plies. If ctx is done first it returns ctx's error.
func Evaluate(ctx context.Context, net *ntuple.Network, st ntuple.State, games, plies, workers int) (Point, error) {
	player := sim.Player{Kind: sim.Greedy, Eval: ntuple.EvaluatorName, Evaluator: net}
	if plies > 1 {
		player.Kind, player.Depth = sim.Expectimax, plies
	}
	o, err := sim.Run(ctx, sim.Config{Player: player, Games: games, Seed: Seed, Workers: workers}, nil)
	if err != nil {
		return Point{}, err
	}
	return NewPoint(st, plies, o.Games), nil
}

// NewPoint returns the point of a network whose training state is st, and
// which played games at plies plies.
func NewPoint(st ntuple.State, plies int, games []sim.Game) Point {
	scores := make([]int, len(games))
	for i, g := range games {
		scores[i] = g.Score
	}
	p := Point{Plies: plies, Training: st.Elapsed, Episodes: st.Episodes, Moves: st.Moves, Coherence: st.Coherence, Games: len(games)}
	if len(games) > 0 {
		p.Mean, p.Median = sim.Mean(scores), sim.Median(scores)
	}
	p.MeanLow, p.MeanHigh = sim.MeanInterval(scores)
	for i, tile := range Tiles {
		r, _ := engine.RankOf(tile)
		p.Reach[i] = sim.Reach(games, r)
	}
	return p
}

// BestMean returns the highest mean score of the points of curve played at
// plies plies, 0 for none.
func BestMean(curve []Point, plies int) float64 {
	best := 0.0
	for _, p := range curve {
		if p.Plies == plies {
			best = max(best, p.Mean)
		}
	}
	return best
}

// Plies writes the depth of n plies that points are played at, as a
// training's messages and its chart give it: "one ply", "3 plies".
func Plies(n int) string {
	if n == 1 {
		return "one ply"
	}
	return strconv.Itoa(n) + " plies"
}
