package engine_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/term2048/2048/engine"
)

// chiSquare999 holds the 99.9th percentile of the chi-square distribution by
// degrees of freedom: with a fixed seed a fair spawn stays below it, and a
// biased one (one cell favoured by 5%, or 4s at 12%) goes far above.
var chiSquare999 = map[int]float64{1: 10.83, 5: 20.52, 19: 43.82, 31: 61.10}

// TestSpawnDistribution checks that spawns are uniform over the cells empty
// now and give a 2 with probability 0.9, jointly, for several fillings.
func TestSpawnDistribution(t *testing.T) {
	const n = 200_000
	r := rand.New(rand.NewPCG(2048, 1))
	for _, board := range []string{
		"2 4 8 16 / 32 64 128 256 / 512 1024 2048 4096 / 8192 16384 32768 0", // 1 empty
		"2 0 8 16 / 32 64 0 256 / 512 1024 2048 4096 / 0 16384 32768 2",      // 3 empty
		"2 0 0 0 / 0 64 0 256 / 0 0 2048 0 / 0 0 4 2",                        // 10 empty
		"0 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0",                              // 16 empty
	} {
		b, err := engine.Parse(board)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(fmt.Sprintf("%d_empty", b.CountEmpty()), func(t *testing.T) {
			var count [engine.NumCells][3]int // by cell and rank
			for range n {
				s, ok := b.Spawn(r)
				if !ok || s.Board != b.With(s.Cell, s.Rank) || b.Cell(s.Cell) != 0 || s.Rank < 1 || s.Rank > 2 {
					t.Fatalf("%v.Spawn() = %+v, %v: not one new 2 or 4 in an empty cell", b, s, ok)
				}
				count[s.Cell][s.Rank]++
			}
			empty := b.CountEmpty()
			chi := 0.0
			for i := range engine.NumCells {
				if b.Cell(i) != 0 {
					continue
				}
				for rank, p := range [3]float64{0, 0.9, 0.1} {
					if rank == 0 {
						continue
					}
					want := n * p / float64(empty)
					d := float64(count[i][rank]) - want
					chi += d * d / want
				}
			}
			df := 2*empty - 1
			limit, ok := chiSquare999[df]
			if !ok {
				t.Fatalf("no chi-square limit for %d degrees of freedom", df)
			}
			if chi > limit {
				t.Errorf("%v: chi-square %.2f over %d degrees of freedom exceeds %.2f; counts %v",
					b, chi, df, limit, count)
			}
		})
	}
}

func TestSpawnFullBoard(t *testing.T) {
	b, _ := engine.Parse("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2")
	pcg := rand.NewPCG(1, 1)
	before := *pcg
	if s, ok := b.Spawn(rand.New(pcg)); ok || s.Board != b {
		t.Errorf("Spawn on a full board = %+v, %v; want the board, false", s, ok)
	}
	if *pcg != before {
		t.Error("Spawn on a full board drew from the generator")
	}
}

func TestOutcomes(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	for range 1000 {
		b := randomBoard(r, r.IntN(17))
		out := b.Outcomes()
		if len(out) != 2*b.CountEmpty() {
			t.Fatalf("%v: %d outcomes; want %d", b, len(out), 2*b.CountEmpty())
		}
		sum := 0.0
		for _, o := range out {
			sum += o.P
			if b.Cell(o.Cell) != 0 || o.Board != b.With(o.Cell, o.Rank) {
				t.Fatalf("%v: outcome %+v is not a new tile in an empty cell", b, o)
			}
			if want := map[uint8]float64{1: 0.9, 2: 0.1}[o.Rank] / float64(b.CountEmpty()); math.Abs(o.P-want) > 1e-15 {
				t.Fatalf("%v: outcome %+v has probability %v; want %v", b, o, o.P, want)
			}
		}
		if len(out) > 0 && math.Abs(sum-1) > 1e-12 {
			t.Fatalf("%v: outcome probabilities add up to %v", b, sum)
		}
	}
}
