//go:build serve

// Package ledger keeps the data of the players of 2048 serve: the players,
// by the fingerprints of their keys, with the names they chose; their
// games in progress (see DB.SaveGame); their histories of finished games
// and the leaderboards ranked from them (see DB.AppendHistory); and the
// reviews of their games; the races between friends, which servers
// sharing the ledger share (see DB.CreateRace); in one database: a SQLite file
// (modernc.org/sqlite, no cgo), or PostgreSQL (pgx), which several servers
// may share (see Open).
//
// A game is ranked only once its moves, replayed from its seed by the
// engine, give the score and the board it claims (see DB.Record), and once
// only: a game is known by its player and its ID, the ID its line in the
// player's history carries. A game is ranked in the transaction that adds
// it to the history, so the two never disagree.
//
// In SQLite, the database is written ahead (WAL) with synchronous=NORMAL:
// a process killed never loses a commit nor damages the file, and a power
// cut may lose the last commits only: the last moves of a game in
// progress, as a game's file written without sync would. A game added to
// a history, and a game saved as it ends or a session does, waits for the
// disk (synchronous=FULL for that commit): a power cut loses none of them.
// FULL at every commit would sync the log at every move. In PostgreSQL
// every commit waits for the disk.
//
// The package holds no Charm import: the server opens the ledger, and the
// game sees it through an interface of its own.
package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// A DB is an open ledger. Its methods may be called from many goroutines:
// in SQLite they share one connection, so that the writes are one at a
// time; in PostgreSQL they run beside each other, in transactions that
// PostgreSQL keeps apart (see IsPostgres).
type DB struct {
	db      *sql.DB
	dialect *dialect         // what the database's SQL says its own way
	key     Key              // the server's secret
	forged  []string         // the games set aside at the opening, their rows changed outside the ledger
	now     func() time.Time // the clock: time.Now, but for tests
	holds   holds            // the players whose data a game holds, and their heartbeat (see Hold)
}

// Options say how a ledger is opened.
type Options struct {
	Key Key // the server's secret: it deals the daily challenges and signs the games
	// Full checks the whole of a SQLite file before anything is written
	// to it (PRAGMA integrity_check: every index against its table),
	// where the default checks its structure (quick_check: every page and
	// record), in a fraction of the time. PostgreSQL checks itself: Full
	// does nothing there.
	Full bool

	// OnLost, if set, is told of the players whose holds this server has
	// lost (see ErrHoldLost), from the heartbeat, or from the write that
	// found it: their games must end, and write nothing more.
	OnLost func(players []string)

	// For tests of the servers that share a ledger: how long a hold lasts
	// without renewal, renewed three times a lifetime (zero: 30
	// seconds, see holdLifetime); and a function asked before each
	// renewal, whose error fails it as a database out of reach would.
	HoldLifetime time.Duration
	RenewFault   func() error

	// For the ledger's tests: the clock, and how often a hold is renewed,
	// where zero is time.Now and HoldLifetime / 3; and a function told
	// after each beat of the heartbeat.
	clock       func() time.Time
	holdRenewal time.Duration
	beat        func()
}

// Open opens the ledger at source: a PostgreSQL database if source is its
// URL (see IsPostgres), else the SQLite file of that path, made if need
// be, which is checked first, and refused if damaged, with nothing written
// to it (see DamagedError). It brings the schema up to the latest version
// (see migrations), refusing a newer one; and sets aside the games whose
// rows do not carry the key's signature (see Forged).
func Open(source string, opt Options) (*DB, error) {
	if IsPostgres(source) {
		return openPostgres(source, opt)
	}
	return openSQLite(source, opt)
}

// Forged returns the games set aside when the ledger was opened, because
// their rows do not carry the key's signature: changed in the file by
// something other than the ledger. Each is "PLAYER/ID".
func (d *DB) Forged() []string { return d.forged }

// DailySeed returns the seed of the daily challenge of date, as the
// ledger's key deals it (see Key.DailySeed).
func (d *DB) DailySeed(date string) (uint64, error) { return d.key.DailySeed(date) }

// Close stops renewing the holds of players' data (see Hold), which
// expire if no game releases them, and closes the database.
func (d *DB) Close() error {
	d.stopHeartbeat()
	return d.db.Close()
}

// Version returns the version of the schema of the database.
func (d *DB) Version() (int, error) {
	v, err := d.dialect.version(context.Background(), d.db)
	if err != nil {
		return 0, fmt.Errorf("the schema's version: %w", err)
	}
	return v, nil
}

// IntegrityCheck checks the database: in SQLite, PRAGMA integrity_check,
// nil if it says ok, else an error with what it found; PostgreSQL checks
// its own pages as it reads them, and the check is that it answers.
func (d *DB) IntegrityCheck() error {
	if d.dialect != sqliteDialect {
		return d.db.PingContext(context.Background())
	}
	return sqliteIntegrityCheck(d.db)
}

// ErrRefused is wrapped by the error of a game that is not stored because
// it is not what it claims (see DB.Record).
var ErrRefused = errors.New("game refused")
