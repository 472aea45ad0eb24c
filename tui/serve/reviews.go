//go:build serve

package serve

import (
	"fmt"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/reviewcache"
)

// LoadReview returns the AI's searches the ledger keeps for the first
// positions of g at the setting set, as playerdata.Files.LoadReview reads
// them from a file: none, and no error, if none are kept; an error if the
// review kept does not decode, and the next SaveReview writes over it.
func (p *ledgerPlayer) LoadReview(g review.Game, set review.Setting) ([]ai.Result, error) {
	if !reviewcache.Kept(set) {
		return nil, nil
	}
	data, ok, err := p.db.LoadReview(p.player, reviewcache.FileName(g))
	if err != nil || !ok {
		return nil, err
	}
	known, err := reviewcache.Decode(data, g, set)
	if err != nil {
		return nil, fmt.Errorf("the review kept is %w", err)
	}
	return known, nil
}

// SaveReview keeps searches, the AI's searches at set of the first
// len(searches) positions of g, in the ledger in place of the review kept
// of g's seed and start, if any, as playerdata.Files.SaveReview keeps them
// in a file.
func (p *ledgerPlayer) SaveReview(g review.Game, set review.Setting, searches []ai.Result) error {
	if !reviewcache.Kept(set) || len(searches) == 0 {
		return nil
	}
	data, err := reviewcache.Encode(g, set, searches)
	if err != nil {
		return fmt.Errorf("keeping the review: %w", err)
	}
	return p.db.SaveReview(p.player, reviewcache.FileName(g), data)
}
