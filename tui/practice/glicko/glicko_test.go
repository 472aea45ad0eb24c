package glicko

import (
	"math"
	"testing"
)

// TestGlickmanExample is the worked example of Glickman's paper: a player
// of 1500, RD 200, σ 0.06 beats one of 1400/30 and loses to 1550/100 and
// 1700/300, with τ = 0.5.
func TestGlickmanExample(t *testing.T) {
	r := Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	games := []Game{
		{Opponent: Rating{1400, 30, 0.06}, Score: 1},
		{Opponent: Rating{1550, 100, 0.06}, Score: 0},
		{Opponent: Rating{1700, 300, 0.06}, Score: 0},
	}
	got, err := Update(r, games, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	want := Rating{1464.06, 151.52, 0.05999}
	if math.Abs(got.Rating-want.Rating) > 0.01 || math.Abs(got.Deviation-want.Deviation) > 0.01 || math.Abs(got.Volatility-want.Volatility) > 0.00001 {
		t.Errorf("Update(%v, %v) = %+v; want %+v", r, games, got, want)
	}
}

func TestNoGameWidens(t *testing.T) {
	r := Rating{1600, 100, 0.06}
	got, err := Update(r, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got.Rating != r.Rating || got.Deviation <= r.Deviation {
		t.Errorf("Update(%v, no game) = %v; want the same rating, a wider deviation", r, got)
	}
}

func TestMatch(t *testing.T) {
	p, q := NewPlayer(), NewPuzzle()
	np, nq, err := Match(p, q, true, 0)
	if err != nil {
		t.Fatal(err)
	}
	if np.Rating <= p.Rating || nq.Rating >= q.Rating {
		t.Errorf("Match(win) = %v, %v; want the player up and the puzzle down", np, nq)
	}
	if nq.Rating-q.Rating >= 0 || q.Rating-nq.Rating <= np.Rating-p.Rating {
		t.Errorf("the puzzle (RD 500) moved %v, the player (RD 350) %v; want the puzzle to move more", q.Rating-nq.Rating, np.Rating-p.Rating)
	}
	lp, lq, err := Match(p, q, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	if lp.Rating >= p.Rating || lq.Rating <= q.Rating {
		t.Errorf("Match(loss) = %v, %v; want the player down and the puzzle up", lp, lq)
	}
}

func TestInvalid(t *testing.T) {
	for _, r := range []Rating{{}, {1500, -1, 0.06}, {math.NaN(), 100, 0.06}, {1500, 100, 0}} {
		if _, err := Update(r, []Game{{Opponent: NewPlayer(), Score: 1}}, 0); err == nil {
			t.Errorf("Update(%v) succeeded; want ErrInvalid", r)
		}
	}
	if _, err := Update(NewPlayer(), []Game{{Opponent: NewPlayer(), Score: 2}}, 0); err == nil {
		t.Error("Update with a score of 2 succeeded; want ErrInvalid")
	}
}

func TestExpected(t *testing.T) {
	if e := Expected(NewPlayer(), NewPuzzle()); math.Abs(e-0.5) > 1e-12 {
		t.Errorf("Expected(equal ratings) = %v; want 0.5", e)
	}
	if e := Expected(Rating{1800, 50, 0.06}, Rating{1500, 50, 0.06}); e <= 0.5 {
		t.Errorf("Expected(1800 against 1500) = %v; want above 0.5", e)
	}
}
