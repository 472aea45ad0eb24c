//go:build serve

// Package ledgertest gives the tests of the ledger, and of the server that
// keeps one, a new and empty database for each test in each database the
// ledger keeps its data in: a SQLite file, and a schema of its own on a
// PostgreSQL server if the environment names one (see PostgresEnv).
package ledgertest

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the database/sql driver "pgx"
)

// PostgresEnv is the environment variable that gives the URL of the
// PostgreSQL server of the tests (postgres://…), on which each test makes
// a schema of its own. .ci/postgres starts one and sets it.
const PostgresEnv = "TERM2048_TEST_POSTGRES"

// A Database is one of the databases the ledger keeps its data in.
type Database struct {
	Name string // "sqlite" or "postgres": the name of its subtests
	// New returns where a new, empty ledger is, as ledger.Open takes it:
	// a file in the test's temporary directory, or the URL of a schema
	// of the test's own on the PostgreSQL server, dropped when the test
	// ends. It skips the test if there is no server.
	New func(t testing.TB) string
}

// SQLite makes ledgers in SQLite files.
var SQLite = Database{Name: "sqlite", New: func(t testing.TB) string {
	return filepath.Join(t.TempDir(), "ledger.db")
}}

// Postgres makes ledgers in schemas of the PostgreSQL server of the tests.
var Postgres = Database{Name: "postgres", New: newSchema}

// Run runs test once for each database, a subtest of t named for it. The
// subtest of PostgreSQL is skipped if the environment names no server.
func Run(t *testing.T, test func(t *testing.T, db Database)) {
	for _, db := range []Database{SQLite, Postgres} {
		t.Run(db.Name, func(t *testing.T) { test(t, db) })
	}
}

// server returns the connection to the PostgreSQL server of the tests,
// which the tests of the process share to make and drop their schemas.
var server = sync.OnceValues(func() (*sql.DB, error) {
	db, err := sql.Open("pgx", os.Getenv(PostgresEnv))
	if err == nil {
		err = db.Ping()
	}
	return db, err
})

// newSchema returns the URL of a new schema on the server of the tests,
// dropped when t ends.
func newSchema(t testing.TB) string {
	t.Helper()
	source := os.Getenv(PostgresEnv)
	if source == "" {
		t.Skipf("no PostgreSQL server to test against: set %s=postgres://… to one, "+
			"or run the tests beside a server of their own: .ci/postgres go test -tags serve ./tui/serve/...", PostgresEnv)
	}
	db, err := server()
	if err != nil {
		t.Fatalf("the PostgreSQL server of %s: %v", PostgresEnv, err)
	}
	var b [8]byte
	rand.Read(b[:])
	schema := "test_" + hex.EncodeToString(b[:])
	if _, err := db.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("making a schema for the test: %v", err)
	}
	t.Cleanup(func() {
		if _, err := db.Exec(`DROP SCHEMA ` + schema + ` CASCADE`); err != nil {
			t.Errorf("dropping the test's schema: %v", err)
		}
	})
	u, err := url.Parse(source)
	if err != nil {
		t.Fatalf("%s: %v", PostgresEnv, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
