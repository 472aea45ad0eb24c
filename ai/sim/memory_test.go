package sim_test

import (
	"testing"

	"github.com/term2048/2048/ai/sim"
)

func TestCheckMemory(t *testing.T) {
	const gib = 1 << 30
	auto := sim.Player{Kind: sim.Expectimax}
	for _, c := range []struct {
		player         sim.Player
		games, workers int
		memory         uint64
		want           string // "" for no error
	}{
		{auto, 1000, 1000, 24 * gib, "1000 workers with a 16 MiB table each need 16 GiB, more than half of the 24 GiB of memory here; want at most 768"},
		{auto, 100, 1000, 2 * gib, "100 workers with a 16 MiB table each need 1.6 GiB, more than half of the 2.0 GiB of memory here; want at most 64"},
		{auto, 1000, 768, 24 * gib, ""},
		{auto, 10, 1000, 24 * gib, ""},                                         // only as many workers as games
		{sim.Player{Kind: sim.Expectimax, Depth: 3}, 1000, 1000, 24 * gib, ""}, // 4 MiB tables
		{sim.Player{Kind: sim.Random}, 1000, 1000, 1 * gib, ""},
		{auto, 1000, 1000, 0, ""}, // memory unknown
	} {
		run := sim.Config{Player: c.player, Games: c.games, Workers: c.workers}
		err := run.CheckMemory(c.memory)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("CheckMemory of %v, %d games, %d workers, %d GiB = %q; want %q", c.player, c.games, c.workers, c.memory/gib, got, c.want)
		}
	}
}
