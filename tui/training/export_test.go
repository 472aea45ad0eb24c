package training

import (
	"testing"

	"github.com/term2048/2048/ai/ntuple"
)

// TestExportRounding checks what -export says of its rounding: tier by
// tier for a network in its coherence phase, and for another the first
// tier's rounding of every weight.
func TestExportRounding(t *testing.T) {
	for _, c := range []struct {
		step      float64
		tiers     ntuple.Tiers
		coherence bool
		want      string
	}{
		{8, ntuple.DefaultTiers(), false, "each weight within 4 points"},
		{8, ntuple.FineTiers(), true, "each weight within 4 points"},
		{8, ntuple.Tiers{{Share: 0.5, Factor: 2}, {Share: 1, Factor: 16}}, false, "each weight within 8 points"},
		{8, ntuple.DefaultTiers(), true, "the 5% of each tuple's weights that play adjusted most within 4 points, " +
			"the next 5% within 16 points, the next 15% within 256 points, the other 75% within 1024 points"},
		{0, ntuple.Tiers{{Share: 0.05, Factor: 1}, {Share: 1, Factor: 16}}, true, "the 5% of each tuple's weights that play adjusted most " +
			"within half a 65535th of its tuple's range, the other 95% within 8 65535ths of its tuple's range"},
		{0, ntuple.FineTiers(), true, "each weight within half a 65535th of its tuple's range"},
	} {
		if got := rounding(c.step, c.tiers, c.coherence); got != c.want {
			t.Errorf("rounding(%v, %v, %v) =\n%q; want\n%q", c.step, c.tiers, c.coherence, got, c.want)
		}
	}
}
