package ai

import (
	"testing"

	"github.com/term2048/2048/engine"
)

// costly is the default heuristic with a search effort of its own, as an
// evaluator whose leaves cost more would set: its cut-off, and an automatic
// depth less plies than DepthOf (or more, for a negative less).
type costly struct {
	*Lines
	cutoff float64
	less   int
}

func (e costly) Cutoff() float64              { return e.cutoff }
func (e costly) AutoDepth(b engine.Board) int { return DepthOf(b) - e.less }

func TestSearchEffortAutoDepth(t *testing.T) {
	b := mustParse(t, hard)
	tests := []struct {
		less int
		want int
	}{
		{1, DepthOf(b) - 1},
		{0, DepthOf(b)},
		{DepthOf(b), 1}, // at least one ply
		{-20, MaxDepth}, // at most MaxDepth
	}
	for _, tt := range tests {
		s := NewSearcher(Config{Eval: costly{NneonneoHeuristic(), 3e-4, tt.less}, Threads: 1})
		if got := s.AutoDepth(b); got != tt.want {
			t.Errorf("AutoDepth(%v) with %d plies less = %d; want %d", b, tt.less, got, tt.want)
		}
	}
	s := NewSearcher(Config{Eval: costly{NneonneoHeuristic(), 3e-4, 1}, Threads: 1})
	r := search(t, s, b, Limits{Depth: Auto})
	if !r.Auto || r.Depth != DepthOf(b)-1 {
		t.Errorf("Search(%v, Auto) with a ply less: depth %d, auto %v; want %d, true", b, r.Depth, r.Auto, DepthOf(b)-1)
	}
	if got := NewSearcher(Config{Threads: 1}).AutoDepth(b); got != DepthOf(b) {
		t.Errorf("AutoDepth(%v) with the heuristic = %d; want DepthOf, %d", b, got, DepthOf(b))
	}
}

func TestSearchEffortCutoff(t *testing.T) {
	e := costly{NneonneoHeuristic(), 3e-4, 0}
	tests := []struct {
		config float64
		want   float64
	}{
		{0, 3e-4},    // the evaluator's
		{1e-3, 1e-3}, // the Config's, when it sets one
		{-1, 0},      // none
	}
	for _, tt := range tests {
		if got := NewSearcher(Config{Eval: e, Cutoff: tt.config}).Cutoff(); got != tt.want {
			t.Errorf("Cutoff() with Config.Cutoff %g = %g; want %g", tt.config, got, tt.want)
		}
	}
	if got := NewSearcher(Config{}).Cutoff(); got != DefaultCutoff {
		t.Errorf("Cutoff() with the heuristic = %g; want DefaultCutoff, %g", got, DefaultCutoff)
	}
	// The evaluator's cut-off is the search's: the same values as a
	// search of the heuristic told that cut-off.
	b := mustParse(t, hard)
	l := Limits{Depth: 6}
	got := search(t, NewSearcher(Config{Eval: e, Threads: 1}), b, l)
	want := search(t, NewSearcher(Config{Cutoff: 3e-4, Threads: 1}), b, l)
	if got.Value != want.Value || got.Nodes != want.Nodes {
		t.Errorf("Search(%v, %+v) with the evaluator's cut-off: values %v, %d nodes; with Config.Cutoff 3e-4: %v, %d",
			b, l, got.Value, got.Nodes, want.Value, want.Nodes)
	}
}

// TestAutoDepthRange: the range of the automatic depth is the evaluator's
// rule's, from an empty board to one of every tile.
func TestAutoDepthRange(t *testing.T) {
	if lo, hi := NewSearcher(Config{Threads: 1}).AutoDepthRange(); lo != DepthOf(0) || hi != MaxDepth {
		t.Errorf("the heuristic's automatic depth runs from %d to %d; want %d to %d", lo, hi, DepthOf(0), MaxDepth)
	}
	s := NewSearcher(Config{Eval: costly{NneonneoHeuristic(), 3e-4, 2}, Threads: 1})
	if lo, hi := s.AutoDepthRange(); lo != DepthOf(0)-2 || hi != MaxDepth-2 {
		t.Errorf("a rule two plies less runs from %d to %d; want %d to %d", lo, hi, DepthOf(0)-2, MaxDepth-2)
	}
}
