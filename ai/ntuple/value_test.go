package ntuple

import (
	"math/rand/v2"
	"testing"
)

// TestValueRounding checks that a 4×6 value adds its weights in the order
// and grouping it always has, so that it rounds the same, bit for bit, as
// the networks trained with it expect: the four weights of each symmetry in
// pairs, then the symmetries of symmetries in pairs, pairs of pairs, and the
// two halves. The weights are fractions of every size, whose sums round.
func TestValueRounding(t *testing.T) {
	n, err := newEmpty(FourBySix, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Release)
	r := rand.New(rand.NewPCG(13, 14))
	for k := range n.weights {
		for i := range n.weights[k][:tableLen] {
			n.weights[k][i] = float32(r.NormFloat64() * 1e4)
		}
	}
	tuples := FourBySix.Tuples()
	for range 20000 {
		b := randomBoard(r)
		var s [NumSymmetries]float32
		for k, sym := range symmetries(b) {
			w := func(i int) float32 { return n.weights[i].load(naiveIndex(tuples[i], sym)) }
			s[k] = (w(0) + w(1)) + (w(2) + w(3))
		}
		want := ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]))
		if got := n.value(b); got != want {
			t.Fatalf("value(%#016x) = %v; want %v, the sum in its order", uint64(b), got, want)
		}
		if got := n.valueT(b, b.Transpose()); got != want {
			t.Fatalf("valueT(%#016x) = %v; want %v, the sum in its order", uint64(b), got, want)
		}
	}
}
