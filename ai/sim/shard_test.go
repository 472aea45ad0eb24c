package sim_test

import (
	"strings"
	"testing"

	"github.com/term2048/2048/ai/sim"
)

// TestShardSeeds: the N parts of a run are blocks of consecutive seeds that
// cover its games once, differing in size by one game at most.
func TestShardSeeds(t *testing.T) {
	for _, games := range []int{1, 7, 10, 100} {
		for n := 1; n <= min(games, 9); n++ {
			next := uint64(3)
			for k := 1; k <= n; k++ {
				first, count := sim.Shard{Part: k, Of: n, Games: games, Seed: 3}.Seeds()
				if first != next || count < games/n || count > games/n+1 {
					t.Fatalf("Shard{%d, %d, %d, 3}.Seeds() = %d, %d; want %d or %d games from %d",
						k, n, games, first, count, games/n, games/n+1, next)
				}
				next += uint64(count)
			}
			if next != 3+uint64(games) {
				t.Fatalf("the %d parts of %d games end at seed %d; want %d", n, games, next, 3+games)
			}
		}
	}
}

func TestPart(t *testing.T) {
	whole := sim.Config{Player: sim.Player{Kind: sim.Greedy}, Games: 11, Seed: 5, Workers: 2}
	p, err := whole.Part(2, 3)
	if err != nil || p.Seed != 8 || p.Games != 4 || p.Workers != 2 || p.Player != whole.Player ||
		*p.Shard != (sim.Shard{Part: 2, Of: 3, Games: 11, Seed: 5}) {
		t.Errorf("Part(2, 3) of 11 games from seed 5 = %+v, %v; want 4 games from seed 8, part 2/3", p, err)
	}
	for _, c := range []struct {
		k, n int
		want string
	}{{0, 3, "1 ≤ K ≤ N"}, {4, 3, "1 ≤ K ≤ N"}, {1, 0, "1 ≤ K ≤ N"}, {1, 12, "11 games cannot make 12 parts"}} {
		if _, err := whole.Part(c.k, c.n); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Part(%d, %d) of 11 games: %v; want an error saying %q", c.k, c.n, err, c.want)
		}
	}
}
