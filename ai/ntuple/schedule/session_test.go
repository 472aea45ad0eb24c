package schedule

import (
	"math"
	"testing"
	"time"
)

// TestSliceEnd checks the end of a slice at the edges of the plans: the
// longest length and number of games, with and without a coherence phase,
// end a slice a sliceLength from now, not in the past (float64 of the
// longest Duration rounds up to 2^63, which a Duration cannot hold).
func TestSliceEnd(t *testing.T) {
	start := time.Now()
	for _, c := range []struct {
		plan Plan
		left int64
	}{
		{Plan{Duration: math.MaxInt64}, 0},
		{Plan{Duration: math.MaxInt64, Coherence: 0.5}, 0},
		{Plan{Episodes: math.MaxInt64}, math.MaxInt64},
		{Plan{Episodes: math.MaxInt64, Coherence: 0.5}, math.MaxInt64/2 + 1},
		{Plan{Episodes: 10, Coherence: 0.5}, 5},
	} {
		s := &session{plan: c.plan, start: start, nextCheckpoint: start.Add(math.MaxInt64)}
		until, left := s.sliceEnd(start, false)
		if !until.Equal(start.Add(sliceLength)) || left != c.left {
			t.Errorf("sliceEnd of %+v = %v after the start, %d games; want %v, %d",
				c.plan, until.Sub(start), left, sliceLength, c.left)
		}
	}
}
