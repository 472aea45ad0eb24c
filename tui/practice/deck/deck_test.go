package deck

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/practice/glicko"
)

// testPuzzle returns a puzzle on a board of one tile, of rank r at cell
// i, where left is clearly best, or up where left is not legal.
func testPuzzle(i int, r uint8) puzzle.Puzzle {
	b := engine.Board(0).With(i, r)
	res := ai.Result{Board: b, Best: engine.Left, Depth: 6}
	for d, v := range map[engine.Direction]float64{engine.Left: 1000, engine.Up: 800, engine.Down: 500, engine.Right: 100} {
		if _, _, ok := b.Move(d); ok {
			res.Legal[d], res.Value[d] = true, v
		}
	}
	for d := range engine.Direction(engine.NumDirections) {
		if res.Legal[d] && (!res.Legal[res.Best] || res.Value[d] > res.Value[res.Best]) {
			res.Best = d
		}
	}
	second, ok := puzzle.Candidate(res)
	if !ok {
		panic("testPuzzle is no puzzle")
	}
	return puzzle.Puzzle{Search: res, Second: second}
}

var t0 = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func testDeck() *Deck {
	d := &Deck{}
	slip := testPuzzle(5, 3)
	slip.Move, slip.Played, slip.Slip = 12, engine.Up, true
	d.Add("game-b", []puzzle.Puzzle{testPuzzle(6, 2), slip})
	d.Add("", []puzzle.Puzzle{testPuzzle(9, 1)})
	d.Add("game-a", nil)
	d.AddDaily("2026-11-29", testPuzzle(7, 2))
	d.Attempt(0, false, t0)
	return d
}

func TestRoundTrip(t *testing.T) {
	d := testDeck()
	data, err := Encode(d)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(data)
	if err != nil {
		t.Fatalf("Decode(Encode(deck)): %v", err)
	}
	want := d.Clone()
	for i := range want.Puzzles { // the times come back in the local zone, to the second
		want.Puzzles[i].Due, want.Puzzles[i].Last = timeOrZero(unixOrZero(want.Puzzles[i].Due)), timeOrZero(unixOrZero(want.Puzzles[i].Last))
	}
	for i := range want.Trend {
		want.Trend[i].When = time.Unix(want.Trend[i].When.Unix(), 0)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Decode(Encode(deck)) = %+v; want %+v", got, want)
	}
	if !got.IsScanned("game-a") || !got.IsScanned("game-b") || got.IsScanned("game-c") {
		t.Errorf("Scanned = %v; want game-a and game-b", got.Scanned)
	}
	empty, err := Encode(&Deck{})
	if err != nil {
		t.Fatal(err)
	}
	if d, err := Decode(empty); err != nil || len(d.Puzzles) != 0 {
		t.Errorf("Decode(Encode(empty deck)) = %+v, %v", d, err)
	}
}

func TestDecodeDamaged(t *testing.T) {
	data, err := Encode(testDeck())
	if err != nil {
		t.Fatal(err)
	}
	for i := range data {
		bad := bytes.Clone(data)
		bad[i] ^= 0x04
		if _, err := Decode(bad); err == nil {
			t.Fatalf("Decode with byte %d changed succeeded", i)
		}
	}
	if _, err := Decode(data[:len(data)-1]); err == nil {
		t.Error("Decode of a truncated deck succeeded")
	}
	newer := bytes.Replace(data, []byte("2048-practice 2 "), []byte("2048-practice 3 "), 1)
	if _, err := Decode(newer); !errors.Is(err, ErrNewer) {
		t.Errorf("Decode of version 3 = %v; want ErrNewer", err)
	}
}

// TestDecodeChecksNotJustTheSum rewrites the checksum of a deck whose
// puzzle is no longer one: Decode refuses it all the same.
func TestDecodeChecksNotJustTheSum(t *testing.T) {
	d := testDeck()
	d.Puzzles[0].Search.Best = engine.Right // not the best of its values
	data, err := Encode(d)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Decode(data); err == nil {
		t.Error("Decode of a puzzle whose best move is not the best succeeded")
	}
}

func FuzzDecode(f *testing.F) {
	data, err := Encode(testDeck())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Decode(data)
		if err != nil {
			return
		}
		again, err := Encode(d)
		if err != nil {
			t.Fatalf("Encode of a deck decoded: %v", err)
		}
		d2, err := Decode(again)
		if err != nil || !reflect.DeepEqual(d, d2) {
			t.Fatalf("Decode(Encode(Decode(data))) = %+v, %v; want %+v", d2, err, d)
		}
	})
}

func TestSchedule(t *testing.T) {
	day := 24 * time.Hour
	d := &Deck{}
	d.Add("g", []puzzle.Puzzle{testPuzzle(5, 1)})
	steps := []struct {
		at        time.Duration
		right     bool
		step      int
		due       time.Duration // after at; 0 for none
		rated     bool
		solved    int
		wantRated bool
	}{
		{0, false, 1, day, true, 0, true},            // first try, wrong: back in a day
		{day / 2, true, 1, day / 2, false, 1, false}, // right, not due yet: no change
		{day, true, 2, 3 * day, false, 2, false},     // due, right: 3 days
		{4 * day, false, 1, day, false, 2, false},    // wrong: a day again
		{5 * day, true, 2, 3 * day, false, 3, false}, // right: 3 days
		{8 * day, true, 3, 7 * day, false, 4, false}, // right: 7 days
		{15 * day, true, 0, 0, false, 5, false},      // right: learned
		{16 * day, true, 0, 0, false, 6, false},      // right again: nothing scheduled
	}
	for i, s := range steps {
		rated := d.Attempt(0, s.right, t0.Add(s.at))
		e := d.Puzzles[0]
		wantDue := time.Time{}
		if s.due > 0 {
			wantDue = t0.Add(s.at + s.due)
		}
		if e.Step != s.step || !e.Due.Equal(wantDue) || rated != s.wantRated || e.Solved != s.solved || e.Tries != i+1 {
			t.Errorf("attempt %d (right %v): step %d due %v rated %v solved %d/%d; want step %d due %v rated %v solved %d/%d",
				i+1, s.right, e.Step, e.Due, rated, e.Solved, e.Tries, s.step, wantDue, s.wantRated, s.solved, i+1)
		}
	}
	if len(d.Trend) != 1 || d.Player == (glicko.Rating{}) || d.Player.Rating >= 1500 {
		t.Errorf("after one rated loss: trend %v, player %v; want one point, below 1500", d.Trend, d.Player)
	}
}

