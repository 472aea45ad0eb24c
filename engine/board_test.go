package engine_test

import (
	"testing"

	"github.com/term2048/2048/engine"
)

// TestRankOf checks RankOf against TileValue for every rank, and that no
// other value from -1 to 70000 has a rank.
func TestRankOf(t *testing.T) {
	ranks := map[int]uint8{}
	for r := uint8(0); r <= engine.MaxRank; r++ {
		ranks[engine.TileValue(r)] = r
	}
	for v := -1; v <= 70000; v++ {
		got, ok := engine.RankOf(v)
		want, isTile := ranks[v]
		if ok != isTile || got != want {
			t.Errorf("RankOf(%d) = %d, %v; want %d, %v", v, got, ok, want, isTile)
		}
	}
}
