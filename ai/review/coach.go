package review

import (
	"context"
	"sync"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// A Coach rates moves one at a time as they are played, for a game that
// tells the player at once how good each move was. Its search of a
// position is the one Run makes at the same setting, so a move's verdict is
// the one the review of the game gives it.
//
// A Coach searches one position at a time, on one thread, with a table of
// its own. It is safe for concurrent use: a Rate waits for the one before
// it, which a cancelled context ends within microseconds.
type Coach struct {
	mu       sync.Mutex // held for a search, which resets the table first
	setting  Setting
	searcher *ai.Searcher
}

// NewCoach returns a coach that rates moves at the setting set.
func NewCoach(set Setting) *Coach { return &Coach{setting: set, searcher: newSearcher(set.Eval)} }

// Setting returns the setting c rates moves at, its default made explicit.
func (c *Coach) Setting() Setting { return c.setting }

// Rate searches b, the board before a move, and rates played there as a
// review does: the Move's Search, Played, Loss and Verdict are set; its
// Number and By are the caller's to set. played must be legal on b. If
// ctx is done first, Rate returns ctx's error within microseconds.
func (c *Coach) Rate(ctx context.Context, b engine.Board, played engine.Direction) (Move, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return Move{}, err
	}
	r, err := searchPosition(ctx, c.searcher, b, c.setting)
	if err != nil {
		return Move{}, err
	}
	m := Move{Search: r, Played: played}
	m.Loss, m.Verdict = Judge(r, played)
	return m, nil
}
