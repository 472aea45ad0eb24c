package accessible

import (
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// TestHintLines: the hint says the best move, then each other move's
// verdict and loss, best first, in points with an evaluator of points and
// in percent otherwise, then the moves that move nothing.
func TestHintLines(t *testing.T) {
	b, err := engine.Parse("0 0 0 0 / 0 0 2 4 / 0 0 0 0 / 0 0 0 0")
	if err != nil {
		t.Fatal(err)
	}
	r := ai.Result{Board: b, Best: engine.Left,
		Value: [engine.NumDirections]float64{engine.Up: 99_950, engine.Down: 97_600, engine.Left: 100_000},
		Legal: [engine.NumDirections]bool{engine.Up: true, engine.Down: true, engine.Left: true}}
	for _, c := range []struct {
		points bool
		want   string
	}{
		{true, "Best: left. Up is good: it loses about 50 points. Down is a mistake: it loses about 2,400 points. Right can't move."},
		{false, "Best: left. Up is good: it loses about 0.05%. Down is a mistake: it loses about 2.4%. Right can't move."},
	} {
		if got := hintLines(r, c.points); got[0] != c.want {
			t.Errorf("hintLines(%v, points %v)[0] = %q; want %q", b, c.points, got[0], c.want)
		}
	}
}

// TestBoardLines: the board a row a line, top first, read left to right.
func TestBoardLines(t *testing.T) {
	b, err := engine.Parse("2 0 0 4 / 0 0 0 0 / 0 2048 0 0 / 0 0 0 8")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Row 1: 2, empty, empty, 4.", "Row 2: empty, empty, empty, empty.", "Row 3: empty, 2048, empty, empty.", "Row 4: empty, empty, empty, 8."}
	got := boardLines(b)
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("boardLines(%v)[%d] = %q; want %q", b, i, got[i], want[i])
		}
	}
}

// TestNewTile: the new tile is the one on a cell the move left empty.
func TestNewTile(t *testing.T) {
	before, _ := engine.Parse("2 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0")
	after, _ := engine.Parse("0 0 0 2 / 0 0 0 0 / 4 0 0 0 / 0 0 0 0")
	if got, want := newTile(before, after, engine.Right), "New 4 at row 3, column 1."; got != want {
		t.Errorf("newTile(%v, %v, right) = %q; want %q", before, after, got, want)
	}
}

// TestSlipLine: a slip of the review is a sentence: the move, its
// verdict, the best move, and the loss in percent, or in points in a
// review whose values are points.
func TestSlipLine(t *testing.T) {
	r := ai.Result{Best: engine.Up, Value: [engine.NumDirections]float64{engine.Up: 1000, engine.Left: 970},
		Legal: [engine.NumDirections]bool{engine.Up: true, engine.Left: true}}
	m := review.Move{Number: 34, Search: r, Played: engine.Left, Loss: r.Gap(engine.Left), Verdict: review.Mistake}
	if got, want := slipLine(m, false), "Move 34, left, a mistake: up was best; it lost about 3.0%."; got != want {
		t.Errorf("slipLine(%+v) = %q; want %q", m, got, want)
	}
	if got, want := slipLine(m, true), "Move 34, left, a mistake: up was best; it lost about 30 points."; got != want {
		t.Errorf("slipLine(%+v) in points = %q; want %q", m, got, want)
	}
	for _, c := range []struct {
		v    review.Verdict
		n    int
		want string
	}{{review.Best, 1, "best move"}, {review.Good, 2, "good moves"}, {review.Inaccuracy, 2, "inaccuracies"}, {review.Forced, 1, "forced move"}} {
		if got := verdictPlural(c.v, c.n); got != c.want {
			t.Errorf("verdictPlural(%v, %d) = %q; want %q", c.v, c.n, got, c.want)
		}
	}
}
