package sim

import (
	"encoding/json"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/term2048/2048/engine"
)

// record returns the record of a game (whose moves are not a real game's)
// whose tiles first appeared at the moves
// given by first, tile value → move; its largest tile is the largest key.
func record(seed uint64, score, moves int, secs float64, evals uint64, first map[int]int) Game {
	g := Game{Transcript: engine.Transcript{Seed: seed, Moves: make([]engine.Direction, moves)}, Score: score, MovesTried: evals, Elapsed: time.Duration(secs * float64(time.Second))}
	for r := range g.First {
		g.First[r] = -1
	}
	for tile, move := range first {
		r := uint8(math.Log2(float64(tile)))
		g.First[r] = move
	}
	return g
}

// handGames is the fixed run whose statistics the tests work out by hand.
func handGames() []Game {
	return []Game{
		record(1, 20000, 1000, 10, 50_000, map[int]int{2: 0, 1024: 600, 2048: 900}),
		record(2, 5000, 400, 2, 10_000, map[int]int{2: 0}),
		record(3, 50000, 2000, 30, 150_000, map[int]int{2: 1, 1024: 500, 2048: 1100, 4096: 1900}),
		record(4, 12000, 800, 6, 40_000, map[int]int{2: 0, 1024: 700}),
		record(5, 3000, 300, 2, 10_000, map[int]int{2: 0}),
	}
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestSummarize(t *testing.T) {
	s := Summarize(handGames())
	// Scores 3000 5000 12000 20000 50000: mean 90000/5, median the third.
	// 4500 moves in 50 s over 5 games; 260,000 evaluations.
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"games", float64(s.Games), 5},
		{"moves", float64(s.Moves), 4500},
		{"mean score", s.MeanScore, 18000},
		{"median score", s.MedianScore, 12000},
		{"max score", float64(s.MaxScore), 50000},
		{"max tile", float64(s.MaxTile), 4096},
		{"moves per game", s.MovesPerGame, 900},
		{"moves per second", s.MovesPerSecond, 90},
		{"evaluations per move", s.EvalsPerMove, 260000.0 / 4500},
		{"seconds per game", s.SecondsPerGame, 10},
	} {
		if !near(c.got, c.want, 1e-9) {
			t.Errorf("Summarize(handGames()): %s = %g; want %g", c.name, c.got, c.want)
		}
	}

	// Wilson at 95%, z² = 3.841459, n = 5, d = 1 + z²/n = 1.768292:
	// centre (k/n + z²/2n)/d, half z/d·sqrt(p(1−p)/n + z²/4n²).
	wantReach := []TileRate{
		{1024, 3, 0.6, 0.230724, 0.882379}, // centre 0.556552, half 0.325827
		{2048, 2, 0.4, 0.117621, 0.769276}, // the mirror of 3/5
		{4096, 1, 0.2, 0.036224, 0.624465}, // centre 0.330345, half 0.294120
		{8192, 0, 0, 0, 0.434482},          // upper bound 2·(z²/2n)/d
		{16384, 0, 0, 0, 0.434482},
		{32768, 0, 0, 0, 0.434482},
	}
	if len(s.Reach) != len(wantReach) {
		t.Fatalf("Summarize(handGames()).Reach has %d tiles; want %d", len(s.Reach), len(wantReach))
	}
	for i, w := range wantReach {
		g := s.Reach[i]
		if g.Tile != w.Tile || g.Games != w.Games || !near(g.Share, w.Share, 1e-12) ||
			!near(g.Low, w.Low, 1e-6) || !near(g.High, w.High, 1e-6) {
			t.Errorf("Reach[%d] = %+v; want %+v", i, g, w)
		}
	}

	wantTimeline := []Milestone{
		{2, 5, 0.2},     // (0+0+1+0+0)/5
		{1024, 3, 600},  // (600+500+700)/3
		{2048, 2, 1000}, // (900+1100)/2
		{4096, 1, 1900},
	}
	if len(s.Timeline) != len(wantTimeline) {
		t.Fatalf("Timeline = %+v; want %+v", s.Timeline, wantTimeline)
	}
	for i, w := range wantTimeline {
		g := s.Timeline[i]
		if g.Tile != w.Tile || g.Games != w.Games || !near(g.MeanMove, w.MeanMove, 1e-9) {
			t.Errorf("Timeline[%d] = %+v; want %+v", i, g, w)
		}
	}
}

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n      int
		low, high float64
	}{
		{3, 10, 0.107791, 0.603222},
		{0, 10, 0, 0.277533},
		{10, 10, 0.722467, 1},
		{5, 5, 0.565518, 1},
		{0, 0, 0, 1},
	} {
		low, high := Wilson(c.k, c.n)
		if !near(low, c.low, 1e-6) || !near(high, c.high, 1e-6) {
			t.Errorf("Wilson(%d, %d) = [%.6f, %.6f]; want [%.6f, %.6f]", c.k, c.n, low, high, c.low, c.high)
		}
	}
	// The bounds at the extremes are exact, not merely close.
	if low, _ := Wilson(0, 7); low != 0 {
		t.Errorf("Wilson(0, 7) low = %g; want 0", low)
	}
	if _, high := Wilson(7, 7); high != 1 {
		t.Errorf("Wilson(7, 7) high = %g; want 1", high)
	}
}

