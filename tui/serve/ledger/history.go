//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/term2048/2048/tui/history"
)

// Each player's history of finished games is kept here, a line a game as
// package history encodes it (history.Game's JSON, the line of the file
// history.jsonl that a local game keeps), in the order the games were
// left. A game that ranks is ranked in the transaction that adds it to the
// history: the two never disagree, and nothing is reconciled at a login.

// AppendHistory adds g, a game the player of fingerprint left, to their
// history and, if it ranks, to the games ranked (see Record), in one
// transaction that waits for the disk. A game whose ID the history holds
// already is left as it is. The game is added to the history whatever its
// rank: refused says why a game that claims a rank is not ranked (it wraps
// ErrRefused), and is nil for a game ranked or one that does not claim a
// rank (begun from a position set up, or of no move); err says why nothing
// was written.
func (d *DB) AppendHistory(fingerprint string, g history.Game) (refused, err error) {
	if err := d.checkHold(fingerprint); err != nil {
		return nil, fmt.Errorf("recording the game: %w", err)
	}
	line, err := json.Marshal(g)
	if err != nil {
		return nil, fmt.Errorf("recording the game: %w", err)
	}
	err = d.inTx(true, func(ctx context.Context, tx *sql.Tx) error {
		refused, err = d.appendGame(ctx, tx, fingerprint, g, line)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("recording the game: %w", err)
	}
	return refused, nil
}

// claimsRank reports whether g is a game that ranks if its replay confirms
// it: one begun from a fresh start, with a move.
func claimsRank(g *history.Game) bool { return !g.SetUp && g.MoveCount > 0 }

// appendGame adds g, whose line is line, to the history of the player of
// fingerprint, and ranks it, as AppendHistory says, in tx. It returns why
// the game is not ranked if it was refused.
func (d *DB) appendGame(ctx context.Context, tx *sql.Tx, fingerprint string, g history.Game, line []byte) (refused, err error) {
	added, err := d.appendLine(ctx, tx, fingerprint, g.ID, line)
	if err != nil || !added || !claimsRank(&g) {
		return nil, err
	}
	if _, err := d.rank(ctx, tx, fingerprint, g); errors.Is(err, ErrRefused) {
		return err, nil
	} else if err != nil {
		return nil, err
	}
	return nil, nil
}

// appendLine adds line, the line of the game id ("" for a line of none),
// at the end of the history of the player of fingerprint, in tx; a line of
// a game the history holds already, by its ID, is not added. It reports
// whether it added the line.
func (d *DB) appendLine(ctx context.Context, tx *sql.Tx, fingerprint, id string, line []byte) (bool, error) {
	if id != "" {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM history WHERE player = $1 AND id = $2`, fingerprint, id).Scan(&n); err != nil {
			return false, err
		}
		if n > 0 {
			return false, nil
		}
	}
	_, err := tx.ExecContext(ctx, `
INSERT INTO history (player, seq, id, line)
SELECT $1, coalesce(max(seq), 0) + 1, $2, $3 FROM history WHERE player = $1`, fingerprint, id, string(line))
	return err == nil, err
}

// History returns the lines of the history of the player of fingerprint,
// oldest first, each without its newline.
func (d *DB) History(fingerprint string) ([][]byte, error) {
	return d.historyLines(`SELECT line FROM history WHERE player = $1 ORDER BY seq`, fingerprint)
}

// HistoryOf returns the lines of the history of the player of fingerprint
// of the game id, oldest first: one, unless the history holds lines of no
// ID (id "") or was written outside the ledger.
func (d *DB) HistoryOf(fingerprint, id string) ([][]byte, error) {
	return d.historyLines(`SELECT line FROM history WHERE player = $1 AND id = $2 ORDER BY seq`, fingerprint, id)
}

// historyLines returns the lines query selects with args.
func (d *DB) historyLines(query string, args ...any) ([][]byte, error) {
	rows, err := d.db.Query(query, args...)
	if err != nil {
		return nil, fmt.Errorf("reading the history: %w", err)
	}
	defer rows.Close()
	var lines [][]byte
	for rows.Next() {
		var line []byte
		if err := rows.Scan(&line); err != nil {
			return nil, fmt.Errorf("reading the history: %w", err)
		}
		lines = append(lines, line)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading the history: %w", err)
	}
	return lines, nil
}

// The index of each player's history (history.Index, as its MarshalBinary
// encodes it) is kept to spare replaying every game of the history at
// each login: it is made again from the lines, at that cost, when it is
// not there or does not match them (see history.Scan).

// LoadIndex returns the index of the history of the player of
// fingerprint kept last; ok is false if none is kept.
func (d *DB) LoadIndex(fingerprint string) (index []byte, ok bool, err error) {
	err = d.db.QueryRow(`SELECT data FROM history_index WHERE player = $1`, fingerprint).Scan(&index)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("reading the index of the history: %w", err)
	}
	return index, true, nil
}

// SaveIndex keeps index as the index of the history of the player of
// fingerprint, without waiting for the disk: it is made again if lost.
func (d *DB) SaveIndex(fingerprint string, index []byte) error {
	if err := d.checkHold(fingerprint); err != nil {
		return fmt.Errorf("keeping the index of the history: %w", err)
	}
	_, err := d.db.Exec(`INSERT INTO history_index (player, data) VALUES ($1, $2)
ON CONFLICT (player) DO UPDATE SET data = excluded.data`, fingerprint, index)
	if err != nil {
		return fmt.Errorf("keeping the index of the history: %w", err)
	}
	return nil
}
