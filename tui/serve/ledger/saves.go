//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
)

// The game in progress of each player is kept here as the game encodes it:
// the ledger stores its bytes and their version, and neither reads nor
// checks them; the game decodes them, and a game that does not decode is
// set aside (see SetAside), never written over.

// A SavedGame is a player's game in progress as the ledger keeps it.
type SavedGame struct {
	Version int    // the version of the encoding of Game
	Game    []byte // the game, as the game encodes it: UTF-8 text (JSON), kept as TEXT
}

// The errors of LoadGame, SaveGame and SetAside are shown to the player
// whose game it is: they do not name the player's key, which the player
// knows, and which at 80 columns would take a line of their screen.

// LoadGame returns the game in progress of the player of fingerprint; ok
// is false if the player has none.
func (d *DB) LoadGame(fingerprint string) (g SavedGame, ok bool, err error) {
	err = d.db.QueryRow(`SELECT version, game FROM saved_games WHERE player = ?`, fingerprint).Scan(&g.Version, &g.Game)
	if errors.Is(err, sql.ErrNoRows) {
		return SavedGame{}, false, nil
	}
	if err != nil {
		return SavedGame{}, false, fmt.Errorf("reading the saved game: %w", err)
	}
	return g, true, nil
}

// SaveGame makes g the game in progress of the player of fingerprint, in
// place of the one before, in one commit. Without sync the commit is as
// durable as every other (synchronous=NORMAL: a process killed loses
// nothing, a power cut may lose the last commits); with sync the log is
// on the disk before SaveGame returns (synchronous=FULL for this commit),
// as the game asks when a game ends or a session does.
func (d *DB) SaveGame(fingerprint string, g SavedGame, sync bool) error {
	if err := d.saveGame(fingerprint, g, sync); err != nil {
		return fmt.Errorf("saving the game: %w", err)
	}
	return nil
}

// upsertGame is the statement of SaveGame.
const upsertGame = `
INSERT INTO saved_games (player, version, game, updated) VALUES (?, ?, ?, ?)
ON CONFLICT (player) DO UPDATE SET version = excluded.version, game = excluded.game, updated = excluded.updated`

func (d *DB) saveGame(fingerprint string, g SavedGame, sync bool) error {
	ctx := context.Background()
	if !sync {
		_, err := d.db.ExecContext(ctx, upsertGame, fingerprint, g.Version, string(g.Game), d.now().Unix())
		return err
	}
	// The one connection, held for the three statements: no other write
	// commits with FULL, nor this one with NORMAL.
	c, err := d.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	if _, err := c.ExecContext(ctx, `PRAGMA synchronous = FULL`); err != nil {
		return err
	}
	_, err = c.ExecContext(ctx, upsertGame, fingerprint, g.Version, string(g.Game), d.now().Unix())
	if _, e := c.ExecContext(ctx, `PRAGMA synchronous = NORMAL`); e != nil && err == nil {
		c.Raw(func(any) error { return driver.ErrBadConn }) // not back to the pool with FULL
		err = e
	}
	return err
}

// SetAside moves the game in progress of the player of fingerprint, one
// the game could not decode for the reason why, to the damaged games, in
// one transaction: the player then has none, and the bytes are kept for an
// operator to look at (see docs/serve.md).
func (d *DB) SetAside(fingerprint, why string) error {
	ctx := context.Background()
	tx, err := d.db.BeginTx(ctx, nil)
	if err == nil {
		defer tx.Rollback()
		_, err = tx.ExecContext(ctx, `
INSERT INTO damaged_games (player, version, game, updated, set_aside, why)
SELECT player, version, game, updated, ?, ? FROM saved_games WHERE player = ?`, d.now().Unix(), why, fingerprint)
	}
	if err == nil {
		_, err = tx.ExecContext(ctx, `DELETE FROM saved_games WHERE player = ?`, fingerprint)
	}
	if err == nil {
		err = tx.Commit()
	}
	if err != nil {
		return fmt.Errorf("setting the saved game aside: %w", err)
	}
	return nil
}
