package ntuple

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// A Tier is a band of a tuple's weights, ranked by how much play adjusted
// them in the coherence phase, and how coarsely a play file rounds them.
type Tier struct {
	// Share is the share of the tuple's weights that this tier and those
	// before it hold, the most adjusted first: above 0, at most 1.
	Share float64
	// Factor is the multiple of the step that the tier's weights are
	// rounded to: each is within Factor/2 steps of its value. From 1 to
	// MaxFactor.
	Factor int
}

// Tiers is the rounding of a play file, tier by tier, the most adjusted
// weights first: the shares rise, the last is 1.
type Tiers []Tier

// MaxFactor bounds a tier's factor: a 4096th of the 65536 codes is as
// coarse as a rounding can usefully be.
const MaxFactor = 4096

// DefaultTiers returns the rounding of 2048 train -export: of each tuple's
// weights, the 5% that play adjusted the most to the step, the next 5% to 4
// steps, the next 15% to 64 and the other 75%, which play seldom reaches, to
// 256. On the network built into the game it chose the unrounded
// network's move as often as rounding 95% of the weights to 16 steps did
// (on 97.66% and 97.68% of 5,517 positions, at three plies), in a file a
// fifth smaller, 24.8 MB; rounding those 95% to 64 steps chose it less
// often (96.96%) in 21.8 MB (docs/training.md, "Rounding by tiers").
func DefaultTiers() Tiers { return Tiers{{0.05, 1}, {0.10, 4}, {0.25, 64}, {1, 256}} }

// FineTiers returns the rounding of every weight to the step.
func FineTiers() Tiers { return Tiers{{1, 1}} }

// Check reports what is wrong with t, if anything: no tier, a share out of
// range or not above the one before, a last share other than 1, a factor
// out of range.
func (t Tiers) Check() error {
	if len(t) == 0 {
		return errors.New("no tier: want at least one, the last of share 1")
	}
	last := 0.0
	for _, tier := range t {
		switch {
		case !(tier.Share > last && tier.Share <= 1):
			return fmt.Errorf("tier %s: the shares must rise, from above 0 to 1", tier)
		case tier.Factor < 1 || tier.Factor > MaxFactor:
			return fmt.Errorf("tier %s: a factor from 1 to %d", tier, MaxFactor)
		}
		last = tier.Share
	}
	if last != 1 {
		return fmt.Errorf("the last tier has share %g: it must be 1, the whole tuple", last)
	}
	return nil
}

// String returns t as ParseTiers reads it: "0.05:1,0.1:4,0.25:64,1:256".
func (t Tiers) String() string {
	parts := make([]string, len(t))
	for i, tier := range t {
		parts[i] = tier.String()
	}
	return strings.Join(parts, ",")
}

// String returns the tier as SHARE:FACTOR.
func (t Tier) String() string {
	return strconv.FormatFloat(t.Share, 'g', -1, 64) + ":" + strconv.Itoa(t.Factor)
}

// ParseTiers reads tiers written SHARE:FACTOR,SHARE:FACTOR,…, as
// Tiers.String writes them, and checks them (see Tiers.Check).
func ParseTiers(s string) (Tiers, error) {
	var t Tiers
	for part := range strings.SplitSeq(s, ",") {
		share, factor, ok := strings.Cut(strings.TrimSpace(part), ":")
		if !ok {
			return nil, fmt.Errorf("tier %q: want SHARE:FACTOR, as 0.05:1", part)
		}
		sh, err := strconv.ParseFloat(share, 64)
		if err != nil {
			return nil, fmt.Errorf("tier %q: the share is not a number", part)
		}
		f, err := strconv.Atoi(factor)
		if err != nil {
			return nil, fmt.Errorf("tier %q: the factor is not a whole number", part)
		}
		t = append(t, Tier{Share: sh, Factor: f})
	}
	if err := t.Check(); err != nil {
		return nil, err
	}
	return t, nil
}

// factors returns, for the weights of a table of n whose adjustments add
// up to size(i), the factor of weight i: that of the first tier whose
// share of the weights, the most adjusted first, holds it. Where sizes is
// nil, every weight has the first tier's factor.
func (t Tiers) factors(n int, sizes func(i int) float32) func(i int) int {
	if sizes == nil {
		return func(int) int { return t[0].Factor }
	}
	// least[k] is the least size of tier k and those before it; the last
	// tier holds every weight the others do not.
	qs := make([]float64, len(t)-1)
	for k, tier := range t[:len(t)-1] {
		qs[k] = 1 - tier.Share
	}
	least := quantiles(n, sizes, qs)
	return func(i int) int {
		s := sizes(i)
		for k, l := range least {
			if s >= l {
				return t[k].Factor
			}
		}
		return t[len(t)-1].Factor
	}
}
