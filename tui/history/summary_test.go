package history

import (
	"math"
	"testing"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// finished returns the record of a game that ended with score and the
// tile of rank tile, played as how says.
func finished(score int, tile uint8, how review.Mover) Record {
	return Record{Score: score, Board: engine.Board(0).With(0, tile), Hinted: how == review.ByHint, Autoplayed: how == review.ByAutoplay}
}

// TestSummarize checks the statistics of a history made by hand, with the
// values worked out by hand.
func TestSummarize(t *testing.T) {
	earlier := Earlier{GamesPlayed: 10, GamesWon: 1, GamesHinted: 3, GamesAutoplayed: 2, BestScore: 9000, HighestTile: 2048}
	games := []Record{
		finished(1000, 7, review.ByPlayer),     // 128
		finished(3000, 8, review.ByHint),       // 256
		finished(25000, 11, review.ByAutoplay), // 2048
		finished(2000, 9, review.ByPlayer),     // 512
		finished(7000, 10, review.ByPlayer),    // 1024
	}
	s := Summarize(earlier, games)
	// 10 earlier games and 5 lines; won: 1 earlier and the 2048; hinted:
	// 3 and the game with hints; autoplayed: 2 and the autoplayed one.
	if s.Games != 15 || s.Won != 2 || s.Hinted != 4 || s.Autoplayed != 3 || s.BestScore != 25000 || s.HighestTile != 2048 {
		t.Errorf("counts and records = %+v; want 15 games, 2 won, 4 hinted, 3 autoplayed, best 25000, tile 2048", s)
	}
	// The lines: scores 1000 2000 3000 7000 25000, sum 38000.
	if want := (Group{Games: 5, Won: 1, BestScore: 25000, HighestTile: 2048, MeanScore: 7600, MedianScore: 3000}); s.Recorded != want {
		t.Errorf("Recorded = %+v; want %+v", s.Recorded, want)
	}
	// By hand: 1000 2000 7000, sum 10000.
	own := s.Own
	if own.Games != 3 || own.Won != 0 || own.BestScore != 7000 || own.HighestTile != 1024 ||
		math.Abs(own.MeanScore-10000.0/3) > 1e-9 || own.MedianScore != 2000 {
		t.Errorf("Own = %+v; want 3 games, none won, best 7000, tile 1024, mean 3333.3, median 2000", own)
	}
	// 128: all five; 512: the 512, 1024 and 2048; 1024: two; 2048: one.
	for r, want := range map[uint8]int{0: 0, 1: 5, 7: 5, 8: 4, 9: 3, 10: 2, 11: 1, 12: 0, 15: 0} {
		if s.Reached[r] != want {
			t.Errorf("Reached[%d] (%d) = %d; want %d", r, engine.TileValue(r), s.Reached[r], want)
		}
	}
	for score, want := range map[int]int{30000: 1, 25000: 1, 5000: 3, 1000: 5, 0: 6} {
		if got := Rank(games, score); got != want {
			t.Errorf("Rank(games, %d) = %d; want %d", score, got, want)
		}
	}
}

// TestSummarizeUndos: the best score is the highest any game reached,
// undone moves included; NoUndo keeps the games by hand without an undo.
func TestSummarizeUndos(t *testing.T) {
	games := []Record{finished(1000, 7, review.ByPlayer), finished(3000, 8, review.ByPlayer), finished(2000, 9, review.ByHint)}
	games[0].Peak = 1000
	games[1].Peak, games[1].Undos = 4000, 2 // 4,000 reached, then undone to 3,000
	games[2].Peak = 2000
	s := Summarize(Earlier{}, games)
	if s.BestScore != 4000 || s.Own.BestScore != 3000 || s.Own.Games != 2 {
		t.Errorf("best %d, by hand %+v; want 4000 reached, and the 2 games by hand at best 3000 as left", s.BestScore, s.Own)
	}
	if want := (Group{Games: 1, BestScore: 1000, HighestTile: 128, MeanScore: 1000, MedianScore: 1000}); s.NoUndo != want {
		t.Errorf("NoUndo = %+v; want %+v", s.NoUndo, want)
	}
}

// TestSummarizeSetUp: games begun from a position set up are kept apart:
// they count in SetUp only, not in the counts, the records or the ranks.
func TestSummarizeSetUp(t *testing.T) {
	games := []Record{finished(1000, 7, review.ByPlayer), finished(50000, 12, review.ByPlayer), finished(3000, 8, review.ByPlayer)}
	games[1].SetUp = true
	s := Summarize(Earlier{}, games)
	if s.Games != 2 || s.Won != 0 || s.BestScore != 3000 || s.HighestTile != 256 || s.Own.Games != 2 || s.Reached[12] != 0 {
		t.Errorf("%+v; want the 2 games from a fresh start, best 3000, tile 256", s)
	}
	if s.SetUp.Games != 1 || s.SetUp.BestScore != 50000 || s.SetUp.Won != 1 {
		t.Errorf("SetUp = %+v; want the game set up, its 50000 and its 4096", s.SetUp)
	}
	if r := Rank(games, 2000); r != 2 {
		t.Errorf("Rank(2000) = %d; want 2, the set-up game passed over", r)
	}
}

func TestSummarizeNothing(t *testing.T) {
	if s := Summarize(Earlier{}, nil); s != (Summary{}) {
		t.Errorf("Summarize of no game = %+v; want zero", s)
	}
	// Earlier games alone: their counts, and no line to average.
	s := Summarize(Earlier{GamesPlayed: 4, BestScore: 500, HighestTile: 64}, nil)
	if s.Games != 4 || s.BestScore != 500 || s.HighestTile != 64 || s.Recorded != (Group{}) {
		t.Errorf("Summarize of earlier games only = %+v", s)
	}
}
