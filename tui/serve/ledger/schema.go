//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"fmt"
)

// The schema's versions, each a step from the one before, the version
// kept in the file's PRAGMA user_version. A file of an older version is
// brought up to date when it is opened, each step in a transaction of its
// own; a file of a newer version than this program knows is refused.
//
//  1. players (by fingerprint) and their games.
//  2. the players' names, unique whatever the case of ASCII letters, and
//     an index of the games by daily challenge and score for the boards.
//  3. the players' games in progress, and those set aside as damaged.
//  4. each game signed by the server's key, and the games whose rows were
//     changed outside the ledger set aside.
//  5. the skeleton of each player's name, by which names that look alike
//     are one.
//  6. each player's history of finished games, its index, and the reviews
//     of their games, which servers of earlier versions kept in the
//     player's files, and the players whose files were imported.
var migrations = []func(ctx context.Context, tx *sql.Tx, key Key) error{
	schema1,
	schema2,
	schema3,
	schema4,
	schema5,
	schema6,
}

// schema1 makes the first tables: a player is their key's fingerprint; a
// game is known by its player and ID. Its transcript is kept, its moves as
// letters (engine.Direction.Letter), so that it can be replayed again.
func schema1(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE players (
	fingerprint TEXT PRIMARY KEY,
	created     INTEGER NOT NULL -- Unix seconds
) STRICT;
CREATE TABLE games (
	player   TEXT NOT NULL REFERENCES players(fingerprint),
	id       TEXT NOT NULL,    -- the ID of the game's line in the player's history
	seed     INTEGER NOT NULL, -- the uint64 seed, its bits as an int64
	daily    TEXT NOT NULL,    -- the date of the daily challenge, or ''
	score    INTEGER NOT NULL,
	tile     INTEGER NOT NULL, -- the highest tile at the end
	moves    INTEGER NOT NULL,
	undos    INTEGER NOT NULL,
	assisted INTEGER NOT NULL, -- 1 if a hint reached the player or the AI played a move
	finished INTEGER NOT NULL, -- Unix seconds, when the game was left
	path     TEXT NOT NULL,    -- the moves, one letter each: U, D, L, R
	PRIMARY KEY (player, id)
) STRICT;
CREATE INDEX games_best ON games(assisted, score);`)
	return err
}

// schema2 gives every player a name, the default one of their fingerprint
// (see DefaultName) until they choose one, and indexes the games by daily
// challenge.
func schema2(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
ALTER TABLE players ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN chosen INTEGER NOT NULL DEFAULT 0; -- 1 once the player chose their name
CREATE INDEX games_daily ON games(daily, player, finished);`)
	if err != nil {
		return err
	}
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
			err = tx.QueryRowContext(ctx, `SELECT count(*) FROM players WHERE name = $1 COLLATE NOCASE AND fingerprint <> $2`, name, fp).Scan(&n)
			return n, err
		})
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE players SET name = $1 WHERE fingerprint = $2`, name, fp); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, `CREATE UNIQUE INDEX players_name ON players(name COLLATE NOCASE)`)
	return err
}

// schema3 keeps each player's game in progress, as the game encodes it
// (its file's JSON, game.json), and the saved games that could not be
// decoded, set aside rather than written over. A player's saved game may
// come before the player is in players (a first game, not yet ranked): it
// is theirs by fingerprint alone.
func schema3(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE saved_games (
	player  TEXT PRIMARY KEY, -- the fingerprint of the player's key
	version INTEGER NOT NULL, -- the version of the encoding of game
	game    TEXT NOT NULL,    -- the game in progress, the JSON of its file, game.json
	updated INTEGER NOT NULL  -- Unix seconds, when it was saved
) STRICT;
CREATE TABLE damaged_games (
	player    TEXT NOT NULL,
	version   INTEGER NOT NULL,
	game      TEXT NOT NULL,
	updated   INTEGER NOT NULL,
	set_aside INTEGER NOT NULL, -- Unix seconds, when it was found not to decode
	why       TEXT NOT NULL     -- what the decoder said
) STRICT;`)
	return err
}

