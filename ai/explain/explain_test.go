package explain_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/explain"
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

// ranked returns a search of b whose moves are worth less and less in the
// order given, the first the best: each 1% less than the one before, far
// enough apart for a verdict of its own. Moves not given are worth the
// least; moves that are not legal on b are not legal in the search.
func ranked(b engine.Board, order ...engine.Direction) ai.Result {
	r := ai.Result{Board: b, Best: order[0]}
	value := 1000.0
	for _, d := range order {
		r.Value[d], value = value, value*0.99
	}
	for d := range engine.Direction(engine.NumDirections) {
		_, _, r.Legal[d] = b.Move(d)
		if r.Value[d] == 0 {
			r.Value[d] = 1
		}
	}
	return r
}

const (
	up    = engine.Up
	down  = engine.Down
	left  = engine.Left
	right = engine.Right
)

// whyTests are positions made for each kind of reason, and positions
// where there is nothing to say: the board, its moves from the best to the
// worst, and the reason.
var whyTests = []struct {
	name  string
	board string
	order []engine.Direction
	want  string
}{
	{"every other move loses at once", "2 4 64 256 / 4 2 8 32 / 64 8 4 2 / 2 4 16 2",
		[]engine.Direction{up, down}, "up is the only move that does not lose"},
	{"the only move that keeps the largest tile in its corner", "512 0 4 2 / 8 0 0 0 / 2 0 0 0 / 0 0 0 0",
		[]engine.Direction{left, right, down}, "left is the only move that keeps the 512 in its corner"},
	{"another move keeps the largest tile in its corner too", "512 0 4 2 / 8 0 0 0 / 2 0 0 0 / 0 0 2 0",
		[]engine.Direction{left, right, up, down}, "left keeps the 512 in its corner, right does not"},
	{"the largest tile into a corner", "0 512 2 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 4",
		[]engine.Direction{left, right, up, down}, "left is the only move that puts the 512 in a corner"},
	{"the row of the largest tile stays full", "2 4 8 4 / 2 4 16 2 / 4 8 16 32 / 16 32 64 512",
		[]engine.Direction{down, up}, "down is the only move that keeps the 512's row full"},
	{"the column of the largest tile stays full", "8 4 4 16 / 4 8 8 32 / 2 4 16 128 / 4 2 256 512",
		[]engine.Direction{right, left}, "right is the only move that keeps the 512's column full"},
	{"another move keeps the line full too", "2 0 8 4 / 2 4 16 2 / 4 8 16 32 / 16 32 64 512",
		[]engine.Direction{down, up, left}, "down keeps the 512's row full, up does not"},
	{"the row of the largest tile fills", "0 0 0 0 / 0 0 0 0 / 2 0 0 4 / 0 2 2 16",
		[]engine.Direction{down, right, left, up}, "down fills the 16's row, right does not"},
	{"the two tiles of a value merge", "64 2 0 0 / 64 4 0 0 / 8 2 0 0 / 0 0 0 0",
		[]engine.Direction{up, right, down}, "up merges the two 64s, right does not"},
	{"two of three tiles merge", "64 64 64 0 / 2 0 0 0 / 0 0 0 0 / 0 0 0 0",
		[]engine.Direction{left, down, right, up}, "left merges two 64s, down does not"},
	{"two pairs merge", "64 64 64 64 / 2 0 0 0 / 0 0 0 0 / 0 0 0 0",
		[]engine.Direction{left, down, right}, "left merges two pairs of 64s, down does not"},
	{"the move opposite merges the same tiles", "2 0 0 0 / 32 0 0 0 / 32 0 0 0 / 4 0 0 0",
		[]engine.Direction{up, right, down}, "up merges the two 32s, right does not"},
	{"more empty cells", "4 4 2 2 / 4 0 0 0 / 0 0 0 0 / 0 0 0 0",
		[]engine.Direction{left, up, right, down}, "left leaves 12 empty cells, up 11"},
	{"no empty cell", "4 32 256 4 / 32 16 4 2 / 4 32 16 4 / 4 2 4 4",
		[]engine.Direction{down, right, up, left}, "down leaves 1 empty cell, right none"},

	// Nothing to say.
	{"the largest tile leaves its corner for another", "512 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2",
		[]engine.Direction{down, right, up, left}, ""},
	{"two largest tiles", "512 0 4 2 / 512 0 0 0 / 2 0 0 0 / 0 0 0 0",
		[]engine.Direction{left, right, down}, ""},
	{"no fact tells the moves apart", "2 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 4",
		[]engine.Direction{left, right, up, down}, ""},
	{"the next best is a move that does not lose, before one of smaller loss that does",
		"64 32 256 64 / 16 256 64 256 / 128 128 32 16 / 256 0 16 8", []engine.Direction{left, down, right}, ""},
	{"the best move merges less", "8 8 0 0 / 2 2 0 0 / 2 0 0 0 / 0 0 0 0",
		[]engine.Direction{up, left, right, down}, ""},
}

// TestWhy: the reason on each of whyTests.
func TestWhy(t *testing.T) {
	for _, tt := range whyTests {
		r := ranked(mustParse(t, tt.board), tt.order...)
		if got := explain.Why(r).String(); got != tt.want {
			t.Errorf("%s: Why(%v, %v first) = %q; want %q", tt.name, r.Board, r.Best, got, tt.want)
		}
	}
}

// TestWhySaysNothing: no reason when the next best move is worth as much as
// the best, and none when there is one legal move.
func TestWhySaysNothing(t *testing.T) {
	b := mustParse(t, "512 0 4 2 / 8 0 0 0 / 2 0 0 0 / 0 0 0 0")
	tie := ranked(b, left, right, down)
	tie.Value[right] = tie.Value[left]
	if why := explain.Why(tie); why.Kind != explain.None || why.String() != "" {
		t.Errorf("Why with a tie = %+v, %q; want nothing", why, why)
	}
	forced := ranked(mustParse(t, "0 0 0 0 / 2 4 2 4 / 4 2 4 2 / 2 4 2 4"), up)
	if why := explain.Why(forced); why.Kind != explain.None {
		t.Errorf("Why with one legal move = %+v; want nothing", why)
	}
}

// TestWhyText names the moves as it is told.
func TestWhyText(t *testing.T) {
	r := ranked(mustParse(t, "512 0 4 2 / 8 0 0 0 / 2 0 0 0 / 0 0 2 0"), left, right, up, down)
	arrows := func(d engine.Direction) string { return string("↑↓←→"[d*3:d*3+3]) + " " + d.String() }
	if got, want := explain.Why(r).Text(arrows), "← left keeps the 512 in its corner, → right does not"; got != want {
		t.Errorf("Text = %q; want %q", got, want)
	}
}

// ExampleWhy shows the reason for the AI's move on a board.
func ExampleWhy() {
	b, _ := engine.Parse("512 0 4 2 / 8 0 0 0 / 2 0 0 0 / 0 0 0 0")
	r, _ := ai.NewSearcher(ai.Config{Threads: 1, TableMB: 1}).Search(context.Background(), b, ai.Limits{Depth: 3})
	fmt.Println(explain.Why(r))
	// Output: left is the only move that keeps the 512 in its corner
}

// BenchmarkWhy finds the reason on a mid-game board, as the hint does on
// every frame it draws.
func BenchmarkWhy(b *testing.B) {
	board, _ := engine.Parse("0 2 2 128 / 2 8 8 16 / 8 128 16 2 / 256 2 32 4")
	r := ranked(board, right, up, left, down)
	for b.Loop() {
		explain.Why(r)
	}
}
