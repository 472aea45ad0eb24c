package ai

import "testing"

// TestLeafCaches checks the order in which a Searcher hands out its leaf
// caches, the one given back last first, so that the goroutines of a search,
// whose caches searchDepth gives back last goroutine first, each take back
// the cache it filled; and that Reset empties each cache when it is next
// handed out, not before.
func TestLeafCaches(t *testing.T) {
	var p leafCaches
	first, second := p.get(), p.get()
	if first == second {
		t.Fatal("two goroutines were handed one cache")
	}
	first.slot(1).board, second.slot(2).board = 1, 2
	for round := range 2 {
		p.put(second)
		p.put(first)
		if a, b := p.get(), p.get(); a != first || b != second {
			t.Fatalf("round %d: caches handed out in the order %p, %p; want %p, %p, the one given back last first", round, a, b, first, second)
		}
	}
	if first.slot(1).board != 1 || second.slot(2).board != 2 {
		t.Fatal("a cache handed out again forgot its leaves")
	}
	p.put(second)
	p.put(first)
	p.reset()
	if first.slot(1).board != 1 || second.slot(2).board != 2 {
		t.Error("Reset emptied the caches at once; want each when next handed out")
	}
	if c := p.get(); c != first || c.slot(1).board != 0 {
		t.Errorf("the first cache handed out after Reset holds %v; want it empty", c.slot(1).board)
	}
	if second.slot(2).board != 2 {
		t.Error("handing out one cache after Reset emptied another")
	}
	if c := p.get(); c != second || c.slot(2).board != 0 {
		t.Errorf("the second cache handed out after Reset holds %v; want it empty", c.slot(2).board)
	}
	second.slot(2).board = 2
	p.put(second)
	if c := p.get(); c.slot(2).board != 2 {
		t.Error("a cache filled after Reset was emptied again")
	}
	if c := p.get(); c == first || c == second {
		t.Error("a cache in use was handed out")
	}
}
