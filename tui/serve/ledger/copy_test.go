//go:build serve

package ledger

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// filledForCopy returns a SQLite ledger with a row in every table: players
// with names, games ranked (a daily among them), a history with its
// index, preferences, a game in progress, one set aside as damaged, a
// forged game set aside, a review, a player's files imported and an
// answer to the daily puzzle.
func filledForCopy(t *testing.T) (*DB, string) {
	t.Helper()
	d, path := open(t)
	if _, err := d.Rename("SHA256:ann", "Ann"); err != nil {
		t.Fatal(err)
	}
	for i, g := range []struct {
		fp string
		id string
	}{{"SHA256:ann", "0000000000000001"}, {"SHA256:bob", "0000000000000002"}, {"SHA256:ann", "0000000000000003"}} {
		if refused, err := d.AppendHistory(g.fp, played(t, g.id, uint64(i+1), 0, noon.Add(time.Duration(i)*time.Minute))); err != nil || refused != nil {
			t.Fatal(refused, err)
		}
	}
	record(t, d, "SHA256:bob", daily(t, "0000000000000004", "2026-11-26", 0, noon))
	record(t, d, "SHA256:eve", played(t, "0000000000000005", 5, 0, noon))
	if err := d.SaveIndex("SHA256:ann", []byte{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	if err := d.SavePrefs("SHA256:ann", []byte("theme = 'dark' # Ann's\n")); err != nil {
		t.Fatal(err)
	}
	for _, fp := range []string{"SHA256:ann", "SHA256:bob"} {
		if err := d.SavePractice(fp, []byte(fp+"'s practice")); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.SetPracticeAside("SHA256:bob"); err != nil {
		t.Fatal(err)
	}
	if err := d.SaveGame("SHA256:ann", savedGame(6, 7), true); err != nil {
		t.Fatal(err)
	}
	if err := d.SaveGame("SHA256:bob", savedGame(7, 2), false); err != nil {
		t.Fatal(err)
	}
	if err := d.SetAside("SHA256:bob", "does not decode"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Import("SHA256:old", Files{Reviews: map[string][]byte{"x.json": []byte("review")}}); err != nil {
		t.Fatal(err)
	}
	d.now = func() time.Time { return noon }
	if ok, err := d.AnswerPuzzle("SHA256:ann", "2026-11-26", true, 4200*time.Millisecond); !ok || err != nil {
		t.Fatal(ok, err)
	}
	d.Close()
	raw := rawOpen(t, path)
	if _, err := raw.Exec(`UPDATE games SET score = 999999 WHERE player = 'SHA256:eve'`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	d, err := Open(path, testOptions) // eve's game set aside
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if len(d.Forged()) != 1 {
		t.Fatalf("Forged() = %q; want eve's game", d.Forged())
	}
	return d, path
}

// TestCopy copies a SQLite ledger with a row in every table to a new
// ledger of each database: every row is there, the boards, histories,
// games and reviews read the same, the signatures match the key (no game
// set aside at the next opening), and a second copy is refused.
func TestCopy(t *testing.T) { ledgertest.Run(t, testCopy) }

func testCopy(t *testing.T, db ledgertest.Database) {
	from, _ := filledForCopy(t)
	to, source := openIn(t, db)
	copied, err := from.CopyTo(to)
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range copiedTables {
		if n := count(t, from, table.name); copied[table.name] != n || n == 0 || count(t, to, table.name) != n {
			t.Errorf("%s: %d rows copied, %d there; want the %d of the ledger copied, one at least", table.name, copied[table.name], count(t, to, table.name), n)
		}
	}
	to.Close()
	to, err = Open(source, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	defer to.Close()
	if len(to.Forged()) != 0 {
		t.Errorf("games set aside at the opening of the copy: %q; want none, their signatures copied", to.Forged())
	}
	same := func(what string, read func(d *DB) (any, error)) {
		t.Helper()
		a, errA := read(from)
		b, errB := read(to)
		if errA != nil || errB != nil || fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("%s: %v, %v in the copy; want %v, %v", what, b, errB, a, errA)
		}
	}
	same("the all-time board", func(d *DB) (any, error) { return d.Best(false) })
	same("the daily board", func(d *DB) (any, error) { return d.Daily("2026-11-26", false) })
	same("ann", func(d *DB) (any, error) { return d.Join("SHA256:ann") })
	same("ann's history", func(d *DB) (any, error) { h, err := d.History("SHA256:ann"); return string(bytes.Join(h, nil)), err })
	same("ann's index", func(d *DB) (any, error) { i, _, err := d.LoadIndex("SHA256:ann"); return i, err })
	same("ann's game", func(d *DB) (any, error) {
		g, ok, err := d.LoadGame("SHA256:ann")
		return fmt.Sprint(g.ID, g.Game.Board(), ok), err
	})
	same("the review", func(d *DB) (any, error) { r, _, err := d.LoadReview("SHA256:old", "x.json"); return r, err })
	same("imported", func(d *DB) (any, error) { return d.Imported("SHA256:old") })
	same("ann's preferences", func(d *DB) (any, error) { p, _, err := d.LoadPrefs("SHA256:ann"); return string(p), err })
	if _, err := from.CopyTo(to); !errors.As(err, new(*CopyError)) {
		t.Errorf("a copy to a ledger copied to already: %v; want a CopyError", err)
	}
	if name, err := to.Rename("SHA256:new", "ann"); !errors.Is(err, ErrNameTaken) {
		t.Errorf("Rename in the copy to a name copied = %q, %v; want ErrNameTaken", name, err)
	}
}

// TestCopiedTablesAreTheSchema: the tables a copy copies, and their
// columns, are those of the schema, in each database, the table of the
// schema's version and the column that orders the games aside (the copy
// keeps that order), but for the tables it leaves empty (notCopied).
func TestCopiedTablesAreTheSchema(t *testing.T) { ledgertest.Run(t, testCopiedTablesAreTheSchema) }

func testCopiedTablesAreTheSchema(t *testing.T, db ledgertest.Database) {
	d, _ := openIn(t, db)
	query := `SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`
	if d.dialect == postgresDialect {
		query = `SELECT table_name FROM information_schema.tables
WHERE table_schema = current_schema() AND table_name <> 'ledger_version' ORDER BY table_name`
	}
	columnsQuery := `SELECT name FROM pragma_table_info($1) ORDER BY name`
	if d.dialect == postgresDialect {
		columnsQuery = `SELECT column_name FROM information_schema.columns
WHERE table_schema = current_schema() AND table_name = $1 AND column_name <> 'recorded' ORDER BY column_name`
	}
	names := func(query string, args ...any) []string {
		t.Helper()
		rows, err := d.db.Query(query, args...)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var names []string
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				t.Fatal(err)
			}
			names = append(names, name)
		}
		return names
	}
	copied := slices.Clone(notCopied)
	for _, table := range copiedTables {
		copied = append(copied, table.name)
		columns := slices.Sorted(slices.Values(table.columns))
		if schema := names(columnsQuery, table.name); !slices.Equal(schema, columns) {
			t.Errorf("the columns of %s: %q; the copy copies %q", table.name, schema, columns)
		}
	}
	slices.Sort(copied)
	if schema := names(query); !slices.Equal(schema, copied) {
		t.Errorf("the tables of the schema: %q; the copy copies %q", schema, copied)
	}
}
