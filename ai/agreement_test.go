package ai

import (
	"context"
	"math"
	"testing"
)

// TestAgreement searches the 60 positions of testdata/agreement.txt at auto
// depth and compares the choices and values with those nneonneo's program
// found there. This search makes the same choice on all 60, so a different
// move on more than 2 is a regression. The values differ a little
// because the table is shared between root moves and reuses only values
// reached with about the same probability (nneonneo's reuses any): the
// largest difference is about 3%, in a deep late-game position where
// nneonneo's own value is off by as much.
//
// Under the race detector only the positions searched at most 5 deep are
// played (the rest would take minutes); CI also runs this test without it.
// It takes about 10 s without the race detector, so -short skips it.
func TestAgreement(t *testing.T) {
	if testing.Short() {
		t.Skip("10 s of searches: run without -short")
	}
	s := NewSearcher(Config{Threads: 1})
	same, worst, sum, n := 0, 0.0, 0.0, 0
	positions := readAgreement(t)
	if raceEnabled {
		var quick []agreement
		for _, a := range positions {
			if a.depth <= 5 {
				quick = append(quick, a)
			}
		}
		positions = quick
	}
	for _, a := range positions {
		s.Reset()
		r, err := s.Search(context.Background(), a.board, Limits{Depth: Auto})
		if err != nil {
			t.Fatal(err)
		}
		if r.Depth != a.depth+1 {
			t.Errorf("%v: auto depth %d plies; nneonneo searched %d (+1 for the root)", a.board, r.Depth, a.depth)
		}
		if r.Legal != a.legal {
			t.Errorf("%v: legal moves %v; want %v", a.board, r.Legal, a.legal)
		}
		if r.Best == a.best {
			same++
		} else {
			t.Logf("%s %v: chose %v, nneonneo %v; values %.1f, nneonneo's %.1f", a.phase, a.board, r.Best, a.best, r.Value, a.value)
		}
		for d, ok := range a.legal {
			if ok && a.value[d] > 1 {
				diff := math.Abs(r.Value[d]-a.value[d]) / a.value[d]
				worst, sum, n = max(worst, diff), sum+diff, n+1
			}
		}
	}
	if n == 0 {
		t.Fatal("no values to compare with nneonneo's")
	}
	t.Logf("same move on %d of %d; relative difference in value: mean %.2g, largest %.2g", same, len(positions), sum/float64(n), worst)
	if missed := len(positions) - same; missed > 2 {
		t.Errorf("a different move from nneonneo's on %d of %d positions; want at most 2", missed, len(positions))
	}
	if sum/float64(n) > 2e-3 {
		t.Errorf("values differ from nneonneo's by %.2g on average; want under 0.2%%", sum/float64(n))
	}
}
