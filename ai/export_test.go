package ai

// Helpers of the package's own tests that its external tests (package
// ai_test, which sees only the exported API) use too.
var (
	ReadPositions = readPositions
	RandomBoards  = randomBoards
	MustParse     = mustParse
	Cells         = cells
)

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
