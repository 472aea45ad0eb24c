package sim_test

import (
	"testing"
	"time"

	"github.com/term2048/2048/ai/sim"
)

func TestComparison(t *testing.T) {
	c := sim.Config{Player: sim.Player{Kind: sim.Expectimax, Depth: 3, Time: time.Second, Cutoff: 0.01}, Games: 10, Seed: 4}
	four := c.Comparison(nil)
	if len(four) != 4 {
		t.Fatalf("Comparison(nil) = %d runs; want the four players", len(four))
	}
	for i, kind := range []string{sim.Random, sim.Greedy, sim.Minimax, sim.Expectimax} {
		r := four[i]
		budget := kind == sim.Expectimax
		if r.Player.Kind != kind || r.Player.Depth != 3 || r.Games != 10 || r.Seed != 4 || (r.Player.Time != 0) != budget || (r.Player.Cutoff != 0) != budget {
			t.Errorf("Comparison(nil)[%d] = %+v; want %s at depth 3 on the same games, a time budget and cut-off only for expectimax", i, r, kind)
		}
	}
	deep := c.Comparison([]int{1, 2, 5})
	if len(deep) != 3 {
		t.Fatalf("Comparison(1, 2, 5) = %d runs; want 3", len(deep))
	}
	for i, d := range []int{1, 2, 5} {
		if r := deep[i]; r.Player.Kind != sim.Expectimax || r.Player.Depth != d || r.Player.Time != time.Second {
			t.Errorf("Comparison(1, 2, 5)[%d] = %+v; want expectimax at %d plies, with its time budget", i, r, d)
		}
	}
}
