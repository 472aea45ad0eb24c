package review

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// These tests make the goroutines of a review panic, as a fault in an
// evaluator or in the review would: the panic must come back as an error,
// as ai.Searcher.Search returns one, and every goroutine must end. Before,
// a panic in one of them ended the game with the terminal left raw. Each
// test runs in a synctest bubble, which fails it if a goroutine started
// there is left blocked when the test ends.

// panicAt is an evaluator that panics at its k-th leaf, in whichever
// goroutine reaches it.
type panicAt struct {
	ai.Evaluator
	k atomic.Int64
}

func newPanicAt(k int64) *panicAt {
	e := &panicAt{Evaluator: ai.NneonneoHeuristic()}
	e.k.Store(k)
	return e
}

func (e *panicAt) Evaluate(b engine.Board) float64 {
	if e.k.Add(-1) == 0 {
		panic("evaluator fault")
	}
	return e.Evaluator.Evaluate(b)
}

// panicMaking is an evaluator that panics when a searcher is made with it,
// outside any search.
type panicMaking struct{ ai.Evaluator }

func (panicMaking) Lost() float64 { panic("evaluator fault") }

// firstMoves returns a game of seed whose moves are, each turn, the first
// direction that changes the board, at most n of them.
func firstMoves(seed uint64, n int) Game {
	g := engine.NewGame(seed)
	for g.MoveCount() < n && !g.Over() {
		for d := range engine.Direction(engine.NumDirections) {
			if _, ok := g.Move(d); ok {
				break
			}
		}
	}
	return Game{Transcript: g.Transcript()}
}

// checkPanicError fails the test unless err is an *ai.PanicError of a
// panic with value "evaluator fault" or containing want.
func checkPanicError(t *testing.T, what string, err error, want string) {
	t.Helper()
	var pe *ai.PanicError
	if !errors.As(err, &pe) || !strings.Contains(pe.Error(), want) || len(pe.Stack) == 0 {
		t.Errorf("%s: error %v; want an *ai.PanicError of %q with its stack", what, err, want)
	}
}

// TestRunReturnsPanic checks that a panic in the search of a worker, or
// in a worker outside its search, stops the review with the panic as its
// error, on one worker and on several.
func TestRunReturnsPanic(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := firstMoves(3, 60)
		for _, workers := range []int{1, 2, 4} {
			for _, k := range []int64{1, 500} {
				o := Options{Setting: Setting{Depth: 2, Eval: newPanicAt(k)}, Workers: workers}
				rev, err := Run(context.Background(), g, o)
				checkPanicError(t, "a panic in a search", err, "evaluator fault")
				if rev == nil || rev.Complete() {
					t.Errorf("workers %d, panic at leaf %d: review %v; want the moves before the failure", workers, k, rev)
				}
			}
			o := Options{Setting: Setting{Depth: 2, Eval: panicMaking{ai.NneonneoHeuristic()}}, Workers: workers}
			_, err := Run(context.Background(), g, o)
			checkPanicError(t, "a panic outside a search", err, "evaluator fault")
		}
	})
}

// TestRunStopsOnPanicOfOnMove checks that a panic of OnMove, which runs on
// the caller's goroutine, reaches the caller with every worker stopped.
func TestRunStopsOnPanicOfOnMove(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := firstMoves(4, 200)
		func() {
			defer func() {
				if v := recover(); v != "caller fault" {
					t.Errorf("Run's panic = %v; want OnMove's", v)
				}
			}()
			o := Options{Setting: Setting{Depth: 2}, Workers: 2, OnMove: func(Move) { panic("caller fault") }}
			Run(context.Background(), g, o)
		}()
	})
}

// TestStreamReturnsPanic checks that a panic of the review a Stream runs
// in the background, in its searches or in its own goroutine, ends the
// stream with the panic as its error.
func TestStreamReturnsPanic(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := firstMoves(5, 60)
		s := Start(context.Background(), g, Options{Setting: Setting{Depth: 2, Eval: newPanicAt(200)}, Workers: 2})
		for batch := s.Next(); batch != nil; batch = s.Next() {
		}
		_, err := s.Result()
		checkPanicError(t, "a panic in a search", err, "evaluator fault")

		// A known search whose best move is no direction: the review panics
		// on its own goroutine when it judges the move.
		boards, err := g.boards()
		if err != nil {
			t.Fatal(err)
		}
		known, err := newSearcher(nil).Search(context.Background(), boards[0], ai.Limits{Depth: 2})
		if err != nil {
			t.Fatal(err)
		}
		known.Best = engine.NumDirections + 5
		s = Start(context.Background(), g, Options{Setting: Setting{Depth: 2}, Known: []ai.Result{known}})
		if batch := s.Next(); batch != nil {
			t.Errorf("Next = %d moves of a review that panicked at its first", len(batch))
		}
		rev, err := s.Result()
		checkPanicError(t, "a panic in the review's goroutine", err, "index out of range")
		if rev != nil {
			t.Errorf("a review that panicked: Result = %d moves; want none", len(rev.Moves))
		}
	})
}

// TestCoachReturnsPanic checks that a panic in the coach's search comes back
// from Rate as an error, and that the coach rates the next move as usual.
func TestCoachReturnsPanic(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := firstMoves(6, 2)
		boards, err := g.boards()
		if err != nil {
			t.Fatal(err)
		}
		eval := newPanicAt(10)
		c := &Coach{setting: Setting{Depth: 2}, searcher: newSearcher(eval)}
		_, err = c.Rate(context.Background(), boards[0], g.Moves[0])
		checkPanicError(t, "a panic in the coach's search", err, "evaluator fault")
		if _, err := c.Rate(context.Background(), boards[1], g.Moves[1]); err != nil {
			t.Errorf("the rating after a panic: %v", err)
		}
	})
}
