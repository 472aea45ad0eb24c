package ntuple

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestRateOf checks the coherence of a weight against its definition, with
// a branch: |sum| / size if size is above 0, else 1; sizes of 0, −0, NaN,
// +Inf, the smallest and largest floats included.
func TestRateOf(t *testing.T) {
	want := func(sum, size float32) float32 {
		if size > 0 {
			return float32(math.Abs(float64(sum / size)))
		}
		return 1
	}
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	sizes := []float32{0, float32(math.Copysign(0, -1)), nan, inf, -inf, -1, math.SmallestNonzeroFloat32, math.MaxFloat32, 1, 3}
	sums := []float32{0, -2, 2, 1e30, -1e-30, inf}
	r := rand.New(rand.NewPCG(15, 16))
	for range 1000 {
		sizes = append(sizes, float32(r.ExpFloat64()))
		sums = append(sums, float32(r.NormFloat64()))
	}
	for _, size := range sizes {
		for _, sum := range sums {
			got, w := rateOf(sum, size), want(sum, size)
			if math.Float32bits(got) != math.Float32bits(w) && !(got != got && w != w) {
				t.Fatalf("rateOf(%v, %v) = %v; want %v", sum, size, got, w)
			}
		}
	}
}
