package ntuple_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/engine"
)

// A network is trained, saved, read back and used by the expectimax search
// like any other evaluator.
func Example() {
	c, err := ntuple.NewCheckpoint(ntuple.FourBySix, 42)
	if err != nil {
		panic(err)
	}
	t, err := ntuple.NewTrainer(c, 1)
	if err != nil {
		panic(err)
	}
	stats, err := t.Run(context.Background(), 100) // a hundred games: seconds, not hours
	if err != nil {
		panic(err)
	}
	fmt.Println("games played:", stats.Episodes)

	var file bytes.Buffer // a file, in a program
	if _, err := t.Checkpoint().WriteTo(&file); err != nil {
		panic(err)
	}
	net, state, err := ntuple.ReadNetwork(&file)
	if err != nil {
		panic(err)
	}
	fmt.Println("network:", net.Design(), "trained on", state.Episodes, "games")

	s := ai.NewSearcher(ai.Config{Eval: net, Threads: 1})
	board, err := engine.Parse("2 2 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0")
	if err != nil {
		panic(err)
	}
	r, err := s.Search(context.Background(), board, ai.Limits{Depth: 2})
	if err != nil {
		panic(err)
	}
	fmt.Println("a move is worth its points plus the value after it:", r.Value[r.Best] > 4)
	// Output:
	// games played: 100
	// network: 4x6 trained on 100 games
	// a move is worth its points plus the value after it: true
}
