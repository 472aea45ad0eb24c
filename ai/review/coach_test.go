package review_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// TestCoachAgreesWithRun checks that a coach rates every move of a game
// as the review of the game does, whatever it rated before.
func TestCoachAgreesWithRun(t *testing.T) {
	g := play(t, randomPlayer(4), 4, 80)
	set := review.Setting{Depth: testDepth}
	rev := run(t, g, review.Options{Setting: set})
	c := review.NewCoach(set)
	e := engine.NewGame(g.Seed)
	for i, d := range g.Moves {
		m, err := c.Rate(context.Background(), e.Board(), d)
		if err != nil {
			t.Fatal(err)
		}
		want := rev.Moves[i]
		if m.Search.Board != want.Search.Board || m.Search.Value != want.Search.Value || m.Search.Best != want.Search.Best ||
			m.Played != d || m.Loss != want.Loss || m.Verdict != want.Verdict {
			t.Fatalf("move %d: the coach says %v (loss %g), the review %v (loss %g)", i+1, m.Verdict, m.Loss, want.Verdict, want.Loss)
		}
		e.Move(d)
	}
}

// TestCoachConcurrent checks that rates at once, some cancelled, wait
// for each other and agree with one at a time (go test -race).
func TestCoachConcurrent(t *testing.T) {
	b := mustParse(t, "2 4 8 16 / 0 0 4 32 / 0 2 0 64 / 0 0 2 128")
	c := review.NewCoach(review.Setting{Depth: testDepth})
	want, err := c.Rate(context.Background(), b, engine.Left)
	if err != nil {
		t.Fatal(err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			ctx := context.Background()
			if i%2 == 1 {
				ctx = cancelled
			}
			m, err := c.Rate(ctx, b, engine.Left)
			switch {
			case i%2 == 1 && !errors.Is(err, context.Canceled):
				t.Errorf("a rate cancelled: %v", err)
			case i%2 == 0 && (err != nil || m.Search.Value != want.Search.Value || m.Verdict != want.Verdict):
				t.Errorf("a rate at once with others: %v, %v; want %v", m.Verdict, err, want.Verdict)
			}
		})
	}
	wg.Wait()
}
