package ntuple

import (
	"context"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// TestNetworkSearchEffort checks that a Searcher with a network takes the
// network's cut-off and searches a ply less than the heuristic's automatic
// depth, from the opening to a board of every tile.
func TestNetworkSearchEffort(t *testing.T) {
	n, err := New(FourBySix, DefaultInitialValue)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.release)
	s := ai.NewSearcher(ai.Config{Eval: n, Threads: 1})
	if got := s.Cutoff(); got != SearchCutoff {
		t.Errorf("Cutoff() with a network = %g; want %g", got, SearchCutoff)
	}
	for _, b := range []engine.Board{
		0x0000_0100_0000_0001, // the opening: 3 plies
		0x1234_5678_9abc_0000, // 12 distinct tiles
		0x0123_4567_89ab_cdef, // every tile: 13 plies, a ply less than ai.MaxDepth
	} {
		if got, want := s.AutoDepth(b), ai.DepthOf(b)-AutoDepthLess; got != want {
			t.Errorf("AutoDepth(%v) with a network = %d; want %d", b, got, want)
		}
	}
	b := engine.Board(0x1212_2301_0000_0000)
	r, err := s.Search(context.Background(), b, ai.Limits{Depth: ai.Auto})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Auto || r.Depth != ai.DepthOf(b)-AutoDepthLess {
		t.Errorf("Search(%v, Auto) with a network: depth %d, auto %v; want %d, true", b, r.Depth, r.Auto, ai.DepthOf(b)-AutoDepthLess)
	}
}
