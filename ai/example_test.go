package ai_test

import (
	"context"
	"fmt"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// A Searcher answers with a Result: the move to play, the expected value of
// every legal move, and how deep and how hard it looked. One thread and a
// fixed depth make the answer the same on every machine.
func ExampleSearcher_Search() {
	b, err := engine.Parse("0 0 0 2 / 0 0 4 8 / 2 16 32 64 / 4 256 128 512")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := ai.NewSearcher(ai.Config{Threads: 1})
	r, err := s.Search(context.Background(), b, ai.Limits{Depth: ai.Auto})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("play", r.Best)
	fmt.Printf("searched %d plies deep (auto %v)\n", r.Depth, r.Auto)
	for d, legal := range r.Legal {
		if !legal {
			fmt.Printf("  %-5v changes nothing\n", engine.Direction(d))
			continue
		}
		fmt.Printf("  %-5v worth %.0f%% of %v\n", engine.Direction(d), 100*r.Value[d]/r.Value[r.Best], r.Best)
	}
	// Output:
	// play left
	// searched 8 plies deep (auto true)
	//   up    worth 89% of left
	//   down  changes nothing
	//   left  worth 100% of left
	//   right changes nothing
}

// On a board where no move changes anything, the game is over: the Result
// has no legal move and its Best means nothing.
func ExampleResult_HasMove() {
	b, _ := engine.Parse("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2")
	r, err := ai.NewSearcher(ai.Config{Threads: 1}).Search(context.Background(), b, ai.Limits{Depth: 3})
	fmt.Println(r.HasMove(), r.Legal, err)
	// Output:
	// false [false false false false] <nil>
}

// Every Player, the search among them, plays a game through one method.
func ExamplePlayer() {
	players := []ai.Player{
		ai.Expectimax{Searcher: ai.NewSearcher(ai.Config{Threads: 1}), Limits: ai.Limits{Depth: 2}},
		ai.Greedy{Eval: ai.NneonneoHeuristic()},
	}
	for _, p := range players {
		g := engine.NewGame(1)
		for g.MoveCount() < 100 {
			r, err := p.Play(context.Background(), g.Board())
			if err != nil || !r.HasMove() {
				break
			}
			g.Move(r.Best)
		}
		fmt.Printf("%T: score %d, highest tile %d\n", p, g.Score(), g.HighestTile())
	}
	// Output:
	// ai.Expectimax: score 1000, highest tile 128
	// ai.Greedy: score 1044, highest tile 128
}
