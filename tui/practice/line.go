package practice

import (
	"context"
	"math/rand/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// LineMoves is how many moves of the AI's line a puzzle solved shows: the
// answer, then the AI's moves after it.
const LineMoves = 5

// lineDepth is the depth of the AI's moves of the line: they only show how
// the game goes on.
const lineDepth = 3

// PlayOn returns the boards of the AI's line from b: the board after first,
// and its new tile, then after each of the AI's next moves (searched by s
// at a few plies), LineMoves boards at most, fewer if the game ends. The
// new tiles are drawn from a generator seeded by b, so that a puzzle's
// line is the same each time. The error is ctx's.
func PlayOn(ctx context.Context, s *ai.Searcher, b engine.Board, first engine.Direction) ([]engine.Board, error) {
	rng := rand.New(rand.NewPCG(uint64(b), 0x2048))
	var boards []engine.Board
	d := first
	for len(boards) < LineMoves {
		after, _, moved := b.Move(d)
		if !moved {
			break
		}
		sp, ok := after.Spawn(rng)
		if !ok {
			break
		}
		b = sp.Board
		boards = append(boards, b)
		if len(boards) == LineMoves || !b.HasMove() {
			break
		}
		r, err := s.Search(ctx, b, ai.Limits{Depth: lineDepth})
		if err != nil {
			return boards, err
		}
		d = r.Best
	}
	return boards, nil
}
