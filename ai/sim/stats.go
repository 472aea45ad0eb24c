package sim

import (
	"math"
	"slices"
	"time"

	"github.com/term2048/2048/engine"
)

// MinReachRank is the rank of the smallest tile whose reach rate a summary
// reports: 1024. The rates go from it to the largest tile, 32768.
const MinReachRank = 10

// A Summary is the statistics of a set of finished games.
type Summary struct {
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
	Reach          []TileRate   `json:"reach"`
	Timeline       []Milestone  `json:"timeline"`
	Notes          SummaryNotes `json:"notes"`
}

// SummaryNotes say how to read a summary in JSON.
type SummaryNotes struct {
	Interval string `json:"interval"`
	Timeline string `json:"timeline"`
}

// A TileRate is how many games reached a tile, as a count and a share with
// its 95% Wilson score interval.
type TileRate struct {
	Tile  int     `json:"tile"`
	Games int     `json:"games"`
	Share float64 `json:"share"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// A Milestone is the mean number of moves played when a tile first appeared,
// over the games that reached it.
type Milestone struct {
	Tile     int     `json:"tile"`
	Games    int     `json:"games"`
	MeanMove float64 `json:"mean_move"`
}

// Summarize computes the statistics of games. With no games every figure is
// zero and every reach rate 0 in [0, 1].
func Summarize(games []Game) Summary {
	s := Summary{Games: len(games), Notes: SummaryNotes{
		Interval: "95% Wilson score interval; exact bounds 0 and 1 for 0/n and n/n",
		Timeline: "mean number of moves played when the tile first appeared, over the games that reached it",
	}}
	s.Reach, s.Timeline = []TileRate{}, []Milestone{}
	var evals uint64
	var elapsed time.Duration
	scores := make([]int, len(games))
	for i, g := range games {
		scores[i] = g.Score
		s.Moves += len(g.Moves)
		evals += g.MovesTried
		elapsed += g.Elapsed
		s.MaxScore = max(s.MaxScore, g.Score)
		s.MaxTile = max(s.MaxTile, g.HighestTile())
	}
	for r := uint8(MinReachRank); r <= engine.MaxRank; r++ {
		s.Reach = append(s.Reach, Reach(games, r))
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
	s.MeanScore = Mean(scores)
	s.MedianScore = Median(scores)
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

// Reach returns how many of games reached a tile of rank r, with its 95%
// Wilson score interval.
func Reach(games []Game, r uint8) TileRate {
	k := 0
	for i := range games {
		if games[i].Reached(r) {
			k++
		}
	}
	t := TileRate{Tile: engine.TileValue(r), Games: k}
	if len(games) > 0 {
		t.Share = float64(k) / float64(len(games))
	}
	t.Low, t.High = Wilson(k, len(games))
	return t
}

// milestoneOf returns the milestone of the tile of rank r, and false if no
// game reached it.
func milestoneOf(games []Game, r uint8) (Milestone, bool) {
	var moves []int
	for i := range games {
		if games[i].Reached(r) {
			moves = append(moves, games[i].First[r])
		}
	}
	if len(moves) == 0 {
		return Milestone{}, false
	}
	return Milestone{Tile: engine.TileValue(r), Games: len(moves), MeanMove: Mean(moves)}, true
}

// z95 is the 97.5% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval of a proportion: k successes
// in n trials. Unlike the normal approximation it stays inside [0, 1] and is
// not empty at 0/n or n/n, where its bounds are exactly 0 and 1. With no
// trials it is [0, 1].
func Wilson(k, n int) (low, high float64) {
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

// A number is what Mean and Median take.
type number interface {
	~int | ~int64 | ~uint64 | ~float64
}

// Mean returns the arithmetic mean of xs, which must not be empty.
func Mean[T number](xs []T) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += float64(x)
	}
	return sum / float64(len(xs))
}

// Median returns the middle value of xs, or the mean of the two middle
// values if there is an even number; xs must not be empty. It does not
// change xs.
func Median[T number](xs []T) float64 { return Quantile(xs, 0.5) }

// Quantile returns the q-quantile of xs, 0 ≤ q ≤ 1, interpolated between
// the two nearest ranks (the definition of R's default and of numpy's):
// Quantile(xs, 0.5) is the median, 0.25 the lower quartile. xs must not
// be empty; it is not changed.
func Quantile[T number](xs []T, q float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	pos := q * float64(len(s)-1)
	i := int(math.Floor(pos))
	if i+1 >= len(s) {
		return float64(s[len(s)-1])
	}
	return float64(s[i]) + (pos-float64(i))*(float64(s[i+1])-float64(s[i]))
}

// MeanInterval returns the 95% confidence interval of the mean of the
// population xs are drawn from, by the normal approximation: the mean plus
// or minus 1.96 standard errors. It is fair for a thousand games, whose
// scores are far from normal but whose mean is nearly so. With fewer than
// two values the interval is the mean alone.
func MeanInterval[T number](xs []T) (low, high float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	m := Mean(xs)
	if len(xs) < 2 {
		return m, m
	}
	ss := 0.0
	for _, x := range xs {
		d := float64(x) - m
		ss += d * d
	}
	half := z95 * math.Sqrt(ss/float64(len(xs)-1)/float64(len(xs)))
	return m - half, m + half
}
