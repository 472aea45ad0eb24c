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

// Servers of earlier versions kept a player's history, the games waiting
// for it and the reviews in the player's files. The server imports them
// once, at the player's first login (see Import); their game in progress
// is imported apart, as their first save (see SaveGame).

// Files are what a player's files, kept by a server of an earlier version,
// hold: what Import takes into the ledger.
type Files struct {
	// History are the lines of the player's history, oldest first, each
	// without its newline: lines of games, of the games counted before the
	// history, and of newer versions, kept as they are.
	History [][]byte
	// Unrecorded are the games that waited for the history, oldest
	// first: they come after it.
	Unrecorded []history.Game
	// Reviews are the reviews kept, by the names of their files.
	Reviews map[string][]byte
	// Prefs is the text of the player's preferences (config.toml); nil
	// without any.
	Prefs []byte
}

// Imported reports whether the files of the player of fingerprint were
// imported.
func (d *DB) Imported(fingerprint string) (bool, error) {
	var n int
	if err := d.db.QueryRow(`SELECT count(*) FROM imported WHERE player = $1`, fingerprint).Scan(&n); err != nil {
		return false, fmt.Errorf("the player's files imported: %w", err)
	}
	return n > 0, nil
}

// Import takes f, the files of the player of fingerprint, into the ledger,
// and marks them imported, in one transaction that waits for the disk: a
// crash leaves them all imported, or none. Every game is added to the
// history once, by its ID (a game that waited for the history may be in
// it already), and ranked if it ranks, as AppendHistory ranks it: the
// games of the files that the ledger lacked are ranked then. Reviews the
// ledger keeps already are left as they are, and so are preferences (see
// SavePrefs). It does nothing if the
// player's files were imported already, and reports whether it imported
// them; refused are the games not ranked, and why.
func (d *DB) Import(fingerprint string, f Files) (imported bool, refused []error, err error) {
	err = d.inTx(true, func(ctx context.Context, tx *sql.Tx) error {
		var done int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM imported WHERE player = $1`, fingerprint).Scan(&done); err != nil || done > 0 {
			return err
		}
		imported, refused = true, nil
		games, err := d.importGames(ctx, tx, fingerprint, f, &refused)
		if err != nil {
			return err
		}
		if err := importPrefs(ctx, tx, fingerprint, f.Prefs, d.now()); err != nil {
			return err
		}
		for name, review := range f.Reviews {
			if _, err := tx.ExecContext(ctx, `INSERT INTO reviews (player, name, review, updated) VALUES ($1, $2, $3, $4)
ON CONFLICT (player, name) DO NOTHING`, fingerprint, name, review, d.now().Unix()); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO imported (player, imported, games, reviews) VALUES ($1, $2, $3, $4)`,
			fingerprint, d.now().Unix(), games, len(f.Reviews))
		return err
	})
	if err != nil {
		return false, nil, fmt.Errorf("importing the player's files: %w", err)
	}
	return imported, refused, nil
}

// importGames adds the lines of the history of f, then its games that
// waited for it, to the history of the player of fingerprint, as Import
// says, in tx, adding the games refused a rank to refused. It returns the
// number of lines added.
func (d *DB) importGames(ctx context.Context, tx *sql.Tx, fingerprint string, f Files, refused *[]error) (int, error) {
	added := 0
	add := func(g *history.Game, line []byte) error {
		id := ""
		if g != nil {
			id = g.ID
		}
		ok, err := d.appendLine(ctx, tx, fingerprint, id, line)
		if err != nil || !ok {
			return err
		}
		added++
		if g == nil || !claimsRank(g) {
			return nil
		}
		if _, err := d.rank(ctx, tx, fingerprint, *g); errors.Is(err, ErrRefused) {
			*refused = append(*refused, err)
		} else if err != nil {
			return err
		}
		return nil
	}
	for _, line := range f.History {
		e, _ := history.Decode(line) // a line of a newer version is kept as it is, of no ID
		if err := add(e.Game, line); err != nil {
			return added, err
		}
	}
	for _, g := range f.Unrecorded {
		line, err := json.Marshal(g)
		if err != nil {
			return added, err
		}
		if err := add(&g, line); err != nil {
			return added, err
		}
	}
	return added, nil
}
