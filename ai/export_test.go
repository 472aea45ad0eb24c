package ai

import (
	"slices"

	"github.com/term2048/2048/engine"
)

// Helpers of the package's own tests that its external tests (package
// ai_test, which sees only the exported API) use too.
var (
	ReadPositions   = readPositions
	RandomBoards    = randomBoards
	MustParse       = mustParse
	Cells           = cells
	PlainExpectimax = plainExpectimax
)

// EmptyCells is the ScoreEstimator of the tests (see emptyCells).
type EmptyCells = emptyCells

// Hard is the late-game position whose auto depth is deep (see hard).
const Hard = hard

// ForgetTable empties s's transposition tables alone, as Reset does, but
// leaves the leaf caches as they are (see leafCache).
func ForgetTable(s *Searcher) {
	s.tt.reset()
	for _, t := range s.own {
		t.reset()
	}
}

// A LeafSlot is what one slot of a leaf cache holds: a board, 0 for none,
// and its value.
type LeafSlot struct {
	Board engine.Board
	Value float64
}

// LeafCaches returns the leaf caches s keeps between searches, in the order
// the goroutines of its next search take them, the first goroutine's first,
// and what each slot of each holds.
func LeafCaches(s *Searcher) (caches []*leafCache, slots [][]LeafSlot) {
	s.leaves.mu.Lock()
	defer s.leaves.mu.Unlock()
	for _, c := range slices.Backward(s.leaves.free) {
		caches = append(caches, c)
		held := make([]LeafSlot, len(c.slots))
		for i, sl := range c.slots {
			held[i] = LeafSlot{sl.board, sl.value}
		}
		slots = append(slots, held)
	}
	return caches, slots
}
