//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// The preferences of each player are kept here as the text a local game
// keeps in its file (config.toml): TOML, its comments and order kept,
// edited in place by package prefs. The ledger stores the bytes; the
// server reads and writes them (prefs.Storage). A setting is the
// player's to change again, so it is kept without waiting for the disk.

// LoadPrefs returns the text of the preferences of the player of
// fingerprint; ok is false if the ledger keeps none.
func (d *DB) LoadPrefs(fingerprint string) (text []byte, ok bool, err error) {
	err = d.db.QueryRow(`SELECT prefs FROM prefs WHERE player = $1`, fingerprint).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("reading the preferences: %w", err)
	}
	if text == nil {
		text = []byte{} // kept, and empty
	}
	return text, true, nil
}

// SavePrefs keeps text as the preferences of the player of fingerprint,
// in place of those kept before, in one commit.
func (d *DB) SavePrefs(fingerprint string, text []byte) error {
	if err := d.checkHold(fingerprint); err != nil {
		return fmt.Errorf("keeping the preferences: %w", err)
	}
	_, err := d.db.Exec(`
INSERT INTO prefs (player, prefs, updated) VALUES ($1, $2, $3)
ON CONFLICT (player) DO UPDATE SET prefs = excluded.prefs, updated = excluded.updated`,
		fingerprint, nonNil(text), d.now().Unix())
	if err != nil {
		return fmt.Errorf("keeping the preferences: %w", err)
	}
	return nil
}

// importPrefs keeps text, the preferences of a player's files, as the
// preferences of the player of fingerprint in tx (see Import), unless
// text is nil (no file) or the ledger keeps theirs already: those were
// written since, by a session that read the same file (see the server's
// ledgerPrefs), and are newer.
func importPrefs(ctx context.Context, tx *sql.Tx, fingerprint string, text []byte, now time.Time) error {
	if text == nil {
		return nil
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO prefs (player, prefs, updated) VALUES ($1, $2, $3)
ON CONFLICT (player) DO NOTHING`, fingerprint, nonNil(text), now.Unix())
	return err
}

// nonNil returns text, or an empty text for nil: a BLOB NOT NULL of no
// bytes, where the driver would write a nil slice as NULL.
func nonNil(text []byte) []byte {
	if text == nil {
		return []byte{}
	}
	return text
}
