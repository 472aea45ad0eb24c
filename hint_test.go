package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/explain"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/engine/positions"
)

// runCommand runs the command line args and returns its status and outputs.
func runCommand(ctx context.Context, args ...string) (status int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	status = run(ctx, args, nil, &out, &errOut)
	return status, out.String(), errOut.String()
}

// hintOutput is what the test reads of hint -json.
type hintOutput struct {
	Move   string              `json:"move"`
	Values map[string]*float64 `json:"values"`
	Depth  int                 `json:"depth"`
	Evals  uint64              `json:"evaluations"`
	Nodes  uint64              `json:"nodes"`
	Secs   float64             `json:"seconds"`
}

// ratingOutput is a move's rating as the test reads it of hint -json.
type ratingOutput struct {
	Verdict string  `json:"verdict"`
	Loss    float64 `json:"loss"`
	Loses   bool    `json:"loses"`
}

func TestHintJSONMatchesSearch(t *testing.T) {
	ps := positions.All()
	boards := []engine.Board{ps[0].Board, ps[50].Board, ps[len(ps)-1].Board, 0}
	blocked, _ := engine.Parse("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2")
	boards = append(boards, blocked)
	s := ai.NewSearcher(ai.Config{})
	for _, b := range boards {
		status, stdout, stderr := runCommand(context.Background(), "hint", "-json", "-depth", "3", b.String())
		if status != 0 {
			t.Fatalf("hint -json -depth 3 %q: status %d, stderr %q", b, status, stderr)
		}
		var got hintOutput
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatalf("hint -json %q printed %q: %v", b, stdout, err)
		}
		want, err := s.Search(context.Background(), b, ai.Limits{Depth: 3})
		if err != nil {
			t.Fatal(err)
		}
		wantMove := "none"
		if want.HasMove() {
			wantMove = want.Best.String()
		}
		if got.Move != wantMove {
			t.Errorf("hint %q: move = %q; want %q", b, got.Move, wantMove)
		}
		if got.Depth != 3 {
			t.Errorf("hint %q: depth = %d; want 3", b, got.Depth)
		}
		if want.HasMove() && (got.Evals == 0 || got.Nodes == 0 || got.Secs <= 0) {
			t.Errorf("hint %q: evaluations %d, nodes %d, seconds %g; want them above 0", b, got.Evals, got.Nodes, got.Secs)
		}
		for d := range engine.Direction(engine.NumDirections) {
			v, ok := got.Values[d.String()]
			switch {
			case !ok:
				t.Errorf("hint %q: no value for %v", b, d)
			case !want.Legal[d] && v != nil:
				t.Errorf("hint %q: value of %v = %g; want null, the move is illegal", b, d, *v)
			case want.Legal[d] && v == nil:
				t.Errorf("hint %q: value of %v = null; want %g", b, d, want.Value[d])
			case want.Legal[d] && math.Abs(*v-want.Value[d]) > 1e-6*math.Abs(want.Value[d]):
				t.Errorf("hint %q: value of %v = %g; want %g", b, d, *v, want.Value[d])
			}
		}
	}
}

func TestHintNoMove(t *testing.T) {
	status, stdout, _ := runCommand(context.Background(), "hint", "-json", "2,4,2,4,4,2,4,2,2,4,2,4,4,2,4,2")
	want := `"move":"none","values":{"up":null,"down":null,"left":null,"right":null}`
	if status != 0 || !strings.Contains(stdout, want) {
		t.Errorf("hint -json on a lost board: status %d, %q; want 0 and %s", status, stdout, want)
	}
}

