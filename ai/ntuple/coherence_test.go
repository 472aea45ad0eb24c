package ntuple

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"
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

// TestCoherencePairs checks, for every weight of two tuples, that its sum
// and size lie side by side in the coherence tables, each pair in its own
// place, within the first tableLen floats of a table of its tuple, and that
// chunkOf gives the same pairs.
func TestCoherencePairs(t *testing.T) {
	c := newCoherence(2)
	t.Cleanup(c.release)
	addr := func(p *float32) uintptr { return uintptr(unsafe.Pointer(p)) }
	var last uintptr
	for tuple := range 2 {
		for i := range tableLen {
			e := c.at(position(tuple, i))
			a := addr(&e[0])
			if a <= last && !(tuple == 0 && i == 0) {
				t.Fatalf("weight %d of tuple %d: its pair at %#x, not after the previous weight's at %#x", i, tuple, a, last)
			}
			last = a
			inside := false
			for k := 2 * tuple; k < 2*tuple+2; k++ {
				start := addr(&c.pairs[k][0])
				inside = inside || a >= start && a+8 <= start+4*tableLen
			}
			if !inside || a%8 != 0 {
				t.Fatalf("weight %d of tuple %d: its pair at %#x, outside its tuple's tables or not aligned", i, tuple, a)
			}
			if i%chunk == 0 {
				pairs := c.chunkOf(tuple, i)
				for _, j := range []int{0, 1, chunk - 1} {
					if got, want := &pairs[2*j], &c.at(position(tuple, i+j))[0]; got != want {
						t.Fatalf("chunkOf(%d, %d)[%d] at %#x; want the pair of weight %d at %#x", tuple, i, 2*j, addr(got), i+j, addr(want))
					}
				}
			}
		}
	}
}
