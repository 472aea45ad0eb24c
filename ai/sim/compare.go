package sim

// Comparison returns the runs of a comparison of players on the games of
// c: the player of c at each of depths, or with no depths the four kinds
// of player, random, greedy, minimax and expectimax, at c's depth. The
// runs of other players than expectimax have no time budget nor cut-off,
// which are its own.
func (c Config) Comparison(depths []int) []Config {
	var runs []Config
	add := func(kind string, depth int) {
		r := c
		r.Player.Kind, r.Player.Depth = kind, depth
		if kind != Expectimax {
			r.Player.Time, r.Player.Cutoff = 0, 0
		}
		runs = append(runs, r)
	}
	if depths != nil {
		for _, d := range depths {
			add(c.Player.Kind, d)
		}
		return runs
	}
	for _, kind := range []string{Random, Greedy, Minimax, Expectimax} {
		add(kind, c.Player.Depth)
	}
	return runs
}
