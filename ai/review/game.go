package review

import (
	"fmt"

	"github.com/term2048/2048/engine"
)

// A Mover is who made a move of a game: the player by hand, or the AI.
type Mover uint8

// The movers. A hint the player asked for and then played with its key
// counts as the AI's move: the player did not choose it.
const (
	ByPlayer   Mover = iota // the player chose the move
	ByAutoplay              // the AI played it on its own
	ByHint                  // the player played the AI's hint
	numMovers
)

// moverNames are the movers' names and, by their initials, letters.
var moverNames = [numMovers]string{"player", "autoplay", "hint"}

// String returns the mover's name: "player", "autoplay" or "hint".
func (m Mover) String() string {
	if m < numMovers {
		return moverNames[m]
	}
	return fmt.Sprintf("Mover(%d)", uint8(m))
}

// AI reports whether the AI chose the move: autoplay or a played hint.
func (m Mover) AI() bool { return m == ByAutoplay || m == ByHint }

// Movers says who made each move of a game, first to last. Its text form
// is a letter a move, as the moves themselves are saved: p for the player,
// a for autoplay, h for a played hint ("ppphpaaa").
type Movers []Mover

// MarshalText writes a letter a move.
func (ms Movers) MarshalText() ([]byte, error) {
	text := make([]byte, len(ms))
	for i, m := range ms {
		if m >= numMovers {
			return nil, fmt.Errorf("move %d: %v is no mover", i+1, m)
		}
		text[i] = moverNames[m][0]
	}
	return text, nil
}

// UnmarshalText reads a letter a move; any letter but p, a and h is an
// error naming the move.
func (ms *Movers) UnmarshalText(text []byte) error {
	out := make(Movers, len(text))
	for i, c := range text {
		m, ok := moverOfLetter(c)
		if !ok {
			return fmt.Errorf("move %d is made by %q; want p (player), a (autoplay) or h (hint)", i+1, c)
		}
		out[i] = m
	}
	*ms = out
	return nil
}

// moverOfLetter returns the mover whose name begins with c.
func moverOfLetter(c byte) (Mover, bool) {
	for m, name := range moverNames {
		if name[0] == c {
			return Mover(m), true
		}
	}
	return 0, false
}

// A Game is what a review replays: the game's transcript, and who made
// each move. The game a player has played so far is
// Game{Transcript: g.Transcript(), By: by}.
type Game struct {
	engine.Transcript
	By Movers // who made each move; nil if the player made them all
}

// mover returns who made move i (from 0).
func (g Game) mover(i int) Mover {
	if g.By == nil {
		return ByPlayer
	}
	return g.By[i]
}

// boards replays g and returns the board before each of its moves. It fails
// if a move changes nothing at its turn or By does not match the moves.
func (g Game) boards() ([]engine.Board, error) {
	if g.By != nil && len(g.By) != len(g.Moves) {
		return nil, fmt.Errorf("the game has %d moves but says who made %d", len(g.Moves), len(g.By))
	}
	for i, m := range g.By {
		if m >= numMovers {
			return nil, fmt.Errorf("move %d: %v is no mover", i+1, m)
		}
	}
	e := engine.NewGameFrom(g.Start, g.Seed)
	boards := make([]engine.Board, len(g.Moves))
	for i, d := range g.Moves {
		boards[i] = e.Board()
		if !d.Valid() {
			return nil, fmt.Errorf("move %d: invalid direction %d", i+1, d)
		}
		if _, ok := e.Move(d); !ok {
			return nil, fmt.Errorf("move %d (%v) changes nothing on %v: the game does not replay", i+1, d, e.Board())
		}
	}
	return boards, nil
}
