//go:build serve

// Package ledger keeps the data of the players of 2048 serve: the players,
// by the fingerprints of their keys, with the names they chose; their
// games in progress (see DB.SaveGame); their histories of finished games
// and the leaderboards ranked from them (see DB.AppendHistory); and the
// reviews of their games; in one SQLite database (modernc.org/sqlite, no
// cgo).
//
// A game is ranked only once its moves, replayed from its seed by the
// engine, give the score and the board it claims (see DB.Record), and once
// only: a game is known by its player and its ID, the ID its line in the
// player's history carries. A game is ranked in the transaction that adds
// it to the history, so the two never disagree.
//
// The database is written ahead (WAL) with synchronous=NORMAL: a process
// killed never loses a commit nor damages the file, and a power cut may
// lose the last commits only: the last moves of a game in progress, as a
// game's file written without sync would. A game added to a history, and
// a game saved as it ends or a session does, waits for the disk
// (synchronous=FULL for that commit): a power cut loses none of them. FULL
// at every commit would sync the log at every move.
//
// The package holds no Charm import: the server opens the ledger, and the
// game sees it through an interface of its own.
package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"strings"
	"time"

	"modernc.org/sqlite" // the database/sql driver "sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// busyTimeout is how long a statement waits for a lock held by another
// connection to the file (another process reading it, the sqlite3 shell of
// an operator) before it fails.
const busyTimeout = 5 * time.Second

// A DB is an open ledger. Its methods may be called from many goroutines:
// they share one connection, so that the writes are one at a time.
type DB struct {
	db     *sql.DB
	key    Key
	forged []string         // the games set aside at the opening, their rows changed outside the ledger
	now    func() time.Time // the clock: time.Now, but for tests
	holds  holds            // the players whose data a game holds (see Hold)
}

// Options say how a ledger is opened.
type Options struct {
	Key Key // the server's secret: it deals the daily challenges and signs the games
	// Full checks the whole file before anything is written to it
	// (PRAGMA integrity_check: every index against its table), where the
	// default checks its structure (quick_check: every page and record),
	// in a fraction of the time.
	Full bool
}

// Open opens the ledger at path, creating the file if need be: it checks
// an existing file first, and refuses one that is damaged, writing
// nothing to it; brings its schema up to the latest version (see
// migrations); and sets aside the games whose rows do not carry the key's
// signature (see Forged).
func Open(path string, opt Options) (*DB, error) {
	if err := check(path, opt.Full); err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "foreign_keys(1)")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("the ledger %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	db.SetConnMaxIdleTime(0)
	d := &DB{db: db, key: opt.Key, now: time.Now}
	ctx := context.Background()
	if err := migrate(ctx, db, opt.Key, len(migrations)); err != nil {
		db.Close()
		return nil, fmt.Errorf("the ledger %s: %w", path, noRoom(err, path))
	}
	if d.forged, err = d.setAsideForged(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("the ledger %s: %w", path, err)
	}
	return d, nil
}

// A DamagedError says that a ledger's file failed its check: the server
// must not write to it.
type DamagedError struct {
	Path  string
	Check string   // the check: quick_check or integrity_check
	Found []string // what it found, or the error that stopped it
}

// Error says what was found, and what to do.
func (e *DamagedError) Error() string {
	found := strings.Join(e.Found, "; ")
	if len(found) > 300 {
		found = found[:300] + "…"
	}
	return fmt.Sprintf("the ledger %s is damaged (PRAGMA %s: %s): nothing was written to it. "+
		"Restore it from a backup: it holds the players' histories and games, "+
		"which an empty ledger, started in its place, would not have", e.Path, e.Check, found)
}

// check checks the ledger at path, if there is one, on a connection that
// only reads: its structure, or all of it if full.
func check(path string, full bool) error {
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil // a new ledger
	}
	pragma := "quick_check"
	if full {
		pragma = "integrity_check"
	}
	damaged := func(found ...string) error { return &DamagedError{Path: path, Check: pragma, Found: found} }
	q := url.Values{}
	q.Add("mode", "ro")
	if _, err := os.Lstat(path + "-wal"); errors.Is(err, fs.ErrNotExist) {
		// No journal to read with it: the file alone, as a file that
		// cannot change, for which SQLite makes no journal nor shared
		// memory beside it.
		q.Add("immutable", "1")
	}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return fmt.Errorf("the ledger %s: %w", path, err)
	}
	defer db.Close()
	rows, err := db.Query("PRAGMA " + pragma)
	if err != nil {
		return damaged(err.Error())
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return damaged(err.Error())
		}
		found = append(found, s)
	}
	if err := rows.Err(); err != nil {
		return damaged(err.Error())
	}
	if len(found) != 1 || found[0] != "ok" {
		return damaged(found...)
	}
	return nil
}

// Forged returns the games set aside when the ledger was opened, because
// their rows do not carry the key's signature: changed in the file by
// something other than the ledger. Each is "PLAYER/ID".
func (d *DB) Forged() []string { return d.forged }

// DailySeed returns the seed of the daily challenge of date, as the
// ledger's key deals it (see Key.DailySeed).
func (d *DB) DailySeed(date string) (uint64, error) { return d.key.DailySeed(date) }

// noRoom returns err, saying what it means if SQLite could not make its
// shared memory (path-shm, some 32 KB, made when the file is opened): on a
// full disk SQLite says "disk I/O error (4874)", which reads like a disk
// that fails.
func noRoom(err error, path string) error {
	var e *sqlite.Error
	if errors.As(err, &e) && e.Code() == sqlite3.SQLITE_IOERR_SHMSIZE {
		return fmt.Errorf("%w: no room for %s-shm: is the disk full?", err, path)
	}
	return err
}

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

// Version returns the version of the schema of the file (PRAGMA user_version).
func (d *DB) Version() (int, error) {
	return version(context.Background(), d.db)
}

// IntegrityCheck runs SQLite's PRAGMA integrity_check and returns nil if it
// says ok, else an error with what it found.
func (d *DB) IntegrityCheck() error {
	rows, err := d.db.Query("PRAGMA integrity_check")
	if err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return fmt.Errorf("integrity check: %w", err)
		}
		found = append(found, s)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	if len(found) == 1 && found[0] == "ok" {
		return nil
	}
	return fmt.Errorf("integrity check: %q", found)
}

// ErrRefused is wrapped by the error of a game that is not stored because
// it is not what it claims (see DB.Record).
var ErrRefused = errors.New("game refused")
