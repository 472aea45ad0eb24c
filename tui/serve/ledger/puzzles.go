//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/term2048/2048/tui/history"
)

// The daily puzzle is one puzzle a day, the same for every player of the
// server (see practice.FindDaily). Each player's first answer to it is
// kept, once: right or wrong, the time from the puzzle shown to the
// answer, and when. Its board ranks those who answered right by the time
// they took, the shortest first, and of two equal times the one who
// answered first; every place is a player's own, no two share one.

// ErrNotToday is the error of an answer to the puzzle of a day other than
// the server's today, which is not recorded.
var ErrNotToday = errors.New("not today's puzzle")

// maxTook is the longest time an answer is kept with: a puzzle left on
// screen for longer is recorded as taking that long.
const maxTook = 24 * time.Hour

// A PuzzleEntry is an answer to a daily puzzle, as its board shows it.
type PuzzleEntry struct {
	Place       int    // 1 for the fastest right answer; 0 for a wrong one
	Fingerprint string // the player's
	Name        string
	Solved      bool          // the answer was right
	Took        time.Duration // from the puzzle shown to the answer, in milliseconds
	Answered    time.Time     // when, in milliseconds
}

// A PuzzleDay is the board of the daily puzzle of a day.
type PuzzleDay struct {
	Tried  int           // the players who answered
	Solved int           // those who answered right
	Top    []PuzzleEntry // the first of those who answered right, in order
	// Yours is the answer of the player the board was asked for; its
	// Fingerprint is "" if they did not answer.
	Yours PuzzleEntry
}

// AnswerPuzzle records the answer of the player of fingerprint to the
// daily puzzle of date, right if solved, took from the puzzle shown to
// the answer, if it is their first to it; a later one changes nothing. It
// reports whether this one was recorded. The date must be today's by the
// ledger's clock (history.DailyDate): an answer to another day's puzzle
// is refused with ErrNotToday. The player is to be in the ledger already
// (see Join).
func (d *DB) AnswerPuzzle(fingerprint, date string, solved bool, took time.Duration) (recorded bool, err error) {
	if err := d.checkHold(fingerprint); err != nil {
		return false, fmt.Errorf("recording the answer to the puzzle of %s: %w", date, err)
	}
	now := d.now()
	if date != history.DailyDate(now) {
		return false, fmt.Errorf("recording the answer to the puzzle of %s: %w", date, ErrNotToday)
	}
	took = min(max(took, 0), maxTook)
	res, err := d.db.Exec(`
INSERT INTO puzzle_answers (player, date, solved, took, answered) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (date, player) DO NOTHING`, fingerprint, date, boolInt(solved), took.Milliseconds(), now.UnixMilli())
	if err != nil {
		return false, fmt.Errorf("recording the answer to the puzzle of %s: %w", date, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("recording the answer to the puzzle of %s: %w", date, err)
	}
	return n == 1, nil
}

// boolInt returns 1 for true, 0 for false: the puzzle's answers keep
// their booleans as integers in both databases.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// PuzzleBoard returns the board of the daily puzzle of date: how many
// answered, how many right, the top first right answers in order, and the
// answer of the player of fingerprint with its place.
func (d *DB) PuzzleBoard(date string, top int, fingerprint string) (PuzzleDay, error) {
	var day PuzzleDay
	err := d.inTx(false, func(ctx context.Context, tx *sql.Tx) error {
		day = PuzzleDay{}
		if err := tx.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(solved), 0) FROM puzzle_answers WHERE date = $1`, date).Scan(&day.Tried, &day.Solved); err != nil {
			return err
		}
		var err error
		if day.Top, err = topAnswers(ctx, tx, date, top); err != nil {
			return err
		}
		day.Yours, err = yourAnswer(ctx, tx, date, fingerprint)
		return err
	})
	if err != nil {
		return PuzzleDay{}, fmt.Errorf("the board of the puzzle of %s: %w", date, err)
	}
	return day, nil
}

// answerColumns are the columns of an answer that scanAnswer reads.
const answerColumns = `a.player, coalesce(p.name, ''), a.solved, a.took, a.answered`

// topAnswers returns the first n right answers to the puzzle of date, in
// the board's order, placed.
func topAnswers(ctx context.Context, tx *sql.Tx, date string, n int) ([]PuzzleEntry, error) {
	rows, err := tx.QueryContext(ctx, `
SELECT `+answerColumns+`
FROM puzzle_answers a LEFT JOIN players p ON p.fingerprint = a.player
WHERE a.date = $1 AND a.solved = 1
ORDER BY a.took, a.answered, a.player
LIMIT $2`, date, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var top []PuzzleEntry
	for rows.Next() {
		e, err := scanAnswer(rows)
		if err != nil {
			return nil, err
		}
		e.Place = len(top) + 1
		top = append(top, e)
	}
	return top, rows.Err()
}

// yourAnswer returns the answer of the player of fingerprint to the
// puzzle of date, placed if right; its Fingerprint is "" for none.
func yourAnswer(ctx context.Context, tx *sql.Tx, date, fingerprint string) (PuzzleEntry, error) {
	e, err := scanAnswer(tx.QueryRowContext(ctx, `
SELECT `+answerColumns+`
FROM puzzle_answers a LEFT JOIN players p ON p.fingerprint = a.player
WHERE a.date = $1 AND a.player = $2`, date, fingerprint))
	if errors.Is(err, sql.ErrNoRows) {
		return PuzzleEntry{}, nil
	}
	if err != nil || !e.Solved {
		return e, err
	}
	took, answered := e.Took.Milliseconds(), e.Answered.UnixMilli()
	err = tx.QueryRowContext(ctx, `
SELECT 1 + count(*) FROM puzzle_answers
WHERE date = $1 AND solved = 1 AND (took < $2 OR took = $2 AND (answered < $3 OR answered = $3 AND player < $4))`,
		date, took, answered, fingerprint).Scan(&e.Place)
	return e, err
}

// scanAnswer reads an answer of answerColumns.
func scanAnswer(row interface{ Scan(...any) error }) (PuzzleEntry, error) {
	var e PuzzleEntry
	var solved int
	var took, answered int64
	if err := row.Scan(&e.Fingerprint, &e.Name, &solved, &took, &answered); err != nil {
		return PuzzleEntry{}, err
	}
	e.Solved, e.Took, e.Answered = solved == 1, time.Duration(took)*time.Millisecond, time.UnixMilli(answered)
	return e, nil
}
