//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// missing returns those of ids, games of the player of fp, that the
// ledger does not rank, in their order.
func missing(t testing.TB, d *DB, fp string, ids []string) []string {
	t.Helper()
	var m []string
	for _, id := range ids {
		var n int
		if err := d.db.QueryRow(`SELECT count(*) FROM games WHERE player = $1 AND id = $2`, fp, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			m = append(m, id)
		}
	}
	return m
}

// idsIn returns the IDs of the games of the history of fp, oldest first,
// failing the test on a line that does not decode.
func idsIn(t *testing.T, d *DB, fp string) []string {
	t.Helper()
	lines, err := d.History(fp)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, line := range lines {
		e, err := history.Decode(line)
		if err != nil {
			t.Fatalf("a line of the history of %s: %v", fp, err)
		}
		if e.Game != nil {
			ids = append(ids, e.Game.ID)
		}
	}
	return ids
}

// TestAppendHistoryRanks: a game added to the history is ranked with it;
// one from a position set up, or refused, is in the history and not
// ranked; a game whose ID the history holds is not added again.
func TestAppendHistoryRanks(t *testing.T) { ledgertest.Run(t, testAppendHistoryRanks) }

func testAppendHistoryRanks(t *testing.T, db ledgertest.Database) {
	d, _ := openIn(t, db)
	const fp = "SHA256:a"
	ranked := played(t, "0000000000000001", 1, 0, noon)
	setUp := played(t, "0000000000000002", 2, 20, noon)
	setUp.SetUp = true
	// A daily challenge on the date's own seed, after the key deals
	// the challenges: a game the ledger refuses.
	forged := daily(t, "0000000000000003", "2030-01-02", 0, noon)
	for _, g := range []history.Game{ranked, setUp} {
		if refused, err := d.AppendHistory(fp, g); err != nil || refused != nil {
			t.Fatalf("AppendHistory(%s) = %v, %v", g.ID, refused, err)
		}
	}
	if refused, err := d.AppendHistory(fp, forged); err != nil || !errors.Is(refused, ErrRefused) {
		t.Errorf("AppendHistory of a forged game = %v, %v; want it refused a rank", refused, err)
	}
	if refused, err := d.AppendHistory(fp, ranked); err != nil || refused != nil {
		t.Errorf("AppendHistory again = %v, %v", refused, err)
	}
	if ids := idsIn(t, d, fp); len(ids) != 3 || ids[0] != ranked.ID || ids[1] != setUp.ID || ids[2] != forged.ID {
		t.Errorf("the history: %q; want the three games once, in order", ids)
	}
	if m := missing(t, d, fp, []string{ranked.ID, setUp.ID, forged.ID}); len(m) != 2 || m[0] != setUp.ID || m[1] != forged.ID {
		t.Errorf("not ranked: %q; want the game set up and the forged one", m)
	}
	if lines, err := d.HistoryOf(fp, setUp.ID); err != nil || len(lines) != 1 {
		t.Errorf("HistoryOf(%s) = %d lines, %v; want 1", setUp.ID, len(lines), err)
	}
	if ids := idsIn(t, d, "SHA256:b"); len(ids) != 0 {
		t.Errorf("another player's history: %q; want none", ids)
	}
}

// TestImport: a player's files are imported once, each game once,
// those that rank ranked, and the reviews kept.
func TestImport(t *testing.T) { ledgertest.Run(t, testImport) }

