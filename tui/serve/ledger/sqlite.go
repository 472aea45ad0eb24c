//go:build serve

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

// A ledger in SQLite is one file, written ahead (WAL) with
// synchronous=NORMAL, and FULL for the commits that must survive a power
// cut (see the package's comment). Its writes are one at a time, on one
// connection.

// busyTimeout is how long a statement waits for a lock held by another
// connection to the file (another process reading it, the sqlite3 shell of
// an operator) before it fails.
const busyTimeout = 5 * time.Second

// sqliteDialect is how the ledger speaks to SQLite.
var sqliteDialect = &dialect{
	name:       "SQLite",
	migration:  func(m migration) migrationStep { return m.sqlite },
	version:    sqliteVersion,
	setVersion: sqliteSetVersion,
	sameName:   sqliteSameName,
	recorded:   "rowid",
	syncFull:   `PRAGMA synchronous = FULL`,
	syncNormal: `PRAGMA synchronous = NORMAL`,
	retry:      func(error) bool { return false }, // one writer: no transaction is another's victim
}

// sqliteSameName is the condition that the column name is $1 whatever the
// case of its ASCII letters.
const sqliteSameName = `name = $1 COLLATE NOCASE`

// openSQLite opens the ledger in the SQLite file at path, as Open says.
func openSQLite(path string, opt Options) (*DB, error) {
	if err := check(path, opt.Full); err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "foreign_keys(1)")
	// Every transaction takes the file's write lock as it begins, waiting
	// for it as long as busyTimeout: one that read first and wrote later
	// would fail at once if another process sharing the file (another
	// server on one machine) wrote in between.
	q.Add("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("the ledger %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	db.SetConnMaxIdleTime(0)
	d, err := openDB(db, sqliteDialect, opt)
	if err != nil {
		return nil, fmt.Errorf("the ledger %s: %w", path, noRoom(err, path))
	}
	return d, nil
}

// sqliteVersion returns the schema's version of the file (PRAGMA user_version).
func sqliteVersion(ctx context.Context, q querier) (int, error) {
	var v int
	err := q.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v)
	return v, err
}

// sqliteSetVersion sets the schema's version of the file.
func sqliteSetVersion(ctx context.Context, q querier, v int) error {
	_, err := q.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, v))
	return err
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
	found, err := checkResults(db, pragma)
	if err != nil {
		return damaged(err.Error())
	}
	if len(found) != 1 || found[0] != "ok" {
		return damaged(found...)
	}
	return nil
}

// checkResults returns the lines of PRAGMA pragma, a check.
func checkResults(db *sql.DB, pragma string) ([]string, error) {
	rows, err := db.Query("PRAGMA " + pragma)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		found = append(found, s)
	}
	return found, rows.Err()
}

// sqliteIntegrityCheck runs PRAGMA integrity_check on db, as
// DB.IntegrityCheck says.
func sqliteIntegrityCheck(db *sql.DB) error {
	found, err := checkResults(db, "integrity_check")
	if err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	if len(found) == 1 && found[0] == "ok" {
		return nil
	}
	return fmt.Errorf("integrity check: %q", found)
}

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
