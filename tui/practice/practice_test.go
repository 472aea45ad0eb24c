package practice

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/practice/deck"
)

// TestBuiltIn checks the built-in puzzles: as many as BuiltInCount, none
// twice, each confirmed again by a search of its own at its depth (under
// the race detector, one in eight).
func TestBuiltIn(t *testing.T) {
	ps := BuiltIn()
	if len(ps) != BuiltInCount {
		t.Fatalf("BuiltIn() has %d puzzles; want %d", len(ps), BuiltInCount)
	}
	step := 1
	if raceEnabled {
		step = 8
	}
	s := puzzle.NewSearcher()
	for i := 0; i < len(ps); i += step {
		p := ps[i]
		if p.Search.Depth != puzzle.ConfirmDepth {
			t.Errorf("puzzle %d was confirmed at depth %d; want %d", i+1, p.Search.Depth, puzzle.ConfirmDepth)
		}
		again, ok, err := puzzle.Confirm(context.Background(), s, p.Search, puzzle.ConfirmDepth)
		if err != nil {
			t.Fatal(err)
		}
		if !ok || again.Best() != p.Best() || again.Second != p.Second || !sameValues(again.Search.Value, p.Search.Value) {
			t.Errorf("puzzle %d (%v): a search at depth %d finds %v over %v (%v), ok %v; the file says %v over %v",
				i+1, p.Board(), puzzle.ConfirmDepth, again.Best(), again.Second, again.Search.Value, ok, p.Best(), p.Second)
		}
	}
}

// sameValues reports whether the values of two searches agree to a
// billionth: a machine that rounds otherwise may differ in the last bits.
func sameValues(a, b [engine.NumDirections]float64) bool {
	for d := range a {
		if math.Abs(a[d]-b[d]) > 1e-9*max(math.Abs(b[d]), 1) {
			return false
		}
	}
	return true
}

func TestAddBuiltIn(t *testing.T) {
	d := &deck.Deck{}
	if !AddBuiltIn(d) || len(d.Puzzles) != BuiltInCount || d.Own() != 0 {
		t.Fatalf("AddBuiltIn to an empty deck: %d puzzles, %d own", len(d.Puzzles), d.Own())
	}
	if AddBuiltIn(d) || len(d.Puzzles) != BuiltInCount {
		t.Errorf("AddBuiltIn twice: %d puzzles; want %d", len(d.Puzzles), BuiltInCount)
	}
}

// reviews keeps reviews in memory, as a store does, and counts them.
type reviews struct {
	kept         map[uint64][]ai.Result
	loads, saves int
}

func (r *reviews) LoadReview(g review.Game, set review.Setting) ([]ai.Result, error) {
	r.loads++
	return r.kept[g.Seed], nil
}

func (r *reviews) SaveReview(g review.Game, set review.Setting, searches []ai.Result) error {
	r.saves++
	r.kept[g.Seed] = searches
	return nil
}

// sloppyGame returns a game of seed played at random, n moves at most.
func sloppyGame(seed uint64, n int) history.Game {
	rng := rand.New(rand.NewPCG(seed, 3))
	e := engine.NewGame(seed)
	for !e.Over() && e.MoveCount() < n {
		e.Move(engine.Direction(rng.IntN(engine.NumDirections)))
	}
	g := history.FromEngine(e, nil)
	g.ID = "game-" + string(rune('a'+seed))
	return g
}

// TestFind finds the puzzles of a game, and keeps its review: a second
// Find reads it and finds the same.
func TestFind(t *testing.T) {
	n := 150
	if raceEnabled {
		n = 40
	}
	g := sloppyGame(1, n)
	revs := &reviews{kept: map[uint64][]ai.Result{}}
	first, err := Find(context.Background(), revs, g, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) == 0 || len(first) > puzzle.PerGame {
		t.Fatalf("Find of a random game: %d puzzles; want 1 to %d", len(first), puzzle.PerGame)
	}
	if revs.saves != 1 || len(revs.kept[g.Seed]) != g.MoveCount {
		t.Fatalf("Find kept %d reviews of %d searches; want one of %d", revs.saves, len(revs.kept[g.Seed]), g.MoveCount)
	}
	held, acquired := 0, 0
	acquire := func(context.Context) (func(), error) {
		held++
		acquired++
		return func() { held-- }, nil
	}
	again, err := Find(context.Background(), revs, g, acquire)
	if err != nil {
		t.Fatal(err)
	}
	if acquired == 0 || held != 0 {
		t.Errorf("Find acquired %d times, %d still held; want the confirming searches acquired, and given back", acquired, held)
	}
	if revs.saves != 1 || !reflect.DeepEqual(strip(first), strip(again)) {
		t.Errorf("Find again: %d saves, puzzles %v; want no save, %v", revs.saves, again, first)
	}
}

// strip returns the puzzles without what differs from one search to
// another of the same position: the time and the work counted.
func strip(ps []puzzle.Puzzle) []puzzle.Puzzle {
	out := make([]puzzle.Puzzle, len(ps))
	for i, p := range ps {
		p.Search.Elapsed, p.Search.Counts = 0, ai.Counts{}
		out[i] = p
	}
	return out
}

func TestUnscanned(t *testing.T) {
	games := []history.Record{{ID: "a", MoveCount: 3}, {ID: "b", MoveCount: 0}, {ID: "", Score: 12, MoveCount: 5, Ended: time.Unix(100, 0)}, {ID: "d", MoveCount: 9}}
	scanned := map[string]bool{"d": true}
	got := Unscanned(games, func(k string) bool { return scanned[k] })
	if len(got) != 2 || got[0].ID != "" || got[1].ID != "a" {
		t.Errorf("Unscanned = %v; want the game of no ID, then a (newest first, none empty or scanned)", got)
	}
	if k := GameKey(games[2]); k != "ended-100-12-5" {
		t.Errorf("GameKey of a game of no ID = %q", k)
	}
}

