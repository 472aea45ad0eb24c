package practice

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// The daily puzzle is one puzzle a day, the same for every player: a
// position of a game the AI plays from a seed of the day's own, found and
// confirmed as every puzzle is. Every step is a function of the seed: the
// AI plays at DailyDepth on one thread, its table new for the game; the
// review and the confirming searches are at fixed depths (see
// review.Options.Known: at a fixed depth a search is a function of its
// board). So two players, two stores, two servers of one key find the
// same puzzle.

// DailyDepth is the depth at which the AI plays the game of the daily
// puzzle: a player of some skill, who still slips now and then.
const DailyDepth = 2

// dailyOpening and dailyMoves bound the game of the daily puzzle: the AI
// plays dailyOpening moves, then, from the board they reach, the
// dailyMoves of the middle game, where a position has a choice to make,
// which alone are reviewed.
const (
	dailyOpening = 100
	dailyMoves   = 200
)

// dailyTries is how many games FindDaily plays before it gives up: a
// game may give no puzzle (the AI ends it early, or never errs), and the
// next is dealt from the seed after.
const dailyTries = 8

// ErrNoDaily says that FindDaily found no puzzle in any of its games.
var ErrNoDaily = errors.New("no puzzle in the games of the day")

// PuzzleSeed returns the seed of the game the daily puzzle of the day of
// dailySeed comes from: dailySeed mixed (SplitMix64's finalizer), so that
// the puzzle gives away nothing of the day's challenge, whose seed is
// dailySeed, and a server's secret seed stays secret.
func PuzzleSeed(dailySeed uint64) uint64 {
	z := dailySeed + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// FindDaily returns the daily puzzle of the day whose daily challenge is
// dealt by dailySeed: the AI plays the game of PuzzleSeed(dailySeed) at
// DailyDepth, the middle of it is reviewed at the review's depth, and of
// its puzzles (puzzle.FromReview, confirmed a ply deeper) the one of the
// widest gap is the day's, the earliest among equals: the clearest, so
// that the players who race to answer it race to see it, not to guess.
// A game with none gives way to the next seed, dailyTries games at most.
// acquire, if not nil, bounds the searches as Find's do. The error is
// ctx's or acquire's, or ErrNoDaily.
func FindDaily(ctx context.Context, dailySeed uint64, acquire Acquire) (puzzle.Puzzle, error) {
	seed := PuzzleSeed(dailySeed)
	for range dailyTries {
		found, err := dailyGame(ctx, seed, acquire)
		if err != nil {
			return puzzle.Puzzle{}, err
		}
		if len(found) > 0 {
			p := slices.MinFunc(found, func(a, b puzzle.Puzzle) int { return cmp.Compare(b.Gap(), a.Gap()) })
			p.Move, p.Played, p.Slip = 0, 0, false // of no game of the player's
			return p, nil
		}
		seed++
	}
	return puzzle.Puzzle{}, ErrNoDaily
}

// dailyGame plays the game of seed and returns the puzzles of its middle.
func dailyGame(ctx context.Context, seed uint64, acquire Acquire) ([]puzzle.Puzzle, error) {
	release := func() {}
	if acquire != nil {
		r, err := acquire(ctx)
		if err != nil {
			return nil, err
		}
		release = r
	}
	s := ai.NewSearcher(ai.Config{Threads: 1, TableMB: 8})
	opening := engine.NewGame(seed)
	err := playAI(ctx, s, opening, dailyOpening)
	middle := engine.NewGameFrom(opening.Board(), seed) // reviewed from its start
	if err == nil {
		err = playAI(ctx, s, middle, dailyMoves)
	}
	release()
	if err != nil || middle.MoveCount() == 0 {
		return nil, err // none: over in the opening
	}
	rev, err := review.Run(ctx, review.Game{Transcript: middle.Transcript()}, review.Options{Setting: ReviewSetting, Workers: 1, Acquire: acquire})
	if err != nil {
		return nil, fmt.Errorf("reviewing the game of the daily puzzle: %w", err)
	}
	if acquire != nil {
		r, err := acquire(ctx)
		if err != nil {
			return nil, err
		}
		defer r()
	}
	return puzzle.FromReview(ctx, puzzle.NewSearcher(), rev.Moves, puzzle.ConfirmDepth)
}

// playAI plays g on with s at DailyDepth, n moves at most. The error is
// ctx's.
func playAI(ctx context.Context, s *ai.Searcher, g *engine.Game, n int) error {
	for i := 0; i < n && !g.Over(); i++ {
		r, err := s.Search(ctx, g.Board(), ai.Limits{Depth: DailyDepth})
		if err != nil {
			return err
		}
		g.Move(r.Best)
	}
	return nil
}
