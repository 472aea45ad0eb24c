package review_test

import (
	"context"
	"fmt"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// A review rates every move of a game against the AI's choice. At a fixed
// depth it is the same on every machine.
func ExampleRun() {
	g := engine.NewGame(42)
	for _, d := range []engine.Direction{engine.Down, engine.Left, engine.Down, engine.Left, engine.Down, engine.Right} {
		g.Move(d)
	}
	rev, err := review.Run(context.Background(), review.Game{Transcript: g.Transcript()}, review.Options{Setting: review.Setting{Depth: 3}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range rev.Moves {
		fmt.Printf("move %d: %-5s best %-5s loss %.3f%%  %v\n", m.Number, m.Played, m.Best(), 100*m.Loss, m.Verdict)
	}
	s := rev.Summary()
	fmt.Printf("accuracy %.0f%% over %d moves\n", s.Accuracy, s.Rated)
	// Output:
	// move 1: down  best up    loss 0.000%  best
	// move 2: left  best left  loss 0.000%  best
	// move 3: down  best down  loss 0.000%  best
	// move 4: left  best left  loss 0.000%  best
	// move 5: down  best right loss 0.080%  good
	// move 6: right best left  loss 0.018%  good
	// accuracy 100% over 6 moves
}

// A coach rates each move as it is played, as the review of the game will.
func ExampleCoach() {
	c := review.NewCoach(review.Setting{Depth: 3})
	g := engine.NewGame(42)
	for _, d := range []engine.Direction{engine.Down, engine.Left, engine.Up, engine.Right} {
		before := g.Board()
		if _, ok := g.Move(d); !ok {
			continue
		}
		m, err := c.Rate(context.Background(), before, d)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-5s %-10v best %v\n", d, m.Verdict, m.Best())
	}
	// Output:
	// down  best       best up
	// left  best       best left
	// up    good       best down
	// right good       best down
}
