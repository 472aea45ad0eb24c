//go:build serve

package ledger

import (
	"context"
	"fmt"
)

// The boards rank players, one row each, by score, highest first; players
// of one score share a place (the next place is then skipped: 1, 2, 2, 4),
// the one who got there first listed first. The games played by hand and
// those played with the AI (see Assisted) make boards apart.
//
// A daily challenge's board holds each player's attempt that counts: the
// first attempt of the day they finished, by the time it was left, as the
// player's own daily challenge counts it (history.SummarizeDaily); the
// later ones are practice. An attempt that counts with the AI's help puts
// its player on the assisted board of the day, and on no other.
//
// The all-time board holds each player's best game.

// An Entry is a row of a board.
type Entry struct {
	Place       int    // 1 for the highest score
	Fingerprint string // the player's
	Name        string
	Score       int
	Tile        int // the highest tile of the game
	Moves       int
	Undos       int // the moves taken back
}

// Daily returns the board of the daily challenge of date (as
// history.DailyDate writes it), of the games played with the AI if
// assisted, else of those played by hand.
func (d *DB) Daily(date string, assisted bool) ([]Entry, error) {
	entries, err := d.board(`
WITH firsts AS (
	SELECT player, score, tile, moves, undos, assisted, finished,
		row_number() OVER (PARTITION BY player ORDER BY finished, `+d.dialect.recorded+`) AS attempt
	FROM games WHERE daily = $1
)
SELECT f.player, p.name, f.score, f.tile, f.moves, f.undos
FROM firsts f JOIN players p ON p.fingerprint = f.player
WHERE f.attempt = 1 AND f.assisted = $2
ORDER BY f.score DESC, f.finished, p.name`, date, assisted)
	if err != nil {
		return nil, fmt.Errorf("the daily board of %s: %w", date, err)
	}
	return entries, nil
}

// Best returns the all-time board: each player's best game, of the games
// played with the AI if assisted, else of those played by hand.
func (d *DB) Best(assisted bool) ([]Entry, error) {
	entries, err := d.board(`
WITH best AS (
	SELECT player, score, tile, moves, undos, finished,
		row_number() OVER (PARTITION BY player ORDER BY score DESC, finished, `+d.dialect.recorded+`) AS n
	FROM games WHERE assisted = $1
)
SELECT b.player, p.name, b.score, b.tile, b.moves, b.undos
FROM best b JOIN players p ON p.fingerprint = b.player
WHERE b.n = 1
ORDER BY b.score DESC, b.finished, p.name`, assisted)
	if err != nil {
		return nil, fmt.Errorf("the all-time board: %w", err)
	}
	return entries, nil
}

// board runs the query of a board and places its rows.
func (d *DB) board(query string, args ...any) ([]Entry, error) {
	rows, err := d.db.QueryContext(context.Background(), query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var entries []Entry
	for rows.Next() {
		var e Entry
		if err := rows.Scan(&e.Fingerprint, &e.Name, &e.Score, &e.Tile, &e.Moves, &e.Undos); err != nil {
			return nil, err
		}
		e.Place = len(entries) + 1
		if n := len(entries); n > 0 && entries[n-1].Score == e.Score {
			e.Place = entries[n-1].Place
		}
		entries = append(entries, e)
	}
	return entries, rows.Err()
}

// Place returns where score would stand on board for the player of
// fingerprint: 1 plus the number of the other players who scored more, and
// the number of players of the board with them. It is the place of a game
// before it is recorded, and the player's own place when score is theirs.
func Place(board []Entry, fingerprint string, score int) (place, of int) {
	place, of = 1, 1
	for _, e := range board {
		if e.Fingerprint == fingerprint {
			continue
		}
		of++
		if e.Score > score {
			place++
		}
	}
	return place, of
}
