//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/term2048/2048/tui/playerdata"
)

// The game in progress of each player is kept here as playerdata encodes
// it (playerdata.EncodeSavedGame: UTF-8 text, JSON, kept as TEXT), with
// the version of that encoding; a game kept that does not decode is never
// written over, but set aside (see SetAside) by the server, which tells
// the player.

// An UndecodableError says that the game in progress kept for a player
// does not decode: it is left as it is until SetAside moves it to the
// damaged games.
type UndecodableError struct {
	Err error // why it does not decode
}

// Error says that the saved game cannot be read, and why.
func (e *UndecodableError) Error() string {
	return fmt.Sprintf("the saved game cannot be read (%v)", e.Err)
}

// Unwrap returns why the game does not decode.
func (e *UndecodableError) Unwrap() error { return e.Err }

// The errors of LoadGame, SaveGame and SetAside are shown to the player
// whose game it is: they do not name the player's key, which the player
// knows, and which at 80 columns would take a line of their screen.

// LoadGame returns the game in progress of the player of fingerprint; ok
// is false if the player has none. A game kept that does not decode gives
// an *UndecodableError, and ok is true: it is there, and stays until set
// aside.
func (d *DB) LoadGame(fingerprint string) (g playerdata.SavedGame, ok bool, err error) {
	var data []byte
	err = d.db.QueryRow(`SELECT game FROM saved_games WHERE player = $1`, fingerprint).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return playerdata.SavedGame{}, false, nil
	}
	if err != nil {
		return playerdata.SavedGame{}, false, fmt.Errorf("reading the saved game: %w", err)
	}
	g, err = playerdata.DecodeSavedGame(data)
	if err != nil {
		return playerdata.SavedGame{}, true, &UndecodableError{err}
	}
	return g, true, nil
}

// SaveGame makes g the game in progress of the player of fingerprint, in
// place of the one before, in one commit. Without sync the commit is as
// durable as every other (synchronous=NORMAL: a process killed loses
// nothing, a power cut may lose the last commits); with sync the log is
// on the disk before SaveGame returns (synchronous=FULL for this commit),
// as the game asks when a game ends or a session does.
func (d *DB) SaveGame(fingerprint string, g playerdata.SavedGame, sync bool) error {
	if err := d.checkHold(fingerprint); err != nil {
		return fmt.Errorf("saving the game: %w", err)
	}
	data, err := playerdata.EncodeSavedGame(g)
	if err != nil {
		return fmt.Errorf("saving the game: %w", err)
	}
	if err := d.saveGame(fingerprint, data, sync); err != nil {
		return fmt.Errorf("saving the game: %w", err)
	}
	return nil
}

// upsertGame is the statement of SaveGame.
const upsertGame = `
INSERT INTO saved_games (player, version, game, updated) VALUES ($1, $2, $3, $4)
ON CONFLICT (player) DO UPDATE SET version = excluded.version, game = excluded.game, updated = excluded.updated`

// saveGame keeps data, a game in progress encoded, as SaveGame says.
func (d *DB) saveGame(fingerprint string, data []byte, sync bool) error {
	ctx := context.Background()
	if !sync || d.dialect.syncFull == "" {
		_, err := d.db.ExecContext(ctx, upsertGame, fingerprint, playerdata.SavedGameVersion, string(data), d.now().Unix())
		return err
	}
	// The one connection, held for the three statements: no other write
	// commits with FULL, nor this one with NORMAL.
	c, err := d.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	restore, err := d.syncFull(ctx, c)
	if err != nil {
		return err
	}
	defer restore()
	_, err = c.ExecContext(ctx, upsertGame, fingerprint, playerdata.SavedGameVersion, string(data), d.now().Unix())
	return err
}

// SetAside moves the game in progress of the player of fingerprint, one
// the game could not decode for the reason why, to the damaged games, in
// one transaction: the player then has none, and the bytes are kept for an
// operator to look at (see docs/serve-reference.md).
func (d *DB) SetAside(fingerprint, why string) error {
	err := d.inTx(false, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `
INSERT INTO damaged_games (player, version, game, updated, set_aside, why)
SELECT player, version, game, updated, CAST($1 AS BIGINT), CAST($2 AS TEXT) FROM saved_games WHERE player = $3`, d.now().Unix(), why, fingerprint)
		if err == nil {
			_, err = tx.ExecContext(ctx, `DELETE FROM saved_games WHERE player = $1`, fingerprint)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("setting the saved game aside: %w", err)
	}
	return nil
}