func TestPlayOn(t *testing.T) {
	p := BuiltIn()[0]
	s := ai.NewSearcher(ai.Config{Threads: 1, TableMB: 4})
	line, err := PlayOn(context.Background(), s, p.Board(), p.Best())
	if err != nil {
		t.Fatal(err)
	}
	if len(line) != LineMoves {
		t.Fatalf("PlayOn: %d boards; want %d", len(line), LineMoves)
	}
	after, _, _ := p.Board().Move(p.Best())
	if line[0].CountEmpty() != after.CountEmpty()-1 {
		t.Errorf("the line's first board %v is not %v and a new tile", line[0], after)
	}
	again, err := PlayOn(context.Background(), s, p.Board(), p.Best())
	if err != nil || !reflect.DeepEqual(line, again) {
		t.Errorf("PlayOn again = %v, %v; want the same line %v", again, err, line)
	}
}

func moveName(d engine.Direction) string { return d.String() }

// TestSession answers a puzzle wrong, then the next one right.
func TestSession(t *testing.T) {
	d := &deck.Deck{}
	AddBuiltIn(d)
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	s := NewSession(d, false, now)
	e, ok := s.Current()
	if s.Phase != Asking || !ok || s.Board() != e.Board() {
		t.Fatalf("a new session is %v on %v; want asking the first puzzle", s.Phase, s.Board())
	}
	if s.Answer(engine.Direction(engine.NumDirections), now) {
		t.Error("Answer took a move that is not one")
	}
	wrong := e.Second
	if !s.Answer(wrong, now) || s.Phase != Missed {
		t.Fatalf("Answer(%v), the second best: phase %v; want missed", wrong, s.Phase)
	}
	v := s.Verdict()
	if v.Verdict != review.Mistake && v.Verdict != review.Blunder {
		t.Errorf("Verdict of the second best = %v; want a mistake or a blunder", v)
	}
	text := join(s.Text(moveName))
	for _, want := range []string{"The best move is " + e.Best().String(), "lost against the best", "Your rating", "Puzzle rated "} {
		if !strings.Contains(text, want) {
			t.Errorf("the text of a wrong answer does not say %q:\n%s", want, text)
		}
	}
	if r, change, rated := s.Rating(); !rated || change >= 0 || r.Rating >= 1500 {
		t.Errorf("Rating after a loss = %v, %+.1f, %v; want rated, down", r, change, rated)
	}
	if d.Puzzles[0].Step != 1 || d.Due(now.Add(25*time.Hour)) != 1 {
		t.Errorf("the puzzle failed: step %d, due %v; want back in a day", d.Puzzles[0].Step, d.Puzzles[0].Due)
	}
	if s.Answer(e.Best(), now) {
		t.Error("Answer took a second answer")
	}

	s.Next(false, now)
	e2, _ := s.Current()
	if e2.Board() == e.Board() || s.Phase != Asking {
		t.Fatalf("Next: %v on %v; want another puzzle asked", s.Phase, e2.Board())
	}
	if !s.Answer(e2.Best(), now) || s.Phase != Solved {
		t.Fatalf("Answer(best): phase %v; want solved", s.Phase)
	}
	line := []engine.Board{1, 2, 3}
	s.SetLine(line)
	for i, want := range []bool{true, true, false, false} {
		if more := s.Step(); more != want {
			t.Errorf("Step %d = %v; want %v", i+1, more, want)
		}
	}
	if s.Board() != 3 || !strings.Contains(join(s.Text(moveName)), "move 3 of 3") {
		t.Errorf("after the line: board %v, text %q", s.Board(), join(s.Text(moveName)))
	}
}

func TestSessionLooking(t *testing.T) {
	d := &deck.Deck{}
	now := time.Now()
	s := NewSession(d, true, now)
	s.Scanned, s.ToScan = 2, 9
	if s.Phase != Looking || !strings.Contains(join(s.Text(moveName)), "2 of 9 games") {
		t.Fatalf("an empty deck while scanning: %v, %q", s.Phase, join(s.Text(moveName)))
	}
	d.Add("g", BuiltIn()[:1])
	s.Found(false, now)
	if s.Phase != Asking {
		t.Errorf("after a puzzle found: %v; want asking", s.Phase)
	}
	if NewSession(&deck.Deck{}, false, now).Phase != Nothing {
		t.Error("an empty deck with nothing to scan is not Nothing")
	}
}

func join(lines []Line) string {
	var sb strings.Builder
	for _, l := range lines {
		sb.WriteString(l.Text + "\n")
	}
	return sb.String()
}

func TestStatsText(t *testing.T) {
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	if got := StatsText(&deck.Deck{}, now); got != "" {
		t.Errorf("StatsText of a practice never tried = %q; want none", got)
	}
	d := &deck.Deck{}
	AddBuiltIn(d)
	d.Attempt(0, true, now)
	d.Attempt(1, true, now)
	d.Attempt(2, false, now)
	got := StatsText(d, now.Add(25*time.Hour))
	for _, want := range []string{"rated ", "3 of 48 puzzles tried", "1 due", "trend ", "over the last 3"} {
		if !strings.Contains(got, want) {
			t.Errorf("StatsText = %q; want it to say %q", got, want)
		}
	}
}
