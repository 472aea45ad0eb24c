package ai

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/term2048/2048/engine"
)

// TestLineLeaves compares the last layer worked out line by line with the
// same layer scored board by board through the evaluator: the values must be
// equal to the last bit, and the counts equal, on boards with every number of
// empty cells and tiles up to 32768.
func TestLineLeaves(t *testing.T) {
	var stop atomic.Bool
	lines := NneonneoHeuristic()
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 20_000 {
		var b engine.Board
		for i := range engine.NumCells {
			if r.IntN(16) > n%16 { // from full boards to nearly empty ones
				b = b.With(i, uint8(1+r.IntN(15)))
			}
		}
		empty := b.EmptyBits()
		if empty == 0 {
			continue
		}
		fast := &worker{lines: lines, eval: lines, lost: lines.Lost(), stop: &stop}
		slow := &worker{eval: lines, lost: lines.Lost(), stop: &stop}
		got, want := fast.leafSpawns(b, empty), slow.leafSpawns(b, empty)
		if got != want || fast.Counts != slow.Counts {
			t.Fatalf("leafSpawns(%v) = %v with counts %+v line by line; %v with %+v board by board", b, got, fast.Counts, want, slow.Counts)
		}
	}
}
