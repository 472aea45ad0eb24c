package sim_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"testing/synctest"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/engine"
)

// panicAt is an evaluator that panics at its k-th board, in whichever
// worker reaches it.
type panicAt struct {
	ai.Evaluator
	k *atomic.Int64
}

func (e panicAt) Evaluate(b engine.Board) float64 {
	if e.k.Add(-1) == 0 {
		panic("evaluator fault")
	}
	return e.Evaluator.Evaluate(b)
}

// TestPlayReturnsPanic checks that a panic of a player in a worker, which
// would end the program, stops the run with the panic as its error, for
// the players that evaluate boards on the worker's goroutine as for the
// search, and that every worker is gone: the runs play in a synctest
// bubble, which fails the test if any goroutine of theirs is left blocked.
func TestPlayReturnsPanic(t *testing.T) {
	for _, kind := range []string{sim.Expectimax, sim.Minimax, sim.Greedy} {
		synctest.Test(t, func(t *testing.T) {
			k := new(atomic.Int64)
			k.Store(300)
			r := tinyRun(kind, 2, 6, 2)
			r.Player.Eval, r.Player.Evaluator = "faulty", panicAt{ai.NneonneoHeuristic(), k}
			o, err := sim.Run(context.Background(), r, nil)
			var pe *ai.PanicError
			if !errors.As(err, &pe) || pe.Value != "evaluator fault" || len(pe.Stack) == 0 {
				t.Errorf("%s: Play = %v; want an *ai.PanicError of the evaluator's panic", kind, err)
			}
			if len(o.Games) == r.Games {
				t.Errorf("%s: all %d games finished despite the panic", kind, r.Games)
			}
		})
	}
}
