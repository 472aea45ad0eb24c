package playerdata

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/atomicfile"
	"github.com/term2048/2048/tui/reviewcache"
)

// ReviewsDir returns where the reviews of the player's games are kept:
// reviews/ in DataDir, a file a game (see package reviews).
func (s *Files) ReviewsDir() string { return filepath.Join(s.DataDir, "reviews") }

// LoadReview returns the AI's searches kept for the first positions of g at
// the setting set: none, and no error, if no review of g at set is kept. A
// file kept that is damaged, or cannot be read, returns an error saying so;
// nothing of it is taken, and the next SaveReview of the game writes over
// it: a review is worked out again from the game, so nothing is lost.
//
// It reads nothing the model holds, and may run in a command.
func (s *Files) LoadReview(g review.Game, set review.Setting) ([]ai.Result, error) {
	if !reviewcache.Kept(set) {
		return nil, nil
	}
	path := filepath.Join(s.ReviewsDir(), reviewcache.FileName(g))
	data, err := regularfile.ReadFile(path, maxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("the review kept in %s: %w", path, err)
	}
	known, err := reviewcache.Decode(data, g, set)
	if err != nil {
		return nil, fmt.Errorf("the review kept in %s is %w", path, err)
	}
	return known, nil
}

// SaveReview keeps searches, the AI's searches at set of the first
// len(searches) positions of g, in place of the review kept of g's seed
// and start, if any; atomically, without waiting for the disk (a review
// lost in a crash is worked out again). A review at a setting that is not
// the same on every machine is not kept.
//
// It reads nothing the model holds, and may run in a command.
func (s *Files) SaveReview(g review.Game, set review.Setting, searches []ai.Result) error {
	if !reviewcache.Kept(set) || len(searches) == 0 {
		return nil
	}
	data, err := reviewcache.Encode(g, set, searches)
	if err != nil {
		return fmt.Errorf("keeping the review: %w", err)
	}
	if err := os.MkdirAll(s.ReviewsDir(), 0o755); err != nil {
		return fmt.Errorf("keeping the review: %w", err)
	}
	if err := atomicfile.WriteFile(filepath.Join(s.ReviewsDir(), reviewcache.FileName(g)), data, 0o644, false); err != nil {
		return fmt.Errorf("keeping the review: %w", err)
	}
	return nil
}