func testImport(t *testing.T, db ledgertest.Database) {
	d, _ := openIn(t, db)
	const fp = "SHA256:old"
	a, b, c := played(t, "000000000000000a", 1, 0, noon), played(t, "000000000000000b", 2, 30, noon), played(t, "000000000000000c", 3, 40, noon)
	lineOf := func(g history.Game) []byte {
		line, err := g.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		return line
	}
	earlier, err := history.EncodeEarlier(history.Earlier{GamesPlayed: 3, BestScore: 100})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Record(fp, a); err != nil { // ranked by the earlier server
		t.Fatal(err)
	}
	f := Files{
		History:    [][]byte{earlier, lineOf(a), lineOf(b)},
		Unrecorded: []history.Game{b, c}, // b: in the history already, its file not yet rewritten
		Reviews:    map[string][]byte{"x.json": []byte("review")},
	}
	if done, err := d.Imported(fp); err != nil || done {
		t.Fatalf("Imported before = %v, %v", done, err)
	}
	imported, refused, err := d.Import(fp, f)
	if err != nil || !imported || len(refused) != 0 {
		t.Fatalf("Import = %v, %v, %v", imported, refused, err)
	}
	if ids := idsIn(t, d, fp); len(ids) != 3 || ids[0] != a.ID || ids[1] != b.ID || ids[2] != c.ID {
		t.Errorf("the history imported: %q; want a, b, c once", ids)
	}
	if lines, _ := d.History(fp); len(lines) != 4 {
		t.Errorf("%d lines; want 4, the earlier games' too", len(lines))
	}
	if m := missing(t, d, fp, []string{a.ID, b.ID, c.ID}); len(m) != 0 {
		t.Errorf("not ranked after the import: %q", m)
	}
	if r, ok, err := d.LoadReview(fp, "x.json"); err != nil || !ok || string(r) != "review" {
		t.Errorf("LoadReview = %q, %v, %v; want the review imported", r, ok, err)
	}
	if done, err := d.Imported(fp); err != nil || !done {
		t.Errorf("Imported after = %v, %v", done, err)
	}
	if imported, _, err := d.Import(fp, f); err != nil || imported {
		t.Errorf("Import again = %v, %v; want nothing done", imported, err)
	}
	if lines, _ := d.History(fp); len(lines) != 4 {
		t.Errorf("%d lines after a second import; want 4", len(lines))
	}
}

// TestMigrateFromVersion5: a ledger of version 5, with a game ranked and
// one in progress, gets the tables of the players' histories, empty, and
// keeps the rest as it was.
func TestMigrateFromVersion5(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if err := migrate(context.Background(), raw, sqliteDialect, testOptions.Key, 5); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	d, err := Open(path, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	g := played(t, "0000000000000001", 1, 0, noon)
	record(t, d, "SHA256:old", g)
	d.Close()
	// The file as version 5 left it, a game ranked: back to 5 without the
	// new tables (and those of later versions), as a server of version 5 would have written it.
	raw, err = sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`DROP TABLE history; DROP TABLE history_index; DROP TABLE reviews; DROP TABLE prefs; DROP TABLE imported; DROP TABLE holds; DROP TABLE races; DROP TABLE race_seats; DROP TABLE practice; DROP TABLE practice_aside; DROP TABLE puzzle_answers; PRAGMA user_version = 5`); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	d, err = Open(path, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if v, _ := d.Version(); v != len(migrations) {
		t.Errorf("Version() = %d; want %d", v, len(migrations))
	}
	if board, err := d.Best(false); err != nil || len(board) != 1 {
		t.Errorf("Best = %+v, %v; want the game of version 5", board, err)
	}
	if refused, err := d.AppendHistory("SHA256:old", played(t, "0000000000000002", 2, 0, noon.Add(time.Hour))); err != nil || refused != nil {
		t.Errorf("AppendHistory after the migration = %v, %v", refused, err)
	}
	if err := d.SavePrefs("SHA256:old", []byte("coach = true\n")); err != nil {
		t.Errorf("SavePrefs after the migration = %v", err)
	}
}

// TestMigrateFromVersion6: a ledger of version 6, a practice-less and
// race-less one, gets the tables of the practice and of the races, and
// keeps a practice then.
func TestMigrateFromVersion6(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	d, err := Open(path, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`DROP TABLE practice; DROP TABLE practice_aside; DROP TABLE races; DROP TABLE race_seats; DROP TABLE puzzle_answers; PRAGMA user_version = 6`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	d, err = Open(path, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if v, _ := d.Version(); v != len(migrations) {
		t.Errorf("Version() = %d; want %d", v, len(migrations))
	}
	if err := d.SavePractice("SHA256:p", []byte("practice")); err != nil {
		t.Fatal(err)
	}
	if data, ok, err := d.LoadPractice("SHA256:p"); string(data) != "practice" || !ok || err != nil {
		t.Errorf("LoadPractice after the migration = %q, %v, %v", data, ok, err)
	}
}