// TestQuantile checks quantiles against hand counts, whatever the order
// of the values, which stay as they were.
func TestQuantile(t *testing.T) {
	s := []float64{9, 1, 8, 2, 7, 3, 6, 4, 5}
	for _, c := range []struct{ q, want float64 }{{0, 1}, {0.25, 3}, {0.5, 5}, {0.75, 7}, {1, 9}} {
		if got := Quantile(s, c.q); got != c.want {
			t.Errorf("Quantile(1…9, %v) = %v; want %v", c.q, got, c.want)
		}
	}
	if s[0] != 9 {
		t.Error("Quantile changed its values")
	}
	if got := Quantile([]int{20, 10}, 0.25); got != 12.5 {
		t.Errorf("Quantile(10 20, 0.25) = %v; want 12.5", got)
	}
	if got := Quantile([]int{7}, 0.9); got != 7 {
		t.Errorf("Quantile(7, 0.9) = %v; want 7", got)
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		xs   []int
		want float64
	}{
		{[]int{7}, 7},
		{[]int{4, 1}, 2.5},
		{[]int{9, 1, 5}, 5},
		{[]int{8, 2, 6, 4}, 5},
	} {
		xs := slices.Clone(c.xs)
		if got := Median(xs); got != c.want || !slices.Equal(xs, c.xs) {
			t.Errorf("Median(%v) = %g, leaving %v; want %g, the slice unchanged", c.xs, got, xs, c.want)
		}
	}
	if got := Median([]float64{0.5, 2.25, 1}); got != 1 {
		t.Errorf("Median([0.5 2.25 1]) = %g; want 1", got)
	}
	if got := Mean([]float64{0.5, 2.25, 1}); got != 1.25 {
		t.Errorf("Mean([0.5 2.25 1]) = %g; want 1.25", got)
	}
}

func TestSummarizeNoGames(t *testing.T) {
	s := Summarize(nil)
	if s.Games != 0 || s.MeanScore != 0 || len(s.Timeline) != 0 || len(s.Reach) != int(engine.MaxRank-MinReachRank+1) {
		t.Errorf("Summarize(nil) = %+v; want zeros and the reach tiles", s)
	}
	if _, err := json.Marshal(s); err != nil {
		t.Errorf("json.Marshal(Summarize(nil)): %v", err)
	}
}

func TestMeanInterval(t *testing.T) {
	// Mean 5, sample variance 32/7 over 8 values.
	xs := []int{2, 4, 4, 4, 5, 5, 7, 9}
	low, high := MeanInterval(xs)
	half := 1.959963984540054 * math.Sqrt(32.0/7/8)
	if !near(low, 5-half, 1e-12) || !near(high, 5+half, 1e-12) {
		t.Errorf("MeanInterval(%v) = [%g, %g]; want 5 ± %g", xs, low, high, half)
	}
	if low, high := MeanInterval([]int{7}); low != 7 || high != 7 {
		t.Errorf("MeanInterval of one value = [%g, %g]; want [7, 7]", low, high)
	}
	if low, high := MeanInterval([]float64{}); low != 0 || high != 0 {
		t.Errorf("MeanInterval of nothing = [%g, %g]; want [0, 0]", low, high)
	}
}
