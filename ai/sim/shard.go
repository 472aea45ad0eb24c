package sim

import "fmt"

// A Shard is the part Part of Of of a run of Games games from the seed
// Seed: a run too long for one machine is played as Of shards, one a job of
// a batch system, whose documents Merge puts back together. The parts are
// blocks of consecutive seeds, which cover every game of the run once and
// differ in size by one game at most.
type Shard struct {
	Part  int    `json:"part"`  // from 1 to Of
	Of    int    `json:"of"`    // the number of parts
	Games int    `json:"games"` // the games of the whole run
	Seed  uint64 `json:"seed"`  // the seed of the whole run's first game
}

// Seeds returns the games of the part: count games from the seed first.
func (s Shard) Seeds() (first uint64, count int) {
	lo := (s.Part - 1) * s.Games / s.Of
	hi := s.Part * s.Games / s.Of
	return s.Seed + uint64(lo), hi - lo
}

// String describes the shard as the command line of sim gives it, or, for
// nil, says that the run is no shard.
func (s *Shard) String() string {
	if s == nil {
		return "a whole run, not a shard"
	}
	return fmt.Sprintf("part %d/%d of -games %d -seed %d", s.Part, s.Of, s.Games, s.Seed)
}

// Part returns the configuration of the part k of n of the run c: the
// same player and workers, the games of that part, and its Shard. It fails
// unless 1 ≤ k ≤ n ≤ c.Games, since every part must play a game.
func (c Config) Part(k, n int) (Config, error) {
	switch {
	case n < 1 || k < 1 || k > n:
		return c, fmt.Errorf("part %d/%d: want the part K of N, with 1 ≤ K ≤ N", k, n)
	case n > c.Games:
		return c, fmt.Errorf("%d games cannot make %d parts", c.Games, n)
	}
	s := &Shard{Part: k, Of: n, Games: c.Games, Seed: c.Seed}
	c.Seed, c.Games = s.Seeds()
	c.Shard = s
	return c, nil
}
