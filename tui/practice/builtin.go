package practice

import (
	_ "embed"

	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/tui/practice/deck"
)

//go:generate go run gen_builtin.go

// builtIn is the deck of the built-in puzzles, written by gen_builtin.go.
//
//go:embed builtin.dat
var builtIn []byte

// BuiltInCount is the number of built-in puzzles.
const BuiltInCount = 48

// BuiltIn returns the built-in puzzles: positions of the AI's own games
// where one move is clearly best, found and confirmed as the player's
// are, for a player with no puzzle of their own yet.
func BuiltIn() []puzzle.Puzzle {
	d, err := deck.Decode(builtIn)
	if err != nil {
		panic("practice: builtin.dat does not decode: " + err.Error()) // TestBuiltIn checks it
	}
	ps := make([]puzzle.Puzzle, len(d.Puzzles))
	for i, e := range d.Puzzles {
		ps[i] = e.Puzzle
	}
	return ps
}

// AddBuiltIn adds the built-in puzzles to d if it holds no puzzle but
// the daily puzzles, and reports whether it did: a new player practises
// on the AI's games until theirs give puzzles. Those added stay, with
// their ratings and their schedule.
func AddBuiltIn(d *deck.Deck) bool {
	if len(d.Puzzles) > d.Dailies() {
		return false
	}
	d.Add("", BuiltIn())
	return true
}