func TestNext(t *testing.T) {
	d := &Deck{}
	own, ai1, slip, tried, due := testPuzzle(1, 1), testPuzzle(2, 1), testPuzzle(3, 1), testPuzzle(4, 1), testPuzzle(5, 1)
	slip.Move, slip.Played, slip.Slip = 3, engine.Up, true
	d.Add("", []puzzle.Puzzle{ai1})
	d.Add("g1", []puzzle.Puzzle{own, slip, tried, due})
	d.Attempt(3, true, t0)  // tried, right: not scheduled
	d.Attempt(4, false, t0) // due a day later
	order := func(now time.Time) []engine.Board {
		c := d.Clone()
		var got []engine.Board
		for range c.Puzzles {
			i := c.Next(now, -1)
			got = append(got, c.Puzzles[i].Board())
			c.Puzzles = append(c.Puzzles[:i], c.Puzzles[i+1:]...)
		}
		return got
	}
	later := t0.Add(25 * time.Hour)
	want := []engine.Board{due.Board(), slip.Board(), own.Board(), ai1.Board(), tried.Board()}
	if got := order(later); !reflect.DeepEqual(got, want) {
		t.Errorf("order a day later = %v; want %v", got, want)
	}
	want = []engine.Board{slip.Board(), own.Board(), ai1.Board(), tried.Board(), due.Board()}
	if got := order(t0.Add(time.Hour)); !reflect.DeepEqual(got, want) {
		t.Errorf("order an hour later = %v; want %v", got, want)
	}
	if got := d.Next(later, 4); got == 4 {
		t.Error("Next skipping the due puzzle gave it")
	}
	one := &Deck{}
	one.Add("", []puzzle.Puzzle{ai1})
	if got := one.Next(later, 0); got != 0 {
		t.Errorf("Next with one puzzle, skipped = %d; want it all the same", got)
	}
	if got := (&Deck{}).Next(later, -1); got != -1 {
		t.Errorf("Next of no puzzle = %d; want -1", got)
	}
	if d.Due(later) != 1 || d.Own() != 4 {
		t.Errorf("Due = %d, Own = %d; want 1, 4", d.Due(later), d.Own())
	}
}

// TestDaily: a daily puzzle is known by its date, added once; a puzzle of
// the AI's already in the deck becomes the day's; one of the player's
// games stays theirs.
func TestDaily(t *testing.T) {
	d := testDeck()
	i := d.Daily("2026-11-29")
	if i < 0 || d.Puzzles[i].Board() != testPuzzle(7, 2).Board() || d.Daily("2026-11-28") != -1 || d.Dailies() != 1 {
		t.Fatalf("Daily = %d, %d dailies; want the puzzle added, one", i, d.Dailies())
	}
	if j := d.AddDaily("2026-11-29", testPuzzle(7, 2)); j != i || len(d.Puzzles) != 4 {
		t.Errorf("AddDaily again = %d, %d puzzles; want %d, 4", j, len(d.Puzzles), i)
	}
	if j := d.AddDaily("2026-11-30", testPuzzle(9, 1)); d.Puzzles[j].Daily != "2026-11-30" || len(d.Puzzles) != 4 {
		t.Errorf("AddDaily of an AI's puzzle kept: daily %q, %d puzzles; want the 30th's, 4", d.Puzzles[j].Daily, len(d.Puzzles))
	}
	if j := d.AddDaily("2026-12-01", testPuzzle(6, 2)); d.Puzzles[j].Daily != "" || d.Daily("2026-12-01") != -1 {
		t.Errorf("AddDaily of the player's puzzle made it the day's: %q", d.Puzzles[j].Daily)
	}
}

// TestDecodeVersion1: a deck of version 1, which knew no daily puzzle,
// decodes; a date that is not one does not.
func TestDecodeVersion1(t *testing.T) {
	d := &Deck{}
	d.Add("g", []puzzle.Puzzle{testPuzzle(6, 2)})
	data, err := Encode(d)
	if err != nil {
		t.Fatal(err)
	}
	old := bytes.Replace(data, []byte("2048-practice 2 "), []byte("2048-practice 1 "), 1)
	if got, err := Decode(old); err != nil || len(got.Puzzles) != 1 {
		t.Errorf("Decode of version 1 = %v; want its puzzle", err)
	}
	d = &Deck{}
	d.AddDaily("2026-02-30", testPuzzle(6, 2))
	if data, err = Encode(d); err != nil {
		t.Fatal(err)
	}
	if _, err := Decode(data); err == nil {
		t.Error("Decode of a daily puzzle of 2026-02-30 succeeded")
	}
}
