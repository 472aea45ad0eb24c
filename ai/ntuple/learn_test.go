package ntuple

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/term2048/2048/engine"
)

// sumOfSquaredMultiplicities returns Σ m² over the distinct weights of b's
// value, m being how often each appears in it: adding d to each of them
// changes the value by d times that sum.
func sumOfSquaredMultiplicities(n *Network, b engine.Board) float32 {
	var f [maxFeatures]uint32
	count := map[uint32]float32{}
	for _, p := range f[:n.features(b, &f)] {
		count[p]++
	}
	var sum float32
	for _, m := range count {
		sum += m * m
	}
	return sum
}

// TestUpdateMovesByRate checks one TD update: the value of the afterstate
// moves toward the target, by the learning rate times the error when its
// weights are all different, and by as much more as weights repeat on a
// symmetric board; other values do not move.
func TestUpdateMovesByRate(t *testing.T) {
	const rate = 0.1
	boards := []engine.Board{
		0x1234_0051_0000_2100, // no symmetry: 32 different weights
		0x1111_1111_1111_1111, // every symmetry the same board
		0x1001_0000_0000_1001, // four corners
	}
	r := rand.New(rand.NewPCG(11, 12))
	for _, d := range Designs() {
		n, err := New(d, DefaultInitialValue)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(n.release)
		other := randomBoard(r)
		for _, b := range boards {
			for _, target := range []float32{1000, 900000} {
				l := &learner{net: n, rate: rate / float32(d.Features())}
				before, otherBefore := n.value(b), n.value(other)
				l.update(b, before, target)
				delta := (target - before) * l.rate
				want := before + delta*sumOfSquaredMultiplicities(n, b)
				if got := n.value(b); math.Abs(float64(got-want)) > 0.1 {
					t.Errorf("%v: update(%#016x, %v) moved the value from %v to %v; want %v", d, uint64(b), target, before, got, want)
				}
				if got := n.value(other); got != otherBefore {
					t.Errorf("%v: update(%#016x) moved the value of %#016x from %v to %v", d, uint64(b), uint64(other), otherBefore, got)
				}
			}
		}
		if got := sumOfSquaredMultiplicities(n, boards[0]); got != float32(d.Features()) {
			t.Errorf("%v: %#016x has %v as the sum of squared multiplicities; want %d (all different)", d, uint64(boards[0]), got, d.Features())
		}
	}
}

// TestCoherence checks the rates of temporal-coherence learning: a weight's
// first adjustment is whole, and once two equal and opposite adjustments
// cancel out, the next one moves nothing.
func TestCoherence(t *testing.T) {
	n, err := New(FourBySix, DefaultInitialValue)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.release)
	b := engine.Board(0x1234_0051_0000_2100)
	l := &learner{net: n, tc: newCoherence(len(n.weights)), rate: 1.0 / 32}
	t.Cleanup(l.tc.release)
	v0 := n.value(b)
	l.update(b, v0, v0+3200) // each weight +100: the coherence of each is 1
	if got := n.value(b); math.Abs(float64(got-(v0+3200))) > 0.1 {
		t.Fatalf("first update: value %v; want %v", got, v0+3200)
	}
	l.update(b, n.value(b), v0) // each weight −100, still at rate 1
	if got := n.value(b); math.Abs(float64(got-v0)) > 0.1 {
		t.Fatalf("second update: value %v; want %v", got, v0)
	}
	l.update(b, n.value(b), v0+3200) // the adjustments so far cancel out: coherence 0
	if got := n.value(b); math.Abs(float64(got-v0)) > 0.1 {
		t.Fatalf("third update: value %v; want it to stay at %v", got, v0)
	}
}
