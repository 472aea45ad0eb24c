package ntuple

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/term2048/2048/engine"
)

// integerNetwork returns a network of design d whose weights are small
// integers that vary from one index to the next, so that every sum of them
// is exact in float32, whatever its order.
func integerNetwork(t testing.TB, d Design) *Network {
	t.Helper()
	n, err := newEmpty(d, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Release)
	for k := range n.weights {
		for i := range n.weights[k][:tableLen] {
			h := uint32(i+k<<tableBits) * 2654435761 // Knuth's multiplicative hash
			n.weights[k][i] = float32(int(h>>24) - 128)
		}
	}
	return n
}

// naiveValue is the value of b read cell by cell: every tuple on every
// symmetry of b.
func naiveValue(n *Network, b engine.Board) float32 {
	var sum float32
	for _, s := range symmetries(b) {
		for k, tuple := range n.design.Tuples() {
			sum += n.weights[k].load(naiveIndex(tuple, s))
		}
	}
	return sum
}

// TestValue checks the value of random boards against the naive value, and
// that a board and its symmetries have the same value, for each design.
func TestValue(t *testing.T) {
	for _, d := range Designs() {
		n := integerNetwork(t, d)
		r := rand.New(rand.NewPCG(5, 6))
		for range 20000 {
			b := randomBoard(r)
			v := n.value(b)
			if want := naiveValue(n, b); v != want {
				t.Fatalf("%v: value(%#016x) = %v; want %v", d, uint64(b), v, want)
			}
			for _, s := range symmetries(b) {
				if got := n.value(s); got != v {
					t.Fatalf("%v: value(%#016x) = %v, but its symmetry %#016x has %v", d, uint64(b), v, uint64(s), got)
				}
			}
			if got := n.Evaluate(b); got != float64(v) {
				t.Fatalf("%v: Evaluate(%#016x) = %v; want %v", d, uint64(b), got, v)
			}
		}
		n.Release() // one design's network at a time
	}
}

// TestFeatures checks that the features of a board are the positions of
// the weights its value adds, symmetry by symmetry.
func TestFeatures(t *testing.T) {
	for _, d := range Designs() {
		n, err := newEmpty(d, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(n.Release)
		r := rand.New(rand.NewPCG(7, 8))
		for range 10000 {
			b := randomBoard(r)
			var f [maxFeatures]uint32
			if k := n.features(b, &f); k != d.Features() {
				t.Fatalf("%v: features wrote %d; want %d", d, k, d.Features())
			}
			tuples := d.Tuples()
			for s, sym := range symmetries(b) {
				for k, tuple := range tuples {
					want := uint32(k)<<tableBits | naiveIndex(tuple, sym)
					if got := f[s*len(tuples)+k]; got != want {
						t.Fatalf("%v: feature %d of %#016x = %#x; want %#x", d, s*len(tuples)+k, uint64(b), got, want)
					}
				}
			}
		}
	}
}

// TestNewValuesEveryBoardAtInitial checks the optimistic start: an untrained
// network gives every board the initial value.
func TestNewValuesEveryBoardAtInitial(t *testing.T) {
	n, err := New(FourBySix, DefaultInitialValue)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Release)
	r := rand.New(rand.NewPCG(9, 10))
	for range 1000 {
		b := randomBoard(r)
		if v := n.Evaluate(b); math.Abs(v-DefaultInitialValue) > 1e-3*DefaultInitialValue {
			t.Fatalf("untrained value of %#016x = %v; want %v", uint64(b), v, DefaultInitialValue)
		}
	}
	if n.Lost() != 0 || !n.EstimatesScore() {
		t.Errorf("Lost() = %v, EstimatesScore() = %v; want 0, true", n.Lost(), n.EstimatesScore())
	}
}

func TestParseDesign(t *testing.T) {
	for _, d := range Designs() {
		got, err := ParseDesign(d.String())
		if err != nil || got != d {
			t.Errorf("ParseDesign(%q) = %v, %v; want %v", d.String(), got, err, d)
		}
	}
	if _, err := ParseDesign("5x6"); err == nil {
		t.Error("ParseDesign(\"5x6\") succeeded; want an error")
	}
}