// TestHintReports compares hint's text for fixed answers with the golden
// files in testdata/TestHintReports: a search at the auto depth, one ended by
// its time budget, one whose moves all lose but one, and a lost board.
func TestHintReports(t *testing.T) {
	board := func(s string) engine.Board {
		b, err := engine.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	auto := ai.Result{
		Board: board("2 4 2 0 / 8 2 4 2 / 512 16 8 2 / 2048 64 16 8"), Best: engine.Right,
		Value: [4]float64{1432048.125, 1437234.75, 0, 1438978.5},
		Legal: [4]bool{true, true, false, true},
		Depth: 6, Reached: 6, Auto: true, Cutoff: ai.DefaultCutoff, Threads: 2, Elapsed: 11108 * time.Microsecond,
		Counts: ai.Counts{Nodes: 525330, MovesTried: 470808, Hits: 17044, Leaves: 400000},
	}
	timed := auto
	timed.Auto, timed.Depth, timed.Reached, timed.Deadline, timed.Elapsed, timed.Threads = false, 4, 3, true, 200*time.Millisecond, 1
	onlyOne := ai.Result{
		Board: board("2 4 8 16 / 4 8 16 32 / 8 16 32 64 / 16 32 64 0"), Best: engine.Down,
		Value: [4]float64{0, 812.5, 0, 640}, Legal: [4]bool{false, true, false, true},
		Depth: 1, Reached: 1, Threads: 1, Elapsed: 5 * time.Microsecond, Counts: ai.Counts{Nodes: 2, MovesTried: 0},
	}
	lost := ai.Result{Board: board("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2"), Depth: 1, Threads: 1}
	// A network's values: points still to come.
	inPoints := ai.Result{
		Board: board("64 32 2 4 / 1024 128 8 0 / 512 256 4 2 / 64 16 2 8"), Best: engine.Down,
		Value: [4]float64{98107, 110379.2, 0, 0}, Legal: [4]bool{true, true, false, true},
		Depth: 4, Reached: 4, Threads: 1, Elapsed: 5 * time.Millisecond,
	}
	for _, c := range []struct {
		name string
		r    ai.Result
		o    hintReport
	}{
		{"auto", auto, hintReport{eval: "nneonneo"}},
		{"auto-v", auto, hintReport{eval: "nneonneo", verbose: true}},
		{"time", timed, hintReport{eval: "snake", budget: 200 * time.Millisecond}},
		{"one-ply", onlyOne, hintReport{eval: "nneonneo"}},
		{"lost", lost, hintReport{eval: "nneonneo"}},
		{"points", inPoints, hintReport{eval: "ntuple", points: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			if err := writeHintText(&b, c.r, c.o); err != nil {
				t.Fatal(err)
			}
			golden.RequireEqual(t, b.String())
		})
	}
}

func TestHintText(t *testing.T) {
	status, stdout, stderr := runCommand(context.Background(), "hint", "-depth", "2", "2 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2")
	if status != 0 || !strings.HasPrefix(stdout, "best move: ") || !strings.Contains(stdout, "\ndepth 2 plies ") {
		t.Errorf("hint -depth 2: status %d, stdout\n%s\nstderr %q; want 0 and the answer at 2 plies", status, stdout, stderr)
	}
}

// TestHintRatesAsTheReplay: hint -json rates every legal move as the
// replay rates a move played (review.Rate), and says why in the words of
// the game's hint (explain.Why).
func TestHintRatesAsTheReplay(t *testing.T) {
	for _, p := range positions.All()[:8] {
		status, stdout, stderr := runCommand(context.Background(), "hint", "-json", "-depth", "2", p.Board.String())
		if status != 0 {
			t.Fatalf("hint -json %q: status %d, %s", p.Board, status, stderr)
		}
		var got struct {
			Ratings map[string]ratingOutput `json:"ratings"`
			Why     string                  `json:"why"`
		}
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatal(err)
		}
		r, err := ai.NewSearcher(ai.Config{}).Search(context.Background(), p.Board, ai.Limits{Depth: 2})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]ratingOutput{}
		for d, rt := range review.Rate(r) {
			if r.Legal[d] {
				want[engine.Direction(d).String()] = ratingOutput{rt.Verdict.String(), rt.Loss, rt.Loses}
			}
		}
		if len(got.Ratings) != len(want) || got.Why != explain.Why(r).String() {
			t.Errorf("%s: ratings %v, why %q; want %v, %q", p.Board, got.Ratings, got.Why, want, explain.Why(r).String())
		}
		for d, w := range want {
			if g := got.Ratings[d]; g.Verdict != w.Verdict || g.Loses != w.Loses || math.Abs(g.Loss-w.Loss) > 1e-12 {
				t.Errorf("%s: %s rated %+v; want %+v", p.Board, d, g, w)
			}
		}
	}
}

func TestHintErrors(t *testing.T) {
	const board = "2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2"
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{}, "no board given"},
		{[]string{"-depth", "foo", board}, `invalid value "foo" for flag -depth`},
		{[]string{"-depth", "0", board}, "from 1 to 14, or auto"},
		{[]string{"-depth", "15", board}, "from 1 to 14, or auto"},
		{[]string{"-time", "-1s", board}, "-time -1s: want a positive duration"},
		{[]string{"-eval", "foo", board}, `unknown evaluator "foo"`},
		{[]string{"-bogus", board}, `flag provided but not defined: "-bogus"`},
		{[]string{"2 0 0 3"}, "has 4 values; want 16"},
		{[]string{"2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3"}, "row 4, column 4: 3 is not a tile value"},
		{[]string{"2 0 0 0 / 0 0 0 0 / 0 0 0 / 0 0 0 0 0"}, "row 3 has 3 values"},
	} {
		status, stdout, stderr := runCommand(context.Background(), append([]string{"hint"}, tt.args...)...)
		if status != 2 || stdout != "" || !strings.HasPrefix(stderr, "2048 hint: ") || !strings.Contains(stderr, tt.want) {
			t.Errorf("hint %q: status %d, stdout %q, stderr %q; want 2, nothing and \"2048 hint: \" then %q", tt.args, status, stdout, stderr, tt.want)
		}
	}
}

func TestHintHelp(t *testing.T) {
	status, stdout, _ := runCommand(context.Background(), "hint", "-h")
	if status != 0 || !strings.Contains(stdout, hintSynopsis) {
		t.Errorf("hint -h: status %d, stdout %q; want 0 and the synopsis", status, stdout)
	}
}

func TestHintFlagsAfterBoard(t *testing.T) {
	status, stdout, stderr := runCommand(context.Background(), "hint", "2", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "2", "-json", "-depth", "2")
	if status != 0 || !json.Valid([]byte(stdout)) {
		t.Errorf("hint BOARD -json -depth 2: status %d, stdout %q, stderr %q; want 0 and JSON", status, stdout, stderr)
	}
}

func TestHintCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	status, stdout, stderr := runCommand(ctx, "hint", "2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2")
	if status != 130 || stdout != "" || !strings.Contains(stderr, "interrupted") {
		t.Errorf("hint with a cancelled context: status %d, stdout %q, stderr %q; want 130, nothing, interrupted", status, stdout, stderr)
	}
}
