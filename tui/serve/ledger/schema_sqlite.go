//go:build serve

package ledger

import (
	"context"
	"database/sql"
)

// The schema's steps in SQLite: STRICT tables, integers for booleans and
// times, BLOBs for bytes.

// sqliteSchema1 makes the first tables: a player is their key's fingerprint; a
// game is known by its player and ID. Its transcript is kept, its moves as
// letters (engine.Direction.Letter), so that it can be replayed again.
func sqliteSchema1(ctx context.Context, tx *sql.Tx, _ Key) error {
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

// sqliteSchema2 gives every player a name, the default one of their fingerprint
// (see DefaultName) until they choose one, and indexes the games by daily
// challenge.
func sqliteSchema2(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
ALTER TABLE players ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN chosen INTEGER NOT NULL DEFAULT 0; -- 1 once the player chose their name
CREATE INDEX games_daily ON games(daily, player, finished);`)
	if err != nil {
		return err
	}
	if err := nameAll(ctx, tx, sqliteSameName); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `CREATE UNIQUE INDEX players_name ON players(name COLLATE NOCASE)`)
	return err
}

// sqliteSchema3 keeps each player's game in progress, as the game encodes it
// (its file's JSON, game.json), and the saved games that could not be
// decoded, set aside rather than written over. A player's saved game may
// come before the player is in players (a first game, not yet ranked): it
// is theirs by fingerprint alone.
func sqliteSchema3(ctx context.Context, tx *sql.Tx, _ Key) error {
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

// sqliteSchema4 signs every game with the server's key (see Key.sign): the
// games recorded before are taken as they stand, and from then on a row
// changed outside the ledger no longer matches its signature, and is set
// aside in forged_games at the next opening.
func sqliteSchema4(ctx context.Context, tx *sql.Tx, key Key) error {
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
	return signAll(ctx, tx, key)
}

// sqliteSchema5 keeps the skeletons of each player's name (see skeleton), by
// which a name that looks like another player's is refused. Names taken
// before that look alike stay as they are.
func sqliteSchema5(ctx context.Context, tx *sql.Tx, _ Key) error {
	if _, err := tx.ExecContext(ctx, `
ALTER TABLE players ADD COLUMN skeleton TEXT NOT NULL DEFAULT '';       -- of name as written: names that look alike share it
ALTER TABLE players ADD COLUMN skeleton_lower TEXT NOT NULL DEFAULT ''; -- of name in lower case
CREATE INDEX players_skeleton ON players(skeleton);
CREATE INDEX players_skeleton_lower ON players(skeleton_lower);`); err != nil {
		return err
	}
	return skeletonAll(ctx, tx)
}

// sqliteSchema6 keeps the rest of each player's data: their history, a line
// a game as package history encodes it, in the order the games were left,
// and its index as package history encodes it (history.Index), which
// spares replaying every game at each login; the reviews of their games,
// as package reviewcache encodes them, by the name the review's file had;
// their preferences, the text of the file a local game keeps them in
// (config.toml); and the players whose files, kept by a server of an
// earlier version, were imported (see DB.Import); and the holds of the
// players whose data a game holds (see DB.Hold). A history
// is the player's own, by fingerprint alone, as a saved game is: a game
// that ranks is in games too, written in the same transaction.
func sqliteSchema6(ctx context.Context, tx *sql.Tx, _ Key) error {
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
CREATE TABLE prefs (
	player  TEXT PRIMARY KEY,
	prefs   BLOB NOT NULL,   -- the text of config.toml, TOML, as the game writes it (package prefs)
	updated INTEGER NOT NULL -- Unix seconds
) STRICT;
CREATE TABLE imported (
	player   TEXT PRIMARY KEY,
	imported INTEGER NOT NULL, -- Unix seconds, when the player's files were imported
	games    INTEGER NOT NULL, -- the lines taken into their history
	reviews  INTEGER NOT NULL  -- the reviews taken
) STRICT;
CREATE TABLE holds (
	player  TEXT PRIMARY KEY, -- the fingerprint of the player whose data a game holds
	server  TEXT NOT NULL,    -- the random ID of the server of that game
	expires INTEGER NOT NULL  -- Unix milliseconds, when the hold ends unless renewed
) STRICT;`)
	return err
}

// sqliteSchema7 keeps each player's practice, the puzzles of their games
// and their ratings as package deck encodes them, and the practices set
// aside because they did not decode, kept for the operator.
func sqliteSchema7(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE practice (
	player  TEXT PRIMARY KEY,
	data    BLOB NOT NULL,   -- deck.Encode of the player's practice
	updated INTEGER NOT NULL -- Unix seconds
) STRICT;
CREATE TABLE practice_aside (
	player    TEXT NOT NULL,
	data      BLOB NOT NULL,   -- the practice that did not decode, as it was
	set_aside INTEGER NOT NULL -- Unix seconds
) STRICT;
CREATE INDEX practice_aside_player ON practice_aside(player);`)
	return err
}

// sqliteSchema8 keeps the races between friends, so that a race made on
// one server is joined and watched from another (see DB.CreateRace): a
// race's code, its seed and how it ended, and its seats, each where its
// player's game stands. A race lives as long as its players play it, and
// is deleted when both have left.
func sqliteSchema8(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE races (
	code   TEXT PRIMARY KEY,  -- what the friend types to join
	seed   INTEGER NOT NULL,  -- the seed both play, its 64 bits as a signed integer
	opens  INTEGER NOT NULL,  -- Unix milliseconds: the code lets a friend in until then; 0 once one came
	result INTEGER NOT NULL,  -- 0 while on; the seat that won plus 1; or 3, tied
	reason INTEGER NOT NULL   -- what decided it (race.Reason), 0 while on
) STRICT;
CREATE TABLE race_seats (
	code   TEXT NOT NULL,     -- the race's
	seat   INTEGER NOT NULL,  -- 0 opened the race, 1 joined it
	player TEXT NOT NULL,     -- the fingerprint of the player's key
	name   TEXT NOT NULL,     -- their name on the leaderboards, '' for none yet
	board  INTEGER NOT NULL,  -- engine.Board, its 64 bits as a signed integer
	score  INTEGER NOT NULL,
	moves  INTEGER NOT NULL,
	ended  INTEGER NOT NULL,  -- 1: no move is left
	won    INTEGER NOT NULL,  -- 1: the game made 2048
	gone   INTEGER NOT NULL,  -- 1: the player left the race
	alive  INTEGER NOT NULL,  -- Unix milliseconds: the seat's server renews it; past it, the seat is left
	PRIMARY KEY (code, seat)
) STRICT;
CREATE UNIQUE INDEX race_seats_player ON race_seats(player) WHERE gone = 0;`)
	return err
}

// sqliteSchema9 keeps each player's first answer to the daily puzzle of a
// day (see DB.AnswerPuzzle), one a day, indexed in the order of its
// board.
func sqliteSchema9(ctx context.Context, tx *sql.Tx, _ Key) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE puzzle_answers (
	player   TEXT NOT NULL,    -- the fingerprint of the player's key
	date     TEXT NOT NULL,    -- the day of the daily puzzle, YYYY-MM-DD
	solved   INTEGER NOT NULL, -- 1: the answer was right
	took     INTEGER NOT NULL, -- milliseconds from the puzzle shown to the answer
	answered INTEGER NOT NULL, -- Unix milliseconds
	PRIMARY KEY (date, player)
) STRICT;
CREATE INDEX puzzle_answers_board ON puzzle_answers(date, solved, took, answered, player);`)
	return err
}
