package ntuple

import (
	"slices"
	"strings"
	"testing"
)

// TestParseTiers checks that tiers read back as written, and that what is
// not tiers, or tiers Check refuses, is refused with its reason.
func TestParseTiers(t *testing.T) {
	for _, tiers := range []Tiers{DefaultTiers(), FineTiers(), {{0.001, 1}, {0.5, 3}, {1, MaxFactor}}} {
		got, err := ParseTiers(tiers.String())
		if err != nil || !slices.Equal(got, tiers) {
			t.Errorf("ParseTiers(%q) = %v, %v; want %v", tiers.String(), got, err, tiers)
		}
	}
	if got, err := ParseTiers(" 0.05:1, 1:16"); err != nil || !slices.Equal(got, Tiers{{0.05, 1}, {1, 16}}) {
		t.Errorf("with spaces: %v, %v", got, err)
	}
	for _, c := range []struct{ in, want string }{
		{"", "want SHARE:FACTOR"},
		{"1", "want SHARE:FACTOR"},
		{"x:1", "the share is not a number"},
		{"1:x", "the factor is not a whole number"},
		{"1:1.5", "the factor is not a whole number"},
		{"0.5:1", "it must be 1"},
		{"0.5:1,0.5:2,1:4", "the shares must rise"},
		{"0:1,1:2", "the shares must rise"},
		{"1.5:1", "the shares must rise"},
		{"NaN:1", "the shares must rise"},
		{"1:0", "a factor from 1 to 4096"},
		{"1:4097", "a factor from 1 to 4096"},
	} {
		if got, err := ParseTiers(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseTiers(%q) = %v, %v; want an error saying %q", c.in, got, err, c.want)
		}
	}
}

// TestTierFactors checks the factor of each weight against a naive
// ranking: the weights sorted by size, the first share of them in the
// first tier, and so on.
func TestTierFactors(t *testing.T) {
	const n = 16 * 1000
	size := func(i int) float32 { return float32((i / 16 * 37) % 1000) } // each of 0 to 999 in a run of 16
	tiers := Tiers{{0.1, 1}, {0.3, 8}, {1, 64}}
	factor := tiers.factors(n, size)
	counts := map[int]int{}
	for i := range n {
		counts[factor(i)]++
		var want int
		switch s := size(i); {
		case s >= 900:
			want = 1
		case s >= 700:
			want = 8
		default:
			want = 64
		}
		if got := factor(i); got != want {
			t.Fatalf("weight %d of size %v: factor %d; want %d", i, size(i), got, want)
		}
	}
	if counts[1] != n/10 || counts[8] != n/5 || counts[64] != n*7/10 {
		t.Errorf("weights per factor %v; want a tenth, a fifth and the rest", counts)
	}
	if f := FineTiers().factors(n, nil); f(5) != 1 {
		t.Errorf("without sizes, factor %d; want the first tier's, 1", f(5))
	}
}
