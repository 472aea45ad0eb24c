//go:build serve

package ledger

import (
	"context"
	"database/sql"
)

// The schema's steps in PostgreSQL, each that of SQLite of the same
// version (see schema_sqlite.go) in PostgreSQL's types: BIGINT for
// SQLite's integers (times in Unix seconds among them), BOOLEAN for its
// integers that are 0 or 1, BYTEA for its BLOBs. The games carry a column
// of their own, recorded, that orders them as they were recorded, as
// SQLite's rowid does.

// postgresSchema1 makes the first tables (see sqliteSchema1).
func postgresSchema1(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE players (
	fingerprint TEXT PRIMARY KEY,
	created     BIGINT NOT NULL
);
CREATE TABLE games (
	player   TEXT NOT NULL REFERENCES players(fingerprint),
	id       TEXT NOT NULL,
	seed     BIGINT NOT NULL,
	daily    TEXT NOT NULL,
	score    BIGINT NOT NULL,
	tile     BIGINT NOT NULL,
	moves    BIGINT NOT NULL,
	undos    BIGINT NOT NULL,
	assisted BOOLEAN NOT NULL,
	finished BIGINT NOT NULL,
	path     TEXT NOT NULL,
	recorded BIGINT GENERATED ALWAYS AS IDENTITY,
	PRIMARY KEY (player, id)
);
CREATE INDEX games_best ON games(assisted, score);`)
	return err
}

// postgresSchema2 gives every player a name (see sqliteSchema2), unique
// whatever the case of its ASCII letters, as SQLite's NOCASE compares.
func postgresSchema2(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
ALTER TABLE players ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN chosen BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX games_daily ON games(daily, player, finished);`)
	if err != nil {
		return err
	}
	if err := nameAll(ctx, tx, postgresDialect.sameName); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `CREATE UNIQUE INDEX players_name ON players((`+asciiLower("name")+`))`)
	return err
}

// postgresSchema3 keeps each player's game in progress, and the saved
// games that could not be decoded (see sqliteSchema3).
func postgresSchema3(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE saved_games (
	player  TEXT PRIMARY KEY,
	version BIGINT NOT NULL,
	game    TEXT NOT NULL,
	updated BIGINT NOT NULL
);
CREATE TABLE damaged_games (
	player    TEXT NOT NULL,
	version   BIGINT NOT NULL,
	game      TEXT NOT NULL,
	updated   BIGINT NOT NULL,
	set_aside BIGINT NOT NULL,
	why       TEXT NOT NULL
);`)
	return err
}

// postgresSchema4 signs every game with the server's key (see
// sqliteSchema4).
func postgresSchema4(ctx context.Context, tx *sql.Tx, key Key) error {
	if _, err := tx.ExecContext(ctx, `
ALTER TABLE games ADD COLUMN mac BYTEA NOT NULL DEFAULT ''::bytea;
CREATE TABLE forged_games (
	player    TEXT NOT NULL,
	id        TEXT NOT NULL,
	seed      BIGINT NOT NULL,
	daily     TEXT NOT NULL,
	score     BIGINT NOT NULL,
	tile      BIGINT NOT NULL,
	moves     BIGINT NOT NULL,
	undos     BIGINT NOT NULL,
	assisted  BOOLEAN NOT NULL,
	finished  BIGINT NOT NULL,
	path      TEXT NOT NULL,
	mac       BYTEA NOT NULL,
	set_aside BIGINT NOT NULL
);`); err != nil {
		return err
	}
	return signAll(ctx, tx, key)
}

// postgresSchema5 keeps the skeletons of each player's name (see
// sqliteSchema5).
func postgresSchema5(ctx context.Context, tx *sql.Tx, _ Key) error {
	if _, err := tx.ExecContext(ctx, `
ALTER TABLE players ADD COLUMN skeleton TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN skeleton_lower TEXT NOT NULL DEFAULT '';
CREATE INDEX players_skeleton ON players(skeleton);
CREATE INDEX players_skeleton_lower ON players(skeleton_lower);`); err != nil {
		return err
	}
	return skeletonAll(ctx, tx)
}

// postgresSchema6 keeps the rest of each player's data: their history and
// its index, the reviews of their games, the players whose files were
// imported, and the holds of players' data (see sqliteSchema6).
func postgresSchema6(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE history (
	player TEXT NOT NULL,
	seq    BIGINT NOT NULL,
	id     TEXT NOT NULL,
	line   TEXT NOT NULL,
	PRIMARY KEY (player, seq)
);
CREATE INDEX history_id ON history(player, id);
CREATE TABLE history_index (
	player TEXT PRIMARY KEY,
	data   BYTEA NOT NULL
);
CREATE TABLE reviews (
	player  TEXT NOT NULL,
	name    TEXT NOT NULL,
	review  BYTEA NOT NULL,
	updated BIGINT NOT NULL,
	PRIMARY KEY (player, name)
);
CREATE TABLE prefs (
	player  TEXT PRIMARY KEY,
	prefs   BYTEA NOT NULL,
	updated BIGINT NOT NULL
);
CREATE TABLE imported (
	player   TEXT PRIMARY KEY,
	imported BIGINT NOT NULL,
	games    BIGINT NOT NULL,
	reviews  BIGINT NOT NULL
);
CREATE TABLE holds (
	player  TEXT PRIMARY KEY,
	server  TEXT NOT NULL,
	expires BIGINT NOT NULL
);`)
	return err
}

// postgresSchema7 keeps each player's practice, and the practices set
// aside (see sqliteSchema7).
func postgresSchema7(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE practice (
	player  TEXT PRIMARY KEY,
	data    BYTEA NOT NULL,
	updated BIGINT NOT NULL
);
CREATE TABLE practice_aside (
	player    TEXT NOT NULL,
	data      BYTEA NOT NULL,
	set_aside BIGINT NOT NULL
);
CREATE INDEX practice_aside_player ON practice_aside(player);`)
	return err
}

// postgresSchema8 keeps the races between friends (see sqliteSchema8).
func postgresSchema8(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE races (
	code   TEXT PRIMARY KEY,
	seed   BIGINT NOT NULL,
	opens  BIGINT NOT NULL,
	result INTEGER NOT NULL,
	reason INTEGER NOT NULL
);
CREATE TABLE race_seats (
	code   TEXT NOT NULL,
	seat   INTEGER NOT NULL,
	player TEXT NOT NULL,
	name   TEXT NOT NULL,
	board  BIGINT NOT NULL,
	score  BIGINT NOT NULL,
	moves  BIGINT NOT NULL,
	ended  INTEGER NOT NULL,
	won    INTEGER NOT NULL,
	gone   INTEGER NOT NULL,
	alive  BIGINT NOT NULL,
	PRIMARY KEY (code, seat)
);
CREATE UNIQUE INDEX race_seats_player ON race_seats(player) WHERE gone = 0;`)
	return err
}

// postgresSchema9 keeps each player's first answer to the daily puzzle of
// a day (see sqliteSchema9).
func postgresSchema9(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE puzzle_answers (
	player   TEXT NOT NULL,
	date     TEXT NOT NULL,
	solved   INTEGER NOT NULL,
	took     BIGINT NOT NULL,
	answered BIGINT NOT NULL,
	PRIMARY KEY (date, player)
);
CREATE INDEX puzzle_answers_board ON puzzle_answers(date, solved, took, answered, player);`)
	return err
}
