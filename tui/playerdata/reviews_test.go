package playerdata

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/reviewcache"
)

// testSetting is the review setting of the tests: shallow, to keep them
// quick.
var testSetting = review.Setting{Depth: 2}

// reviewedGame returns a game of n moves and the AI's searches of its
// positions at testSetting.
func reviewedGame(t *testing.T, seed uint64, n int) (review.Game, []ai.Result) {
	t.Helper()
	e := engine.NewGame(seed)
	playSome(e, n)
	g := review.Game{Transcript: e.Transcript()}
	rev, err := review.Run(context.Background(), g, review.Options{Setting: testSetting, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	searches := make([]ai.Result, len(rev.Moves))
	for i, m := range rev.Moves {
		searches[i] = m.Search
	}
	return g, searches
}

// TestFilesReviews: a review kept is read back for its game and its
// setting only; a damaged one is reported, never taken, and written over
// by the next review kept.
func TestFilesReviews(t *testing.T) {
	s := tempFiles(t)
	g, searches := reviewedGame(t, 3, 60)
	if known, err := s.LoadReview(g, testSetting); known != nil || err != nil {
		t.Fatalf("LoadReview with none kept = %d searches, %v", len(known), err)
	}
	if err := s.SaveReview(g, testSetting, searches[:40]); err != nil {
		t.Fatal(err)
	}
	known, err := s.LoadReview(g, testSetting)
	if err != nil || len(known) != 40 || known[39].Board != searches[39].Board || known[39].Value != searches[39].Value {
		t.Fatalf("LoadReview after keeping 40 moves = %d searches, %v", len(known), err)
	}
	if known, err := s.LoadReview(g, review.Setting{Depth: 3}); known != nil || err != nil {
		t.Errorf("LoadReview at another setting = %d searches, %v; want none, and no error", len(known), err)
	}
	other, _ := reviewedGame(t, 4, 10)
	if known, err := s.LoadReview(other, testSetting); known != nil || err != nil {
		t.Errorf("LoadReview of another game = %d searches, %v; want none", len(known), err)
	}

	path := filepath.Join(s.ReviewsDir(), reviewcache.FileName(g))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if known, err := s.LoadReview(g, testSetting); known != nil || err == nil {
		t.Fatalf("LoadReview of a damaged file = %d searches, %v; want none and an error", len(known), err)
	}
	if err := s.SaveReview(g, testSetting, searches); err != nil {
		t.Fatal(err)
	}
	if known, err := s.LoadReview(g, testSetting); err != nil || len(known) != len(searches) {
		t.Errorf("LoadReview after keeping the whole review over a damaged one = %d searches, %v", len(known), err)
	}
}

// TestFilesReviewsNotKept: a review searched for a time a move depends on
// the machine, and is neither written nor read.
func TestFilesReviewsNotKept(t *testing.T) {
	s := tempFiles(t)
	g, searches := reviewedGame(t, 5, 20)
	timed := review.Setting{Time: 1e6}
	if err := s.SaveReview(g, timed, searches); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(s.ReviewsDir()); !os.IsNotExist(err) {
		t.Errorf("a review searched for a time was written: %v", err)
	}
}
