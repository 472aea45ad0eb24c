package review_test

import (
	"context"
	"errors"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// TestStream checks that a Stream hands over every move once, in order, as
// Run reviews them, even when the caller changes its game meanwhile.
func TestStream(t *testing.T) {
	g := play(t, expectimax(1), 6, 150)
	o := review.Options{Setting: review.Setting{Depth: 2}, Workers: 2}
	want := run(t, g, o)

	moves := append([]engine.Direction(nil), g.Moves...)
	s := review.Start(context.Background(), review.Game{Transcript: engine.Transcript{Seed: g.Seed, Moves: moves}}, o)
	for i := range moves {
		moves[i] = engine.Up // the caller's game goes on: the review is of the game at Start
	}
	var got []review.Move
	for batch := s.Next(); batch != nil; batch = s.Next() {
		got = append(got, batch...)
	}
	if !sameMoves(got, want.Moves) {
		t.Fatalf("the stream handed over %d moves unlike Run's %d", len(got), len(want.Moves))
	}
	rev, err := s.Result()
	if err != nil || !sameMoves(rev.Moves, want.Moves) || rev.Total != want.Total || rev.Setting != want.Setting {
		t.Errorf("Result() = %d moves, %v; want Run's review", len(rev.Moves), err)
	}
	if s.Next() != nil {
		t.Error("Next after the end handed over moves again")
	}
}

// sameMoves reports whether a and b are the same reviews of the same
// moves, but for the time their searches took.
func sameMoves(a, b []review.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		x.Search.Elapsed, y.Search.Elapsed = 0, 0
		if !reflect.DeepEqual(x, y) {
			return false
		}
	}
	return true
}

// TestStreamCancel checks that cancelling a stream ends it: Next returns
// nil after the moves reviewed so far, and Result says why. Its review
// searches the first position, then waits to search the next, as it would
// for the thread of a busy pool, until it is cancelled: it is still running
// then, however fast the machine or slow the test.
func TestStreamCancel(t *testing.T) {
	g := play(t, expectimax(1), 6, 400)
	ctx, cancel := context.WithCancel(context.Background())
	var asked atomic.Int64
	firstOnly := func(ctx context.Context) (func(), error) {
		if asked.Add(1) > 1 {
			<-ctx.Done()
			return nil, ctx.Err()
		}
		return func() {}, nil
	}
	s := review.Start(ctx, g, review.Options{Workers: 1, Acquire: firstOnly})
	first := s.Next()
	cancel()
	n := len(first)
	for batch := s.Next(); batch != nil; batch = s.Next() {
		n += len(batch)
	}
	rev, err := s.Result()
	if !errors.Is(err, context.Canceled) || n != len(rev.Moves) || n != 1 || rev.Complete() {
		t.Errorf("cancelled: %d moves handed over, %d in the review of %d, error %v; want the first alone, and context.Canceled", n, len(rev.Moves), rev.Total, err)
	}
}

func TestStreamOfABadGame(t *testing.T) {
	bad := review.Game{Transcript: engine.Transcript{Seed: 1, Moves: []engine.Direction{9}}}
	s := review.Start(context.Background(), bad, review.Options{})
	if batch := s.Next(); batch != nil {
		t.Errorf("Next = %d moves of a game that does not replay", len(batch))
	}
	if _, err := s.Result(); err == nil {
		t.Error("Result of a game that does not replay: no error")
	}
}
