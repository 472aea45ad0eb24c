package review_test

import (
	"context"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

func mustParse(t *testing.T, s string) engine.Board {
	t.Helper()
	b, err := engine.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// search returns the AI's search of b at depth plies, from an empty table.
func search(t *testing.T, b engine.Board, depth int) ai.Result {
	t.Helper()
	r, err := ai.NewSearcher(ai.Config{Threads: 1, TableMB: 1}).Search(context.Background(), b, ai.Limits{Depth: depth})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// deadAfter reports whether every tile that can appear after d on b leaves
// no legal move: the naive form of "d loses the game at once".
func deadAfter(b engine.Board, d engine.Direction) bool {
	after, _, _ := b.Move(d)
	for _, o := range after.Outcomes() {
		for _, n := range o.Board.Next() {
			if n != o.Board {
				return false
			}
		}
	}
	return true
}

// fatalDown is a board on which down loses at once and left and right do
// not; up changes nothing.
const fatalDown = "64 32 256 64 / 16 256 64 256 / 128 128 32 16 / 256 0 16 8"

func TestJudgeObviousMoves(t *testing.T) {
	fatal := mustParse(t, fatalDown)
	if !deadAfter(fatal, engine.Down) || deadAfter(fatal, engine.Left) || deadAfter(fatal, engine.Right) {
		t.Fatalf("%v is not a board on which only down loses at once", fatal)
	}
	forced := mustParse(t, "0 0 0 0 / 2 4 2 4 / 4 2 4 2 / 2 4 2 4") // only up moves
	open := mustParse(t, "2 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2")
	tests := []struct {
		name   string
		board  engine.Board
		played func(ai.Result) engine.Direction
		want   review.Verdict
	}{
		{"the move that loses at once", fatal, func(ai.Result) engine.Direction { return engine.Down }, review.Blunder},
		{"the only legal move", forced, func(ai.Result) engine.Direction { return engine.Up }, review.Forced},
		{"the AI's move", fatal, func(r ai.Result) engine.Direction { return r.Best }, review.Best},
		{"the AI's move early", open, func(r ai.Result) engine.Direction { return r.Best }, review.Best},
	}
	for _, tt := range tests {
		r := search(t, tt.board, 3)
		played := tt.played(r)
		loss, v := review.Judge(r, played)
		if v != tt.want {
			t.Errorf("%s: Judge(%v, %v) = %v (loss %g); want %v", tt.name, tt.board, played, v, loss, tt.want)
		}
		if v == review.Best || v == review.Forced {
			if loss != 0 {
				t.Errorf("%s: loss %g; want 0", tt.name, loss)
			}
		}
	}
}

// result returns a search result on b with the values given for the legal
// moves, the best being the first of highest value.
func result(t *testing.T, b engine.Board, values map[engine.Direction]float64) ai.Result {
	t.Helper()
	r := ai.Result{Board: b}
	for d, n := range b.Next() {
		r.Legal[d] = n != b
	}
	first := true
	for d := range engine.Direction(engine.NumDirections) {
		v, ok := values[d]
		if ok != r.Legal[d] {
			t.Fatalf("%v: %v legal %v, but given a value %v", b, d, r.Legal[d], ok)
		}
		r.Value[d] = v
		if ok && (first || v > r.Value[r.Best]) {
			r.Best, first = d, false
		}
	}
	return r
}

// TestLosingAtOnceIsABlunder checks that a move that loses at once is a
// blunder whatever its value, as long as another move survives.
func TestLosingAtOnceIsABlunder(t *testing.T) {
	b := mustParse(t, fatalDown)
	even := result(t, b, map[engine.Direction]float64{engine.Down: 1000, engine.Left: 1000, engine.Right: 1000})
	if loss, v := review.Judge(even, engine.Down); v != review.Blunder {
		t.Errorf("down, which loses at once, worth as much as the others: %v (loss %g); want blunder", v, loss)
	}
	if loss, v := review.Judge(even, engine.Left); v != review.Best {
		t.Errorf("left, which survives, worth as much as the others: %v (loss %g); want best", v, loss)
	}

	// When every move loses at once, none is singled out.
	allLost := mustParse(t, "2 4 8 16 / 4 2 4 2 / 8 4 64 4 / 16 32 16 0")
	if !deadAfter(allLost, engine.Down) || !deadAfter(allLost, engine.Right) {
		t.Fatalf("%v: not every move loses at once", allLost)
	}
	r := result(t, allLost, map[engine.Direction]float64{engine.Down: 0, engine.Right: 0})
	if loss, v := review.Judge(r, engine.Right); v != review.Best {
		t.Errorf("right, as lost as down: %v (loss %g); want best", v, loss)
	}
}

// TestThresholds checks the verdict of a loss at and around each
// threshold.
func TestThresholds(t *testing.T) {
	b := mustParse(t, "2 0 0 0 / 0 4 0 0 / 0 0 8 0 / 0 0 0 16") // every move legal, none loses
	const best = 1e6
	tests := []struct {
		loss float64
		want review.Verdict
	}{
		{0, review.Best},
		{review.BestLoss, review.Best},
		{2 * review.BestLoss, review.Good},
		{review.GoodLoss * 0.999, review.Good},
		{review.GoodLoss, review.Inaccuracy},
		{review.InaccuracyLoss * 0.999, review.Inaccuracy},
		{review.InaccuracyLoss, review.Mistake},
		{review.MistakeLoss * 0.999, review.Mistake},
		{review.MistakeLoss, review.Blunder},
		{1, review.Blunder},
	}
	for _, tt := range tests {
		r := result(t, b, map[engine.Direction]float64{
			engine.Up: best, engine.Down: best * (1 - tt.loss), engine.Left: 0, engine.Right: 0,
		})
		loss, v := review.Judge(r, engine.Down)
		if v != tt.want || abs(loss-tt.loss) > 1e-12 {
			t.Errorf("Judge of a move losing %g = %v, loss %g; want %v", tt.loss, v, loss, tt.want)
		}
	}
}

func abs(x float64) float64 { return max(x, -x) }

func TestVerdictNames(t *testing.T) {
	seen := map[string]bool{}
	for v := range review.NumVerdicts {
		name := v.String()
		if seen[name] {
			t.Errorf("two verdicts are called %q", name)
		}
		seen[name] = true
		back, err := review.ParseVerdict(name)
		if err != nil || back != v {
			t.Errorf("ParseVerdict(%q) = %v, %v; want %v", name, back, err, v)
		}
	}
	if _, err := review.ParseVerdict("brilliant"); err == nil {
		t.Error("ParseVerdict(brilliant) succeeded")
	}
}
