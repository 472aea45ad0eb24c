package engine

import "math/rand/v2"

// FourProbability is the probability that a new tile is a 4 rather than a 2.
const FourProbability = 0.1

// A Spawn is a new tile the game put on the board.
type Spawn struct {
	Board Board // the board with the new tile
	Cell  int   // where the tile went
	Rank  uint8 // 1 for a 2, 2 for a 4
}

// Spawn puts a new tile in one of the cells of b that are empty now, each
// equally likely: a 2 with probability 0.9, else a 4. It draws two numbers
// from r, the cell and then the tile, so that a game replays from its seed.
// On a full board it returns ok == false and draws nothing.
func (b Board) Spawn(r *rand.Rand) (s Spawn, ok bool) {
	n := b.CountEmpty()
	if n == 0 {
		return Spawn{Board: b, Cell: -1}, false
	}
	k := r.IntN(n)
	rank := uint8(1)
	if r.IntN(10) == 0 {
		rank = 2
	}
	for i := range NumCells {
		if b.Cell(i) != 0 {
			continue
		}
		if k == 0 {
			return Spawn{Board: b.With(i, rank), Cell: i, Rank: rank}, true
		}
		k--
	}
	panic("engine: CountEmpty disagrees with Cell") // unreachable
}

// An Outcome is one way a spawn can turn out, with its probability.
type Outcome struct {
	Spawn
	P float64
}

// Outcomes returns every spawn that can follow on b with its probability, a
// 2 and then a 4 for each empty cell in cell order. The probabilities add up
// to 1; a full board has none.
func (b Board) Outcomes() []Outcome {
	n := b.CountEmpty()
	out := make([]Outcome, 0, 2*n)
	for i := range NumCells {
		if b.Cell(i) != 0 {
			continue
		}
		out = append(out,
			Outcome{Spawn{b.With(i, 1), i, 1}, (1 - FourProbability) / float64(n)},
			Outcome{Spawn{b.With(i, 2), i, 2}, FourProbability / float64(n)})
	}
	return out
}
