//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
)

// The schema's versions, each a step from the one before, the version
// kept in the database (in SQLite the file's PRAGMA user_version, in
// PostgreSQL the table ledger_version). A database of an older version is
// brought up to date when it is opened, each step in a transaction of its
// own; a database of a newer version than this program knows is refused.
//
//  1. players (by fingerprint) and their games.
//  2. the players' names, unique whatever the case of ASCII letters, and
//     an index of the games by daily challenge and score for the boards.
//  3. the players' games in progress, and those set aside as damaged.
//  4. each game signed by the server's key, and the games whose rows were
//     changed outside the ledger set aside.
//  5. the skeleton of each player's name, by which names that look alike
//     are one.
//  6. each player's history of finished games, its index, the reviews
//     of their games and their preferences, which servers of earlier
//     versions kept in the player's files, the players whose files
//     were imported, and the holds of the players whose data a game
//     holds, which servers that share the database see.
//  7. each player's practice (package deck), and the practices set
//     aside because they did not decode.
//  8. the races between friends and their seats, so that a race made on
//     one server is joined and watched from another.
//  9. each player's first answer to the daily puzzle of a day, for its
//     board.
var migrations = []migration{
	{sqliteSchema1, postgresSchema1},
	{sqliteSchema2, postgresSchema2},
	{sqliteSchema3, postgresSchema3},
	{sqliteSchema4, postgresSchema4},
	{sqliteSchema5, postgresSchema5},
	{sqliteSchema6, postgresSchema6},
	{sqliteSchema7, postgresSchema7},
	{sqliteSchema8, postgresSchema8},
	{sqliteSchema9, postgresSchema9},
}

// A migration is a version of the schema, a step from the one before,
// written for each database. The data a step fills in is filled by the
// same code for both (nameAll, signAll, skeletonAll).
type migration struct {
	sqlite, postgres migrationStep
}

// A migrationStep makes the schema of a version from the one before in
// tx, key signing the games when they come to be signed.
type migrationStep func(ctx context.Context, tx *sql.Tx, key Key) error

// nameAll gives every player the default name of their fingerprint, as
// version 2 knew them (no skeletons yet): the players first in the ledger
// first. sameName is the dialect's (see dialect.sameName).
func nameAll(ctx context.Context, tx *sql.Tx, sameName string) error {
	rows, err := tx.QueryContext(ctx, `SELECT fingerprint FROM players ORDER BY created, fingerprint`)
	if err != nil {
		return err
	}
	var players []string
	for rows.Next() {
		var fp string
		if err := rows.Scan(&fp); err != nil {
			rows.Close()
			return err
		}
		players = append(players, fp)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, fp := range players {
		// Names as version 2 knew them: no skeletons yet (see schema5).
		name, err := firstFreeName(fp, func(name string) (n int, err error) {
			err = tx.QueryRowContext(ctx, `SELECT count(*) FROM players WHERE `+sameName+` AND fingerprint <> $2`, name, fp).Scan(&n)
			return n, err
		})
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE players SET name = $1 WHERE fingerprint = $2`, name, fp); err != nil {
			return err
		}
	}
	return nil
}

// signAll signs every game with key (see Key.sign).
func signAll(ctx context.Context, tx *sql.Tx, key Key) error {
	rows, err := readGameRows(ctx, tx)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if _, err := tx.ExecContext(ctx, `UPDATE games SET mac = $1 WHERE player = $2 AND id = $3`, key.sign(r.gameRow), r.player, r.id); err != nil {
			return err
		}
	}
	return nil
}

// skeletonAll keeps the skeletons of every player's name (see skeleton).
func skeletonAll(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT fingerprint, name FROM players`)
	if err != nil {
		return err
	}
	names := map[string]string{}
	for rows.Next() {
		var fp, name string
		if err := rows.Scan(&fp, &name); err != nil {
			rows.Close()
			return err
		}
		names[fp] = name
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for fp, name := range names {
		written, lower := skeleton(name)
		if _, err := tx.ExecContext(ctx, `UPDATE players SET skeleton = $1, skeleton_lower = $2 WHERE fingerprint = $3`, written, lower, fp); err != nil {
			return err
		}
	}
	return nil
}

// migrate brings the schema of db, a database of dialect dl, up to
// version to, one step at a time, key signing the games when they come to
// be signed, on one connection, which holds the dialect's lock of the
// schema if it has one: another server that migrates the same database
// waits, and then finds its steps done. A schema of a newer version than
// this program knows is refused.
func migrate(ctx context.Context, db *sql.DB, dl *dialect, key Key, to int) error {
	c, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	if dl.lockSchema != "" {
		if _, err := c.ExecContext(ctx, dl.lockSchema); err != nil {
			return fmt.Errorf("waiting for the schema: %w", err)
		}
		defer func() {
			if _, err := c.ExecContext(ctx, dl.unlockSchema); err != nil {
				c.Raw(func(any) error { return driver.ErrBadConn }) // closed, the lock with it
			}
		}()
	}
	v, err := dl.version(ctx, c)
	if err != nil {
		return fmt.Errorf("the schema's version: %w", err)
	}
	if v > len(migrations) {
		return fmt.Errorf("the schema's version is %d, newer than this program's %d", v, len(migrations))
	}
	for ; v < to; v++ {
		if err := step(ctx, c, dl, key, v+1); err != nil {
			return fmt.Errorf("the schema from version %d to %d: %w", v, v+1, err)
		}
	}
	return nil
}

// step makes the schema version v from version v-1, on c, in one
// transaction with the version's change.
func step(ctx context.Context, c *sql.Conn, dl *dialect, key Key, v int) error {
	tx, err := c.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := dl.migration(migrations[v-1])(ctx, tx, key); err != nil {
		return err
	}
	if err := dl.setVersion(ctx, tx, v); err != nil {
		return err
	}
	return tx.Commit()
}
