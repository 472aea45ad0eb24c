// Package practice is the practice of the game: puzzles from the player's
// own games, where one move is clearly best (ai/puzzle), asked one after
// the other, each first attempt a rated game (package glicko), the
// puzzles failed coming back as the spaced repetition of package deck
// says.
//
// It finds the puzzles of a game of the history (Find), plays the AI's
// line on from a puzzle solved (PlayOn), holds the built-in puzzles of a
// player with no game yet (BuiltIn), finds the daily puzzle, the same
// for every player each day (FindDaily, Dailies), and runs the screen's state
// (Session) and says what it shows (Session.Text). The screen itself,
// its keys and its drawing, is the game's (package tui). It draws nothing
// and imports no terminal library.
package practice

import (
	"context"
	"fmt"
	"strconv"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/history"
)

// ReviewSetting is the setting of the reviews the puzzles are found in:
// the review's default, the one kept with each game (Store.LoadReview), so
// that a game reviewed in the replay costs only the confirming searches.
var ReviewSetting = review.Setting{Depth: review.DefaultDepth}

// GameKey returns the key by which the deck knows a game of the history
// as scanned: its ID, or for a line of a version that gave none, its end
// and its score.
func GameKey(r history.Record) string {
	if r.ID != "" {
		return r.ID
	}
	return "ended-" + strconv.FormatInt(r.Ended.Unix(), 10) + "-" + strconv.Itoa(r.Score) + "-" + strconv.Itoa(r.MoveCount)
}

// Reviews are where the reviews of the games are kept: a
// playerdata.Store.
type Reviews interface {
	LoadReview(g review.Game, set review.Setting) ([]ai.Result, error)
	SaveReview(g review.Game, set review.Setting, searches []ai.Result) error
}

// Find returns the puzzles of g, a game of the history: its review at
// ReviewSetting, from the searches kept in revs as far as they go, the
// rest searched on one core and then kept; then the confirming searches
// (puzzle.FromReview) at puzzle.ConfirmDepth. A review that cannot be
// read or kept costs only time: the game is reviewed again. acquire, if
// not nil, is called before each search of the review and before the
// confirming searches, and the function it returns after them, as
// review.Options.Acquire: a server bounds the cores its games take with
// it. The error is ctx's or acquire's, or says why the game does not
// replay.
func Find(ctx context.Context, revs Reviews, g history.Game, acquire Acquire) ([]puzzle.Puzzle, error) {
	rg := g.Review()
	var known []ai.Result
	if revs != nil {
		known, _ = revs.LoadReview(rg, ReviewSetting) // none: reviewed again
	}
	rev, err := review.Run(ctx, rg, review.Options{Setting: ReviewSetting, Workers: 1, Known: known, Acquire: acquire})
	if err != nil {
		return nil, fmt.Errorf("reviewing the game: %w", err)
	}
	if revs != nil && len(rev.Moves) > len(known) {
		searches := make([]ai.Result, len(rev.Moves))
		for i, m := range rev.Moves {
			searches[i] = m.Search
		}
		_ = revs.SaveReview(rg, ReviewSetting, searches) // not kept: reviewed again next time
	}
	if acquire != nil {
		release, err := acquire(ctx)
		if err != nil {
			return nil, err
		}
		defer release()
	}
	return puzzle.FromReview(ctx, puzzle.NewSearcher(), rev.Moves, puzzle.ConfirmDepth)
}

// Acquire waits for a core to search on, and returns the function that
// gives it back (see review.Options.Acquire).
type Acquire func(ctx context.Context) (release func(), err error)

// Unscanned returns the games of games that d has not scanned, the newest
// first, those that begin from a position set up included.
func Unscanned(games []history.Record, scanned func(key string) bool) []history.Record {
	var out []history.Record
	for i := len(games) - 1; i >= 0; i-- {
		if games[i].MoveCount > 0 && !scanned(GameKey(games[i])) {
			out = append(out, games[i])
		}
	}
	return out
}
