// Package history keeps the player's finished games: one JSON object a
// line, in a file that only grows (JSON Lines). A line holds what replays
// its game — the seed, the start board, the moves and who made each — and
// what sums it up — the score, the highest tile, the number of moves, the
// time played, the date, and whether hints or autoplay helped. The
// statistics are worked out from the games (Summarize), so that the two
// can never disagree.
//
// A line that does not decode, or whose moves do not replay to what it
// says, is skipped with its error and never read as another game (Read);
// a crash in the middle of adding a line can tear that line only (Append).
//
// The package holds no Charm import: the game, the commands and the review
// of a game read a line alike.
package history

import (
	"fmt"
	"time"

	"github.com/term2048/2048/engine"
)

// A Mover says who made a move. Its value is its letter in the file.
type Mover byte

// The movers. A hint the player played with its key is the AI's move: the
// player did not choose it.
const (
	ByPlayer   Mover = 'p' // the player chose the move
	ByAutoplay Mover = 'a' // the AI played it on its own
	ByHint     Mover = 'h' // the player played the AI's hint
)

// AI reports whether the AI chose the move: autoplay or a played hint.
func (m Mover) AI() bool { return m == ByAutoplay || m == ByHint }

// valid reports whether m is one of the movers.
func (m Mover) valid() bool { return m == ByPlayer || m == ByAutoplay || m == ByHint }

// String returns the mover's name: "player", "autoplay" or "hint".
func (m Mover) String() string {
	switch m {
	case ByPlayer:
		return "player"
	case ByAutoplay:
		return "autoplay"
	case ByHint:
		return "hint"
	}
	return fmt.Sprintf("Mover(%q)", byte(m))
}

// Movers says who made each move of a game, first to last. Its text is a
// letter a move, as the moves themselves are written: "ppphpaaa".
type Movers []Mover

// Count returns how many moves m made.
func (ms Movers) Count(m Mover) int {
	n := 0
	for _, x := range ms {
		if x == m {
			n++
		}
	}
	return n
}

// MarshalText writes a letter a move.
func (ms Movers) MarshalText() ([]byte, error) {
	text := make([]byte, len(ms))
	for i, m := range ms {
		if !m.valid() {
			return nil, fmt.Errorf("move %d: %v is no mover", i+1, m)
		}
		text[i] = byte(m)
	}
	return text, nil
}

// UnmarshalText reads a letter a move; a letter other than p, a and h is
// an error naming the move.
func (ms *Movers) UnmarshalText(text []byte) error {
	out := make(Movers, len(text))
	for i, c := range text {
		if m := Mover(c); !m.valid() {
			return fmt.Errorf("move %d is made by %q; want p (player), a (autoplay) or h (hint)", i+1, c)
		}
		out[i] = Mover(c)
	}
	*ms = out
	return nil
}

// A Game is one line of the history: a game the player finished or left.
type Game struct {
	Seed  uint64             // the seed its tiles are drawn from
	Start engine.Board       // the board it was set up from: empty for a usual game
	Moves []engine.Direction // the moves, first to last
	// By says who made each move, first to last; nil if the game does not
	// know (a game begun by a version of 2048 that did not record it).
	By         Movers
	Board      engine.Board // the board at the end
	Score      int          // the score at the end
	Hinted     bool         // a hint of the AI reached the player during the game
	Autoplayed bool         // the AI played moves of the game
	// Played is the time the player spent on the game: the time between its
	// moves, each pause counted up to a limit the game sets, so that a game
	// left open overnight does not count the night.
	Played time.Duration
	Ended  time.Time // when the game was left: the date of the game
}

// FromEngine returns the line of the game e has played, moved by by (nil
// if not known). The moves are copied: e may go on after the call.
func FromEngine(e *engine.Game, by Movers) Game {
	return Game{Seed: e.Seed(), Start: e.Start(), Moves: e.Moves(), By: by, Board: e.Board(), Score: e.Score()}
}

// HighestTile returns the value of the largest tile at the end of the game.
func (g *Game) HighestTile() int { return g.Board.HighestTile() }

// Won reports whether the game made 2048: a tile never shrinks, so its
// highest tile at the end says.
func (g *Game) Won() bool { return g.Board.HighestRank() >= engine.WinRank }

// Reached reports whether a tile of rank r was ever on the board.
func (g *Game) Reached(r uint8) bool { return g.Board.HighestRank() >= r }

// Replay plays the game again and returns it, at its end, with every move
// to undo; it fails if the moves do not replay to the line's board and
// score.
func (g *Game) Replay() (*engine.Game, error) {
	e, err := engine.Replay(g.Seed, g.Start, g.Moves)
	if err != nil {
		return nil, err
	}
	if e.Board() != g.Board || e.Score() != g.Score {
		return nil, fmt.Errorf("the moves replay to %v, score %d; the line says %v, score %d", e.Board(), e.Score(), g.Board, g.Score)
	}
	return e, nil
}

// How says how a game was played: by hand, with hints, or with autoplay.
type How int

// The ways to play, from the least help of the AI to the most.
const (
	ByHand       How = iota // no hint reached the player and the AI played no move
	WithHints               // a hint reached the player; the AI played no move by itself
	WithAutoplay            // the AI played moves
)

// How says how g was played: with autoplay if the AI played a move of it,
// else with hints if a hint reached the player, else by hand.
func (g *Game) How() How {
	switch {
	case g.Autoplayed:
		return WithAutoplay
	case g.Hinted:
		return WithHints
	}
	return ByHand
}

// String returns how, as the statistics write it: "by hand", "hints",
// "autoplay".
func (h How) String() string {
	switch h {
	case ByHand:
		return "by hand"
	case WithHints:
		return "hints"
	case WithAutoplay:
		return "autoplay"
	}
	return fmt.Sprintf("How(%d)", int(h))
}

// Earlier are the games counted before the history was kept, carried over
// from the statistics file of earlier versions (stats.json) when the
// history began: their counts and records, without their moves.
type Earlier struct {
	GamesPlayed     int `json:"games_played"`
	GamesWon        int `json:"games_won"`
	GamesHinted     int `json:"games_hinted"`
	GamesAutoplayed int `json:"games_autoplayed"`
	BestScore       int `json:"best_score"`
	HighestTile     int `json:"highest_tile"`
}
