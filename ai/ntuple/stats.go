package ntuple

import "github.com/term2048/2048/engine"

// Stats counts what training did: the games played and how they went.
// Stats of several runs or learners add up with Add.
type Stats struct {
	Episodes uint64 // games played from the start
	Moves    uint64 // moves trained on, those of restarts included
	Score    uint64 // the sum of the games' scores
	// Highest counts the games by the rank of their highest tile.
	Highest [engine.MaxRank + 1]uint64
}

// record counts a game that scored score and ended with a highest tile of
// rank top.
func (s *Stats) record(score uint64, top uint8) {
	s.Episodes++
	s.Score += score
	s.Highest[top]++
}

// Add adds the counts of o to s.
func (s *Stats) Add(o Stats) {
	s.Episodes += o.Episodes
	s.Moves += o.Moves
	s.Score += o.Score
	for r, n := range o.Highest {
		s.Highest[r] += n
	}
}

// MeanScore returns the mean score of the games, 0 if there were none.
func (s Stats) MeanScore() float64 {
	if s.Episodes == 0 {
		return 0
	}
	return float64(s.Score) / float64(s.Episodes)
}

// Reached returns the fraction of the games whose highest tile was worth at
// least tile (a power of two), 0 if there were none.
func (s Stats) Reached(tile int) float64 {
	if s.Episodes == 0 {
		return 0
	}
	r, ok := engine.RankOf(tile)
	if !ok || r == 0 {
		return 0
	}
	var n uint64
	for _, c := range s.Highest[r:] {
		n += c
	}
	return float64(n) / float64(s.Episodes)
}
