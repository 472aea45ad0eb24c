package main

import (
	"math"
	"slices"
	"time"

	"github.com/term2048/2048/engine"
)

// A gameResult is the record of one finished game.
type gameResult struct {
	Seed    uint64
	Score   int
	MaxTile int
	Moves   int
	Evals   uint64 // moves tried by the player's searches, over the game
	Elapsed time.Duration
	// First[r] is the number of moves played when a tile of rank r was
	// first on the board (0 for the starting tiles), or -1 if none ever was.
	First [engine.MaxRank + 1]int
}

// reached reports whether a tile of rank r was ever on the board.
func (g *gameResult) reached(r uint8) bool { return g.First[r] >= 0 }

// minReachRank is the rank of the smallest tile whose reach rate a summary
// reports: 1024. The rates go from it to the largest tile, 32768.
const minReachRank = 10

// A summary is the statistics of a set of finished games.
type summary struct {
	Games          int          `json:"games"`
	Moves          int          `json:"moves"`
	MeanScore      float64      `json:"mean_score"`
	MedianScore    float64      `json:"median_score"`
	MaxScore       int          `json:"max_score"`
	MaxTile        int          `json:"max_tile"`
	MovesPerGame   float64      `json:"moves_per_game"`
	MovesPerSecond float64      `json:"moves_per_second"` // per worker: moves over the games' summed time
	EvalsPerMove   float64      `json:"evaluations_per_move"`
	SecondsPerGame float64      `json:"seconds_per_game"`
	Reach          []tileRate   `json:"reach"`
	Timeline       []milestone  `json:"timeline"`
	Legend         summaryNotes `json:"notes"`
}

// summaryNotes say how to read a summary in JSON.
type summaryNotes struct {
	Interval string `json:"interval"`
	Timeline string `json:"timeline"`
}

// A tileRate is how many games reached a tile, as a count and a share with
// its 95% Wilson score interval.
type tileRate struct {
	Tile  int     `json:"tile"`
	Games int     `json:"games"`
	Share float64 `json:"share"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// A milestone is the mean number of moves played when a tile first appeared,
// over the games that reached it.
type milestone struct {
	Tile     int     `json:"tile"`
	Games    int     `json:"games"`
	MeanMove float64 `json:"mean_move"`
}

// summarize computes the statistics of games. With no games every figure is
// zero and every reach rate 0 in [0, 1].
func summarize(games []gameResult) summary {
	s := summary{Games: len(games), Legend: summaryNotes{
		Interval: "95% Wilson score interval; exact bounds 0 and 1 for 0/n and n/n",
		Timeline: "mean number of moves played when the tile first appeared, over the games that reached it",
	}}
	s.Reach, s.Timeline = []tileRate{}, []milestone{}
	var evals uint64
	var elapsed time.Duration
	scores := make([]int, len(games))
	for i, g := range games {
		scores[i] = g.Score
		s.Moves += g.Moves
		evals += g.Evals
		elapsed += g.Elapsed
		s.MaxScore = max(s.MaxScore, g.Score)
		s.MaxTile = max(s.MaxTile, g.MaxTile)
	}
	for r := uint8(minReachRank); r <= engine.MaxRank; r++ {
		s.Reach = append(s.Reach, rateOf(games, r))
	}
	for r := uint8(1); r <= engine.MaxRank; r++ {
		if m, ok := milestoneOf(games, r); ok {
			s.Timeline = append(s.Timeline, m)
		}
	}
	if len(games) == 0 {
		return s
	}
	n := float64(len(games))
	s.MeanScore = mean(scores)
	s.MedianScore = median(scores)
	s.MovesPerGame = float64(s.Moves) / n
	s.SecondsPerGame = elapsed.Seconds() / n
	if elapsed > 0 {
		s.MovesPerSecond = float64(s.Moves) / elapsed.Seconds()
	}
	if s.Moves > 0 {
		s.EvalsPerMove = float64(evals) / float64(s.Moves)
	}
	return s
}

// rateOf returns how many of games reached a tile of rank r.
func rateOf(games []gameResult, r uint8) tileRate {
	k := 0
	for i := range games {
		if games[i].reached(r) {
			k++
		}
	}
	t := tileRate{Tile: engine.TileValue(r), Games: k}
	if len(games) > 0 {
		t.Share = float64(k) / float64(len(games))
	}
	t.Low, t.High = wilson(k, len(games))
	return t
}

// milestoneOf returns the milestone of the tile of rank r, and false if no
// game reached it.
func milestoneOf(games []gameResult, r uint8) (milestone, bool) {
	var moves []int
	for i := range games {
		if games[i].reached(r) {
			moves = append(moves, games[i].First[r])
		}
	}
	if len(moves) == 0 {
		return milestone{}, false
	}
	return milestone{Tile: engine.TileValue(r), Games: len(moves), MeanMove: mean(moves)}, true
}

// z95 is the 97.5% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// wilson returns the 95% Wilson score interval of a proportion: k successes
// in n trials. Unlike the normal approximation it stays inside [0, 1] and is
// not empty at 0/n or n/n, where its bounds are exactly 0 and 1. With no
// trials it is [0, 1].
func wilson(k, n int) (low, high float64) {
	if n <= 0 {
		return 0, 1
	}
	p, nf := float64(k)/float64(n), float64(n)
	z2 := z95 * z95
	d := 1 + z2/nf
	centre := (p + z2/(2*nf)) / d
	half := z95 / d * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	low, high = max(centre-half, 0), min(centre+half, 1)
	if k == 0 {
		low = 0
	}
	if k == n {
		high = 1
	}
	return low, high
}

// mean returns the arithmetic mean of xs, which must not be empty.
func mean(xs []int) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += float64(x)
	}
	return sum / float64(len(xs))
}

// median returns the middle value of xs, or the mean of the two middle
// values if there is an even number; xs must not be empty.
func median(xs []int) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return float64(s[n/2])
	}
	return (float64(s[n/2-1]) + float64(s[n/2])) / 2
}
