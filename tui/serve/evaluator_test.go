//go:build serve

package serve

import (
	"regexp"
	"sync/atomic"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// sharedEval is the default heuristic taken for a network (values in
// points), counting the boards it scores: the evaluator a server opens
// once, with -eval, for every game.
type sharedEval struct {
	ai.Evaluator
	scored *atomic.Int64
}

func (e sharedEval) Evaluate(b engine.Board) float64 {
	e.scored.Add(1)
	return e.Evaluator.Evaluate(b)
}

func (sharedEval) EstimatesScore() bool { return true }

// TestOneEvaluatorForEveryGame: the evaluator the server was given scores
// the hints of every session, two at once, in points, and no session
// opens one of its own (the network is read once, whatever the sessions).
func TestOneEvaluatorForEveryGame(t *testing.T) {
	var scored atomic.Int64
	ts := startServer(t, Config{Eval: sharedEval{ai.NneonneoHeuristic(), &scored}, EvalName: "ntuple"})
	first, second := ts.play(t, newKey(t), 100, 34), ts.play(t, newKey(t), 100, 34)
	for _, term := range []*terminal{first, second} {
		term.playMoves(2)
		before := scored.Load()
		term.press("h")
		term.waitText("points below the best")
		if scored.Load() == before {
			t.Errorf("a session's hint scored no board with the server's evaluator")
		}
		if screen := term.text(); !regexp.MustCompile(`AI +network`).MatchString(screen) {
			t.Errorf("the panel does not name the server's evaluator:\n%s", screen)
		}
	}
	for _, term := range []*terminal{first, second} {
		term.press("q")
		if code := term.wait(); code != 0 {
			t.Errorf("quitting: exit status %d; want 0", code)
		}
	}
}
