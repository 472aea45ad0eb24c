// Package history keeps the player's finished games: one JSON object a
// line, in a file that only grows (JSON Lines). A line holds what replays
// its game — the seed, the start board, the moves and who made each (as
// review.Movers writes them: p, a, h) — and
// what sums it up — the score, the highest tile, the number of moves, the
// time played, the date, and whether hints or autoplay helped. The
// statistics are worked out from the games (Summarize), so that the two
// can never disagree.
//
// A line that does not decode, or whose moves do not replay to what it
// says, is skipped with its error and never read as another game (Read);
// a crash in the middle of adding a line can tear that line only (Append).
//
// The package holds no Charm import: the game and 2048 review read a line
// alike.
package history

import (
	"fmt"
	"time"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// A Record is a game of the history as the statistics and the list of
// games see it: all of its line but what replays it. The records of a history
// come from its index (see Scan), which spares reading and replaying every
// game at each start; ReadGame reads the game of a record whole.
type Record struct {
	// ID names the game: the saved game and its line carry the same one,
	// so that a game is recorded once however often leaving it is
	// retried. Lines of versions of 2048 before it have none.
	ID    string
	Board engine.Board // the board at the end
	Score int          // the score at the end
	// Peak is the highest score the game reached, moves undone after it
	// included: Score or more.
	Peak       int
	MoveCount  int  // the number of moves
	Undos      int  // the moves taken back
	Hinted     bool // a hint of the AI reached the player during the game
	Autoplayed bool // the AI played moves of the game
	// SetUp is set for a game begun from a position set up (2048 -board,
	// or taken over from a replay), not from a fresh start. Its records are
	// kept apart (see Summary).
	SetUp bool
	// Daily is the date of the daily challenge the game is an attempt at
	// ("2026-11-26"; see DailySeed), or "" for another game.
	Daily string
	// Race is the code of the race the game was played in (two players on
	// one seed, each seeing the other's board): a friend's on 2048 serve,
	// "AI4" against the AI at 4 plies; "" for another game.
	Race string
	// Played is the time the player spent on the game: the time between its
	// moves, each pause counted up to a limit the game sets, so that a game
	// left open overnight does not count the night.
	Played time.Duration
	Ended  time.Time // when the game was left: the date of the game

	at place // where its line is in the file it was read from, if it was
}

// A place is where a line is in a file.
type place struct {
	offset int64 // of its first byte
	size   int   // its length without the newline; 0 for no place
}

// A Game is one line of the history: a game the player finished or left,
// with what replays it (its seed, start board and moves: MoveCount of
// them).
type Game struct {
	engine.Transcript
	Record
	// By says who made each move, first to last, as 2048 review reads it;
	// nil if the game does not know (a game begun by a version of 2048
	// that did not record it).
	By review.Movers
}

// FromEngine returns the line of the game e has played, moved by by (nil
// if not known), with no undo. The moves are copied: e may go on after the
// call.
func FromEngine(e *engine.Game, by review.Movers) Game {
	return Game{
		Transcript: e.Transcript(),
		Record:     Record{Board: e.Board(), Score: e.Score(), Peak: e.Score(), MoveCount: e.MoveCount()},
		By:         by,
	}
}

// HighestTile returns the value of the largest tile at the end of the game.
func (r *Record) HighestTile() int { return r.Board.HighestTile() }

// Won reports whether the game made 2048: a tile never shrinks, so its
// highest tile at the end says.
func (r *Record) Won() bool { return r.Board.HighestRank() >= engine.WinRank }

// Reached reports whether a tile of rank r was ever on the board.
func (r *Record) Reached(rank uint8) bool { return r.Board.HighestRank() >= rank }

// Review returns the game as a review replays it (review.Run).
func (g *Game) Review() review.Game {
	return review.Game{Transcript: g.Transcript, By: g.By}
}

// AIMoves returns how many moves the AI made, autoplaying or hinted; known
// is false if the game does not say who made its moves.
func (g *Game) AIMoves() (n int, known bool) {
	if g.By == nil {
		return 0, len(g.Moves) == 0
	}
	return len(g.By) - count(g.By, review.ByPlayer), true
}

// count returns how many moves of ms m made.
func count(ms review.Movers, m review.Mover) int {
	n := 0
	for _, x := range ms {
		if x == m {
			n++
		}
	}
	return n
}

// Replay plays the game again and returns it, at its end, with every move
// to undo; it fails if the moves do not replay to the line's board and
// score.
func (g *Game) Replay() (*engine.Game, error) {
	if len(g.Moves) != g.MoveCount {
		return nil, fmt.Errorf("%d moves; the line says %d", len(g.Moves), g.MoveCount)
	}
	e, err := g.Transcript.Replay()
	if err != nil {
		return nil, err
	}
	if e.Board() != g.Board || e.Score() != g.Score {
		return nil, fmt.Errorf("the moves replay to %v, score %d; the line says %v, score %d", e.Board(), e.Score(), g.Board, g.Score)
	}
	return e, nil
}

// How says who played the game, as who made its moves is said
// (review.Mover), by the most the AI did in it: review.ByAutoplay if the AI
// played a move of it, else review.ByHint if a hint reached the player
// (played or not), else review.ByPlayer, a game played by hand.
func (r *Record) How() review.Mover {
	switch {
	case r.Autoplayed:
		return review.ByAutoplay
	case r.Hinted:
		return review.ByHint
	}
	return review.ByPlayer
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
