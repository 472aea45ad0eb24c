//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// A ledger is copied table by table, every row as it is: the games with
// their signatures, which the key of the server signed and which the
// ledger copied to checks as it opens; the games set aside, damaged or
// forged, for an operator to look at still. It is how a server's ledger
// moves from SQLite to PostgreSQL (2048 serve -copy-to).

// copiedTables are the tables of the ledger, each with its columns, in an
// order that their references allow. A table added to the schema is added
// here (TestCopiedTablesAreTheSchema checks it).
var copiedTables = []struct {
	name    string
	columns []string
}{
	{"players", []string{"fingerprint", "created", "name", "chosen", "skeleton", "skeleton_lower"}},
	{"games", []string{"player", "id", "seed", "daily", "score", "tile", "moves", "undos", "assisted", "finished", "path", "mac"}},
	{"forged_games", []string{"player", "id", "seed", "daily", "score", "tile", "moves", "undos", "assisted", "finished", "path", "mac", "set_aside"}},
	{"saved_games", []string{"player", "version", "game", "updated"}},
	{"damaged_games", []string{"player", "version", "game", "updated", "set_aside", "why"}},
	{"history", []string{"player", "seq", "id", "line"}},
	{"history_index", []string{"player", "data"}},
	{"reviews", []string{"player", "name", "review", "updated"}},
	{"prefs", []string{"player", "prefs", "updated"}},
	{"imported", []string{"player", "imported", "games", "reviews"}},
	{"practice", []string{"player", "data", "updated"}},
	{"practice_aside", []string{"player", "data", "set_aside"}},
	{"puzzle_answers", []string{"player", "date", "solved", "took", "answered"}},
}

// notCopied are the tables of the ledger that a copy leaves empty: the
// holds of players' data are those of the servers running on the ledger
// copied, whose games end before it is copied (see Hold), and so are the
// races, which end with them.
var notCopied = []string{"holds", "races", "race_seats"}

// booleanColumns are the columns that SQLite keeps as 0 or 1 and
// PostgreSQL as BOOLEAN.
var booleanColumns = map[string]bool{"chosen": true, "assisted": true}

// A CopyError says that a ledger could not be copied to another, which
// is left as it was.
type CopyError struct {
	Err error
}

// Error says why the copy was not made.
func (e *CopyError) Error() string {
	return "copying the ledger: " + e.Err.Error() + " (nothing was copied)"
}

// Unwrap returns why.
func (e *CopyError) Unwrap() error { return e.Err }

// CopyTo copies every row of d to the ledger to, which must be empty (a
// new database), in one transaction of to: a failure copies nothing. Both
// are at this program's version of the schema, which they were opened
// with. It returns the number of rows copied of each table. No server
// may write to d meanwhile: 2048 serve -copy-to holds the server's
// directory.
func (d *DB) CopyTo(to *DB) (copied map[string]int, err error) {
	ctx := context.Background()
	for _, t := range copiedTables {
		var n int
		if err := to.db.QueryRowContext(ctx, `SELECT count(*) FROM `+t.name).Scan(&n); err != nil {
			return nil, &CopyError{err}
		}
		if n > 0 {
			return nil, &CopyError{fmt.Errorf("the ledger copied to is not empty: its table %s has %d rows", t.name, n)}
		}
	}
	from, err := d.db.BeginTx(ctx, nil) // one view of d
	if err != nil {
		return nil, &CopyError{err}
	}
	defer from.Rollback()
	err = to.inTx(true, func(ctx context.Context, tx *sql.Tx) error {
		copied = map[string]int{}
		for _, t := range copiedTables {
			order := ""
			if t.name == "games" {
				order = " ORDER BY " + d.dialect.recorded // the order the boards break ties by
			}
			n, err := copyTable(ctx, from, tx, t.name, t.columns, order)
			if err != nil {
				return fmt.Errorf("the table %s: %w", t.name, err)
			}
			copied[t.name] = n
		}
		return nil
	})
	if err != nil {
		return nil, &CopyError{err}
	}
	return copied, nil
}

// copyTable copies the columns of every row of table, read in from in
// the order order says, to the same table in tx, and returns the number
// of rows.
func copyTable(ctx context.Context, from, tx *sql.Tx, table string, columns []string, order string) (int, error) {
	list := strings.Join(columns, ", ")
	rows, err := from.QueryContext(ctx, `SELECT `+list+` FROM `+table+order)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	args := make([]string, len(columns))
	for i := range args {
		args[i] = fmt.Sprintf("$%d", i+1)
	}
	insert, err := tx.PrepareContext(ctx, `INSERT INTO `+table+` (`+list+`) VALUES (`+strings.Join(args, ", ")+`)`)
	if err != nil {
		return 0, err
	}
	defer insert.Close()
	values := make([]any, len(columns))
	dest := make([]any, len(columns))
	for i := range dest {
		dest[i] = &values[i]
	}
	n := 0
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return n, err
		}
		for i, c := range columns {
			if v, ok := values[i].(int64); ok && booleanColumns[c] {
				values[i] = v != 0
			}
		}
		if _, err := insert.ExecContext(ctx, values...); err != nil {
			return n, err
		}
		n++
	}
	return n, rows.Err()
}
