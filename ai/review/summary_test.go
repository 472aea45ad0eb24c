package review_test

import (
	"math"
	"slices"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// judged returns the review of move number n, played on r by by.
func judged(n int, r ai.Result, played engine.Direction, by review.Mover) review.Move {
	m := review.Move{Number: n, By: by, Search: r, Played: played}
	m.Loss, m.Verdict = review.Judge(r, played)
	return m
}

// TestSummary checks the figures of a review of hand-made moves against
// values worked out by hand.
func TestSummary(t *testing.T) {
	open := mustParse(t, "2 0 0 0 / 0 4 0 0 / 0 0 8 0 / 0 0 0 16") // every move legal
	// A loss of GoodLoss + AccuracyScale·ln k scores 1/k.
	half := review.GoodLoss + review.AccuracyScale*math.Ln2
	quarter := review.GoodLoss + review.AccuracyScale*2*math.Ln2
	// Move 1: down loses half, the others none: scores 1/2 and 1, chance
	// (1/2 + 1 + 1 + 1)/4 = 7/8.
	m1 := result(t, open, map[engine.Direction]float64{engine.Up: 1e6, engine.Down: 1e6 * (1 - half), engine.Left: 1e6, engine.Right: 1e6})
	// Move 2: down, left and right lose quarter: scores 1, 1/4, 1/4, 1/4;
	// chance 7/16.
	m2 := result(t, open, map[engine.Direction]float64{engine.Up: 1e6, engine.Down: 1e6 * (1 - quarter), engine.Left: 1e6 * (1 - quarter), engine.Right: 1e6 * (1 - quarter)})
	forced := search(t, mustParse(t, "0 0 0 0 / 2 4 2 4 / 4 2 4 2 / 2 4 2 4"), 1)
	rev := review.Review{Total: 5, Moves: []review.Move{
		judged(1, m1, engine.Down, review.ByPlayer),   // a mistake (1.5%): 1/2 against chance's 7/8
		judged(2, m2, engine.Up, review.ByPlayer),     // best: 1 against 7/16
		judged(3, forced, engine.Up, review.ByPlayer), // forced: not rated
		judged(4, m2, engine.Down, review.ByAutoplay), // the AI's: left out
		judged(5, m2, engine.Left, review.ByHint),     // the AI's: left out
	}}
	s := rev.Summary()
	// (1/2 − 7/8) + (1 − 7/16) = 3/16 above chance, out of (1 − 7/8) + (1 − 7/16) = 11/16.
	want := review.Summary{Accuracy: 100 * 3.0 / 11, Rated: 2, Mattered: 2, Player: 3, AI: 2}
	want.Verdicts[review.Mistake], want.Verdicts[review.Best], want.Verdicts[review.Forced] = 1, 1, 1
	if math.Abs(s.Accuracy-want.Accuracy) > 1e-9 {
		t.Errorf("accuracy %.6f; want %.6f", s.Accuracy, want.Accuracy)
	}
	s.Accuracy = want.Accuracy
	if s != want {
		t.Errorf("Summary() = %+v; want %+v", s, want)
	}

	// No better than chance is 0, never below.
	worse := review.Review{Total: 1, Moves: []review.Move{judged(1, m2, engine.Down, review.ByPlayer)}}
	if a := worse.Summary().Accuracy; a != 0 {
		t.Errorf("a move worse than chance: accuracy %g; want 0", a)
	}
	// A move that loses at once scores 0 whatever its loss: down scores 0,
	// left and right 1, chance 2/3.
	fatal := result(t, mustParse(t, fatalDown), map[engine.Direction]float64{engine.Down: 1, engine.Left: 1, engine.Right: 1})
	for played, want := range map[engine.Direction]float64{engine.Down: 0, engine.Left: 100} {
		r := review.Review{Total: 1, Moves: []review.Move{judged(1, fatal, played, review.ByPlayer)}}
		if a := r.Summary().Accuracy; a != want {
			t.Errorf("%v beside a move that loses at once: accuracy %g; want %g", played, a, want)
		}
	}
	// Where every move is as good as any other, any move is perfect.
	even := result(t, open, map[engine.Direction]float64{engine.Up: 5, engine.Down: 5, engine.Left: 5, engine.Right: 5})
	tie := review.Review{Total: 1, Moves: []review.Move{judged(1, even, engine.Right, review.ByPlayer)}}
	if s := tie.Summary(); s.Accuracy != 100 || s.Rated != 1 || s.Mattered != 0 {
		t.Errorf("a move where all tie: %+v; want accuracy 100 over 1 move, where the choice did not matter", s)
	}
}

func TestWorst(t *testing.T) {
	open := mustParse(t, "2 0 0 0 / 0 4 0 0 / 0 0 8 0 / 0 0 0 16")
	losing := func(loss float64) ai.Result {
		return result(t, open, map[engine.Direction]float64{engine.Up: 1e6, engine.Down: 1e6 * (1 - loss), engine.Left: 0, engine.Right: 0})
	}
	fatal := mustParse(t, fatalDown)
	even := result(t, fatal, map[engine.Direction]float64{engine.Down: 1, engine.Left: 1, engine.Right: 1})
	rev := review.Review{Moves: []review.Move{
		judged(1, losing(0.003), engine.Down, review.ByPlayer),
		judged(2, losing(0.01), engine.Down, review.ByPlayer),
		judged(3, losing(0.5), engine.Down, review.ByAutoplay), // the AI's: never among the player's worst
		judged(4, losing(0), engine.Down, review.ByPlayer),     // no loss
		judged(5, losing(0.003), engine.Down, review.ByPlayer),
		judged(6, even, engine.Down, review.ByPlayer), // a blunder without loss
	}}
	var got []int
	for _, m := range rev.Worst(10) {
		got = append(got, m.Number)
	}
	want := []int{6, 2, 1, 5}
	if !slices.Equal(got, want) {
		t.Errorf("Worst(10) = moves %v; want %v", got, want)
	}
	if w := rev.Worst(2); len(w) != 2 || w[0].Number != 6 || w[1].Number != 2 {
		t.Errorf("Worst(2) = %v; want moves 6 and 2", w)
	}
}

func TestMoversText(t *testing.T) {
	ms := review.Movers{review.ByPlayer, review.ByAutoplay, review.ByHint, review.ByPlayer}
	text, err := ms.MarshalText()
	if err != nil || string(text) != "pahp" {
		t.Fatalf("MarshalText = %q, %v; want pahp", text, err)
	}
	var back review.Movers
	if err := back.UnmarshalText(text); err != nil || !slices.Equal(back, ms) {
		t.Errorf("UnmarshalText(%q) = %v, %v; want %v", text, back, err, ms)
	}
	if err := back.UnmarshalText([]byte("ppxp")); err == nil {
		t.Error("UnmarshalText(ppxp) succeeded")
	}
	if _, err := (review.Movers{7}).MarshalText(); err == nil {
		t.Error("MarshalText of an unknown mover succeeded")
	}
	for m, want := range map[review.Mover]bool{review.ByPlayer: false, review.ByAutoplay: true, review.ByHint: true} {
		if m.AI() != want {
			t.Errorf("%v.AI() = %v; want %v", m, m.AI(), want)
		}
	}
}
