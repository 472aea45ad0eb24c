//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // the database/sql driver "pgx"
)

// A ledger in PostgreSQL is the tables of the schema the connection's
// search_path names first (public, unless the URL says otherwise). Every
// commit waits for the disk (PostgreSQL's synchronous_commit=on): a power
// cut loses none. PostgreSQL checks its own pages (and their checksums, if
// the cluster has them), so the checks of SQLite's file at the opening
// have no counterpart; the ledger checks the schema's version and the
// signatures of the games, as in SQLite.
//
// Several servers may share one database: each transaction is
// SERIALIZABLE, and one that PostgreSQL aborts because another ran beside
// it is run again; the schema is brought up to date by one server at a
// time. A player's data is held for one game among all the servers (see
// Hold): a second session on another server is refused, as on the same.

// IsPostgres reports whether source, as Open takes it, is the URL of a
// PostgreSQL database (postgres://… or postgresql://…), not a file.
func IsPostgres(source string) bool {
	return strings.HasPrefix(source, "postgres://") || strings.HasPrefix(source, "postgresql://")
}

// Redacted returns source as it may be logged: a URL without its
// password.
func Redacted(source string) string {
	if !IsPostgres(source) {
		return source
	}
	u, err := url.Parse(source)
	if err != nil {
		return "postgres://…" // its error may quote it
	}
	return u.Redacted()
}

// postgresDialect is how the ledger speaks to PostgreSQL.
var postgresDialect = &dialect{
	name:       "PostgreSQL",
	migration:  func(m migration) migrationStep { return m.postgres },
	version:    postgresVersion,
	setVersion: postgresSetVersion,
	// A lock of the session, not of a transaction: each step's
	// transaction, begun once it is held, sees the tables of the steps
	// another server made (a transaction that waited for a lock of its
	// own may not: its cache of the catalog is of before).
	lockSchema:   `SELECT pg_advisory_lock(2048)`,
	unlockSchema: `SELECT pg_advisory_unlock(2048)`,
	sameName:     asciiLower("name") + ` = ` + asciiLower("$1"),
	recorded:     "recorded",
	txOptions:    &sql.TxOptions{Isolation: sql.LevelSerializable},
	retry:        serializationFailure,
}

// asciiLower returns the expression of the text of expr with its ASCII
// letters in lower case, and no other: what SQLite's NOCASE compares.
func asciiLower(expr string) string {
	return `translate(` + expr + `, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`
}

// maxPostgresConns is how many connections a server opens to PostgreSQL
// at most.
const maxPostgresConns = 16

// openPostgres opens the ledger in the PostgreSQL database of the URL
// source, as Open says.
func openPostgres(source string, opt Options) (*DB, error) {
	where := Redacted(source)
	db, err := sql.Open("pgx", source)
	if err != nil {
		return nil, fmt.Errorf("the ledger %s: %w", where, err)
	}
	db.SetMaxOpenConns(maxPostgresConns)
	db.SetMaxIdleConns(4)
	if err := db.PingContext(context.Background()); err != nil {
		db.Close()
		return nil, fmt.Errorf("the ledger %s: %w", where, err)
	}
	d, err := openDB(db, postgresDialect, opt)
	if err != nil {
		return nil, fmt.Errorf("the ledger %s: %w", where, err)
	}
	return d, nil
}

// postgresVersion returns the schema's version, kept in the table
// ledger_version, which the first step makes.
func postgresVersion(ctx context.Context, q querier) (int, error) {
	var made bool
	if err := q.QueryRowContext(ctx, `SELECT to_regclass('ledger_version') IS NOT NULL`).Scan(&made); err != nil || !made {
		return 0, err
	}
	var v int
	err := q.QueryRowContext(ctx, `SELECT version FROM ledger_version`).Scan(&v)
	return v, err
}

// postgresSetVersion sets the schema's version, making its table if need
// be.
func postgresSetVersion(ctx context.Context, q querier, v int) error {
	_, err := q.ExecContext(ctx, fmt.Sprintf(`
CREATE TABLE IF NOT EXISTS ledger_version (version INTEGER NOT NULL);
DELETE FROM ledger_version;
INSERT INTO ledger_version VALUES (%d);`, v))
	return err
}

// serializationFailure reports whether err is PostgreSQL's abort of a
// transaction that ran beside another: a serialization failure or a
// deadlock, which running it again may not meet.
func serializationFailure(err error) bool {
	var e *pgconn.PgError
	return errors.As(err, &e) && (e.Code == "40001" || e.Code == "40P01")
}
