package storetest

import (
	"reflect"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/practice/deck"
)

// aPuzzle returns a puzzle on the board of one tile 2 at cell 5, where
// left is clearly best.
func aPuzzle() puzzle.Puzzle {
	b := engine.Board(0).With(5, 1)
	r := ai.Result{Board: b, Best: engine.Left, Depth: 6, Legal: [engine.NumDirections]bool{true, true, true, true}}
	r.Value[engine.Left], r.Value[engine.Up], r.Value[engine.Down], r.Value[engine.Right] = 1000, 800, 500, 100
	return puzzle.Puzzle{Search: r, Second: engine.Up, Move: 7, Played: engine.Down, Slip: true}
}

// testPractice keeps a practice and reads it back, and keeps another in
// its place.
func testPractice(t *testing.T, s playerdata.Store) {
	d, err := s.LoadPractice()
	if err != nil || d == nil || len(d.Puzzles) != 0 || len(d.Scanned) != 0 {
		t.Fatalf("LoadPractice with none kept = %+v, %v; want an empty deck", d, err)
	}
	d.Add("game-1", []puzzle.Puzzle{aPuzzle()})
	d.Attempt(0, false, time.Unix(1_800_000_000, 0))
	if err := s.SavePractice(d); err != nil {
		t.Fatal(err)
	}
	got, err := s.LoadPractice()
	if err != nil {
		t.Fatal(err)
	}
	want, err := roundTrip(d)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("LoadPractice after SavePractice = %+v; want %+v", got, want)
	}
	if err := s.SavePractice(&deck.Deck{Scanned: []string{"game-2"}}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.LoadPractice(); err != nil || len(got.Puzzles) != 0 || !got.IsScanned("game-2") || got.IsScanned("game-1") {
		t.Errorf("LoadPractice after a second SavePractice = %+v, %v; want the second deck", got, err)
	}
}

// roundTrip returns d as its encoding decodes: its times to the second.
func roundTrip(d *deck.Deck) (*deck.Deck, error) {
	data, err := deck.Encode(d)
	if err != nil {
		return nil, err
	}
	return deck.Decode(data)
}
