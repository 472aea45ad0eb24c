package ai_test

import (
	"math"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

func TestGap(t *testing.T) {
	tests := []struct {
		best, other float64
		want        float64
	}{
		{1000, 1000, 0},
		{1000, 990, 0.01},
		{1000, 0, 1},
		{-200, -220, 0.1}, // a negative best: the gap is still positive
		{0.5, 0, 0.5},     // below 1, the size counts as 1
		{0, -0.25, 0.25},
	}
	for _, tt := range tests {
		r := ai.Result{Best: engine.Left}
		r.Legal[engine.Left], r.Legal[engine.Up] = true, true
		r.Value[engine.Left], r.Value[engine.Up] = tt.best, tt.other
		if got := r.Gap(engine.Up); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("Gap with best %g, other %g = %g; want %g", tt.best, tt.other, got, tt.want)
		}
		if got := r.Gap(engine.Left); got != 0 {
			t.Errorf("Gap of the best move = %g; want 0", got)
		}
	}
}
