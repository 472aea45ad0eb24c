//go:build ignore

// This program writes builtin.dat, the puzzles of a player with no game
// yet: those of games the AI played at 2 plies, found as in the player's
// games (a review at the default depth, each puzzle confirmed a ply
// deeper), at most three a game, until there are BuiltInCount of them.
// Run by go generate in tui/practice; TestBuiltIn checks every puzzle
// again.
package main

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/practice/deck"
)

// count is the number of built-in puzzles (practice.BuiltInCount).
const count = 48

// maxMoves bounds each game: the puzzles come from the opening to the
// middle game, where a player new to the game plays.
const maxMoves = 700

func main() {
	ctx := context.Background()
	s := ai.NewSearcher(ai.Config{Threads: 1, TableMB: 8})
	d := &deck.Deck{}
	for seed := uint64(1); len(d.Puzzles) < count; seed++ {
		g := engine.NewGame(seed)
		for !g.Over() && g.MoveCount() < maxMoves {
			r, err := s.Search(ctx, g.Board(), ai.Limits{Depth: 2})
			if err != nil {
				log.Fatal(err)
			}
			g.Move(r.Best)
		}
		rev, err := review.Run(ctx, review.Game{Transcript: g.Transcript()}, review.Options{Setting: review.Setting{Depth: review.DefaultDepth}})
		if err != nil {
			log.Fatal(err)
		}
		found, err := puzzle.FromReview(ctx, puzzle.NewSearcher(), rev.Moves, puzzle.ConfirmDepth)
		if err != nil {
			log.Fatal(err)
		}
		for i := range found {
			found[i].Move, found[i].Played, found[i].Slip = 0, 0, false // no game of the player's
		}
		d.Add("", found[:min(len(found), count-len(d.Puzzles))])
		fmt.Fprintf(os.Stderr, "game %d: %d moves, %d puzzles, %d in all\n", seed, g.MoveCount(), len(found), len(d.Puzzles))
	}
	data, err := deck.Encode(d)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("builtin.dat", data, 0o644); err != nil {
		log.Fatal(err)
	}
}
