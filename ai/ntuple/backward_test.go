package ntuple

import (
	"math"
	"testing"

	"github.com/term2048/2048/engine"
)

// threeMoves is a hand-made segment of three moves: afterstates whose cells
// all hold different ranks, so that each value adds up 32 different weights,
// and whose cells differ from one afterstate to the next, so that no two
// share a weight. The second move scored 8 points, the third 16.
var threeMoves = []step{
	{after: 0x0123_4567_89ab_cdef, points: 4},
	{after: 0x1234_5678_9abc_def0, points: 8},
	{after: 0x2345_6789_abcd_ef01, points: 16},
}

// TestWalk checks the λ-returns of a backward walk against a hand
// computation on threeMoves. Every value starts at V = 320,000; an update at
// rate α moves a value by α times its error, since its weights are
// distinct. Walking backwards, with V′ the value just after its update:
//
//	third:  target 0;                         V′₃ = V + α(0 − V)
//	second: target G₂ = 16 + λ·0 + (1−λ)·V′₃;  V′₂ = V + α(G₂ − V)
//	first:  target G₁ = 8 + λ·G₂ + (1−λ)·V′₂;  V′₁ = V + α(G₁ − V)
//
// With temporal coherence at rate 1, each weight's first adjustment is
// whole, so each value lands on its target: the walk then learns the points
// the segment went on to score, whatever λ.
func TestWalk(t *testing.T) {
	for _, c := range []struct {
		name      string
		lambda    float32
		coherence bool
		want      [3]float64 // V′₁, V′₂, V′₃
	}{
		// G₂ = 16 + 0.5·288,000 = 144,016; V′₂ = 320,000 − 0.1·175,984 = 302,401.6;
		// G₁ = 8 + 0.5·144,016 + 0.5·302,401.6 = 223,216.8.
		{"λ=0.5", 0.5, false, [3]float64{310321.68, 302401.6, 288000}},
		// G₂ = 16 + 288,000; V′₂ = 316,801.6; G₁ = 8 + 316,801.6.
		{"λ=0", 0, false, [3]float64{319680.96, 316801.6, 288000}},
		// G₂ = 16; V′₂ = 288,001.6; G₁ = 8 + 16.
		{"λ=1", 1, false, [3]float64{288002.4, 288001.6, 288000}},
		{"λ=0.5, coherence", 0.5, true, [3]float64{24, 16, 0}},
	} {
		n, err := New(FourBySix, DefaultInitialValue)
		if err != nil {
			t.Fatal(err)
		}
		rate := float32(0.1)
		l := &learner{net: n, lambda: c.lambda}
		if c.coherence {
			rate, l.tc = 1, newCoherence(len(n.weights))
		}
		l.rate = rate / float32(FourBySix.Features())
		checkDistinct(t, n, threeMoves)
		l.walk(threeMoves)
		for i, s := range threeMoves {
			if got := n.value(s.after); math.Abs(float64(got)-c.want[i]) > 0.5 {
				t.Errorf("%s: after the walk, afterstate %d is worth %v; want %v", c.name, i+1, got, c.want[i])
			}
		}
		if l.tc != nil {
			l.tc.release()
		}
		n.Release()
	}
}

// checkDistinct fails the test unless the values of the afterstates of
// trail add up distinct weights, none shared between two afterstates.
func checkDistinct(t *testing.T, n *Network, trail []step) {
	t.Helper()
	seen := map[uint32]engine.Board{}
	for _, s := range trail {
		var f [maxFeatures]uint32
		for _, p := range f[:n.features(s.after, &f)] {
			if b, ok := seen[p]; ok {
				t.Fatalf("%#016x and %#016x share the weight at %d", uint64(b), uint64(s.after), p)
			}
			seen[p] = s.after
		}
	}
}

// TestBackwardTrains checks a training by λ-returns as a whole: it plays
// every episode it is given, restarts included, and its network then plays
// better than the untrained one, on the same games.
func TestBackwardTrains(t *testing.T) {
	tr := newTestTrainer(t, 1, nil)
	if err := tr.SetLambda(0.5); err != nil {
		t.Fatal(err)
	}
	before := greedyMean(tr.net, 20)
	s := run(t, tr, 300)
	after := greedyMean(tr.net, 20)
	if s.Episodes != 300 || after < 1.2*before {
		t.Errorf("λ = 0.5: %d episodes, mean score at one ply %.0f → %.0f; want 300 and well above", s.Episodes, before, after)
	}
	for _, bad := range []float32{-0.1, 1.5, float32(math.NaN())} {
		if err := tr.SetLambda(bad); err == nil {
			t.Errorf("SetLambda(%v) = nil; want an error", bad)
		}
	}
}

// greedyMean returns the mean score at one ply of the games of seeds 1 to
// games with n's values.
func greedyMean(n *Network, games int) float64 {
	total := 0
	for seed := range uint64(games) {
		g := engine.NewGame(seed + 1)
		for !g.Over() {
			l := learner{net: n}
			after, _, _, _ := l.best(g.Board())
			for d := range engine.Direction(engine.NumDirections) {
				if b, _, _ := g.Board().Move(d); b == after {
					g.Move(d)
					break
				}
			}
		}
		total += g.Score()
	}
	return float64(total) / float64(games)
}

// BenchmarkTrainLambda measures training by λ-returns (λ = 0.5) in moves a
// second on one goroutine, for a 4×6 network that has already played a few
// thousand games, as BenchmarkTrain does for TD(0).
func BenchmarkTrainLambda(b *testing.B) {
	t := trained(b, FourBySix)
	if err := t.SetLambda(0.5); err != nil {
		b.Fatal(err)
	}
	trainMoves(b, t)
}