// schema4 signs every game with the server's key (see Key.sign): the
// games recorded before are taken as they stand, and from then on a row
// changed outside the ledger no longer matches its signature, and is set
// aside in forged_games at the next opening.
func schema4(ctx context.Context, tx *sql.Tx, key Key) error {
	if _, err := tx.ExecContext(ctx, `
ALTER TABLE games ADD COLUMN mac BLOB NOT NULL DEFAULT x''; -- the key's signature of the row (see Key.sign)
CREATE TABLE forged_games (
	player    TEXT NOT NULL,
	id        TEXT NOT NULL,
	seed      INTEGER NOT NULL,
	daily     TEXT NOT NULL,
	score     INTEGER NOT NULL,
	tile      INTEGER NOT NULL,
	moves     INTEGER NOT NULL,
	undos     INTEGER NOT NULL,
	assisted  INTEGER NOT NULL,
	finished  INTEGER NOT NULL,
	path      TEXT NOT NULL,
	mac       BLOB NOT NULL,
	set_aside INTEGER NOT NULL -- Unix seconds, when its signature was found wrong
) STRICT;`); err != nil {
		return err
	}
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

// schema5 keeps the skeletons of each player's name (see skeleton), by
// which a name that looks like another player's is refused. Names taken
// before that look alike stay as they are.
func schema5(ctx context.Context, tx *sql.Tx, _ Key) error {
	if _, err := tx.ExecContext(ctx, `
ALTER TABLE players ADD COLUMN skeleton TEXT NOT NULL DEFAULT '';       -- of name as written: names that look alike share it
ALTER TABLE players ADD COLUMN skeleton_lower TEXT NOT NULL DEFAULT ''; -- of name in lower case
CREATE INDEX players_skeleton ON players(skeleton);
CREATE INDEX players_skeleton_lower ON players(skeleton_lower);`); err != nil {
		return err
	}
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

// schema6 keeps the rest of each player's data: their history, a line
// a game as package history encodes it, in the order the games were left,
// and its index as package history encodes it (history.Index), which
// spares replaying every game at each login; the reviews of their games, as package reviewcache encodes them, by the
// name the review's file had; and the players whose files, kept by a
// server of an earlier version, were imported (see DB.Import). A history
// is the player's own, by fingerprint alone, as a saved game is: a game
// that ranks is in games too, written in the same transaction.
func schema6(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE history (
	player TEXT NOT NULL,    -- the fingerprint of the player's key
	seq    INTEGER NOT NULL, -- the line's place in the player's history, from 1
	id     TEXT NOT NULL,    -- the ID of the line's game, '' for a line of none
	line   TEXT NOT NULL,    -- the line, JSON, without its newline
	PRIMARY KEY (player, seq)
) STRICT;
CREATE INDEX history_id ON history(player, id);
CREATE TABLE history_index (
	player TEXT PRIMARY KEY,
	data   BLOB NOT NULL -- history.Index.MarshalBinary of the lines, in order, each with a newline
) STRICT;
CREATE TABLE reviews (
	player  TEXT NOT NULL,
	name    TEXT NOT NULL,    -- the name of the review's file (reviewcache.FileName)
	review  BLOB NOT NULL,    -- the file's bytes (reviewcache.Encode)
	updated INTEGER NOT NULL, -- Unix seconds
	PRIMARY KEY (player, name)
) STRICT;
CREATE TABLE imported (
	player   TEXT PRIMARY KEY,
	imported INTEGER NOT NULL, -- Unix seconds, when the player's files were imported
	games    INTEGER NOT NULL, -- the lines taken into their history
	reviews  INTEGER NOT NULL  -- the reviews taken
) STRICT;`)
	return err
}

// version returns the schema's version of the file of db.
func version(ctx context.Context, db *sql.DB) (int, error) {
	var v int
	if err := db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v); err != nil {
		return 0, fmt.Errorf("the schema's version: %w", err)
	}
	return v, nil
}

// migrate brings the schema of db up to version to, one step at a time,
// key signing the games when they come to be signed.
func migrate(ctx context.Context, db *sql.DB, key Key, to int) error {
	v, err := version(ctx, db)
	if err != nil {
		return err
	}
	if v > len(migrations) {
		return fmt.Errorf("the schema's version is %d, newer than this program's %d", v, len(migrations))
	}
	for ; v < to; v++ {
		if err := step(ctx, db, key, v+1); err != nil {
			return fmt.Errorf("the schema from version %d to %d: %w", v, v+1, err)
		}
	}
	return nil
}

// step makes the schema of db version v from version v-1, in one
// transaction with the version's change.
func step(ctx context.Context, db *sql.DB, key Key, v int) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := migrations[v-1](ctx, tx, key); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, v)); err != nil {
		return err
	}
	return tx.Commit()
}
