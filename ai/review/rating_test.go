package review_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// TestRateAgreesWithJudge: the rating of every legal move is Judge's, so
// that the hint, the review and the coach give a move one verdict; Loses
// marks exactly the moves that lose at once while another does not.
func TestRateAgreesWithJudge(t *testing.T) {
	boards := []engine.Board{
		mustParse(t, fatalDown),
		mustParse(t, "0 0 0 0 / 2 4 2 4 / 4 2 4 2 / 2 4 2 4"), // only up moves
		mustParse(t, "2 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2"),
		mustParse(t, "512 256 128 64 / 4 8 16 32 / 2 0 0 0 / 0 0 0 2"),
	}
	for _, b := range boards {
		r := search(t, b, 2)
		rs := review.Rate(r)
		for d := range engine.Direction(engine.NumDirections) {
			if !r.Legal[d] {
				if rs[d] != (review.Rating{}) {
					t.Errorf("Rate(%v)[%v] = %+v for a move that is not legal; want the zero Rating", b, d, rs[d])
				}
				continue
			}
			loss, v := review.Judge(r, d)
			if rs[d].Loss != loss || rs[d].Verdict != v {
				t.Errorf("Rate(%v)[%v] = %+v; Judge says loss %g, %v", b, d, rs[d], loss, v)
			}
			if want := deadAfter(b, d) && survivable(r); rs[d].Loses != want {
				t.Errorf("Rate(%v)[%v].Loses = %v; want %v", b, d, rs[d].Loses, want)
			}
		}
	}
}

// survivable reports whether a legal move of r does not lose at once.
func survivable(r ai.Result) bool {
	for d := range engine.Direction(engine.NumDirections) {
		if r.Legal[d] && !deadAfter(r.Board, d) {
			return true
		}
	}
	return false
}

// verdictOf returns the verdict Judge gives a loss, on a board where no
// move loses at once.
func verdictOf(loss float64) review.Verdict {
	switch {
	case loss <= review.BestLoss:
		return review.Best
	case loss < review.GoodLoss:
		return review.Good
	case loss < review.InaccuracyLoss:
		return review.Inaccuracy
	case loss < review.MistakeLoss:
		return review.Mistake
	}
	return review.Blunder
}

// TestStanding: the scale runs from 1 for the best and the only move to 0
// for a move that loses at once; a larger loss never stands higher, and
// moves a verdict apart stand at least half a step apart.
func TestStanding(t *testing.T) {
	for _, tc := range []struct {
		r    review.Rating
		want float64
	}{
		{review.Rating{Verdict: review.Best}, 1},
		{review.Rating{Verdict: review.Forced}, 1},
		{review.Rating{Loss: 0.001, Verdict: review.Blunder, Loses: true}, 0},
		{review.Rating{Loss: review.GoodLoss, Verdict: review.Inaccuracy}, 0.6},
		{review.Rating{Loss: review.InaccuracyLoss, Verdict: review.Mistake}, 0.4},
		{review.Rating{Loss: review.MistakeLoss, Verdict: review.Blunder}, 0.2},
		{review.Rating{Loss: 3, Verdict: review.Blunder}, 0.1},
	} {
		if got := tc.r.Standing(); got < tc.want-1e-9 || got > tc.want+1e-9 {
			t.Errorf("%+v.Standing() = %g; want %g", tc.r, got, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		a, b := lossAt(rng), lossAt(rng)
		if a > b {
			a, b = b, a
		}
		ra := review.Rating{Loss: a, Verdict: verdictOf(a)}
		rb := review.Rating{Loss: b, Verdict: verdictOf(b)}
		sa, sb := ra.Standing(), rb.Standing()
		if sa < sb || sb < 0 || sa > 1 {
			t.Fatalf("loss %g stands at %g, loss %g at %g", a, sa, b, sb)
		}
		if ra.Verdict != rb.Verdict && sa-sb < 0.1-1e-9 {
			t.Fatalf("%v at loss %g stands at %g, %v at loss %g at %g: less than half a step apart",
				ra.Verdict, a, sa, rb.Verdict, b, sb)
		}
	}
}

// lossAt returns a loss from 0 to 200%, spread evenly over the orders of
// magnitude, 0 sometimes.
func lossAt(rng *rand.Rand) float64 {
	if rng.IntN(20) == 0 {
		return 0
	}
	return 2 * math.Pow(10, -8*rng.Float64())
}

// TestWord: a rating is named by its verdict, but a move that loses at
// once and the only move by what they are.
func TestWord(t *testing.T) {
	for _, tc := range []struct {
		r    review.Rating
		want string
	}{
		{review.Rating{Verdict: review.Best}, "best"},
		{review.Rating{Loss: 0.02, Verdict: review.Mistake}, "mistake"},
		{review.Rating{Loss: 0.2, Verdict: review.Blunder}, "blunder"},
		{review.Rating{Loss: 0.001, Verdict: review.Blunder, Loses: true}, "loses"},
		{review.Rating{Verdict: review.Forced}, "only move"},
	} {
		if got := tc.r.Word(); got != tc.want {
			t.Errorf("%+v.Word() = %q; want %q", tc.r, got, tc.want)
		}
	}
}
