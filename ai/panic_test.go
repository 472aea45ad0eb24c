package ai

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/term2048/2048/engine"
)

// panicAfter is an evaluator that panics at its k-th leaf, in whichever
// goroutine of the search reaches it.
type panicAfter struct {
	Evaluator
	k atomic.Int64
}

func (e *panicAfter) Evaluate(b engine.Board) float64 {
	if e.k.Add(-1) == 0 {
		panic("evaluator fault")
	}
	return e.Evaluator.Evaluate(b)
}

// TestPanicIsReturned checks that a panic in any goroutine of a search comes
// back from Search as a *PanicError, and that the search's goroutines are
// all gone: before, a panic in a worker goroutine ended the program.
func TestPanicIsReturned(t *testing.T) {
	b := mustParse(t, "8 2 2 4 / 32 4 4 4 / 128 8 8 0 / 2048 16 2 0")
	before := runtime.NumGoroutine()
	for _, threads := range []int{1, 2, 4} {
		for _, k := range []int64{1, 1_000, 20_000} {
			e := &panicAfter{Evaluator: NneonneoHeuristic()}
			e.k.Store(k)
			s := NewSearcher(Config{Threads: threads, Eval: e, TableMB: 1})
			_, err := s.Search(context.Background(), b, Limits{Depth: 6})
			var pe *PanicError
			if !errors.As(err, &pe) || pe.Value != "evaluator fault" || !strings.Contains(string(pe.Stack), "Evaluate") {
				t.Fatalf("threads %d, panic at leaf %d: Search returned %v; want a *PanicError with the evaluator's stack", threads, k, err)
			}
		}
	}
	checkNoGoroutineLeft(before)
}
