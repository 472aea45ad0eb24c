//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// played returns the line of a game of seed played to its end (or to
// moves moves if moves > 0), always the first direction that moves, as
// the history writes it: ID id, left at ended.
func played(t testing.TB, id string, seed uint64, moves int, ended time.Time) history.Game {
	t.Helper()
	e := engine.NewGame(seed)
	for !e.Over() && (moves <= 0 || e.MoveCount() < moves) {
		for d := range engine.Direction(engine.NumDirections) {
			if _, ok := e.Move(d); ok {
				break
			}
		}
	}
	g := history.FromEngine(e, nil)
	g.ID, g.Ended = id, ended.Truncate(time.Second)
	return g
}

// daily returns the line of an attempt at the daily challenge of date.
func daily(t testing.TB, id, date string, moves int, ended time.Time) history.Game {
	t.Helper()
	seed, err := history.DailySeed(date)
	if err != nil {
		t.Fatal(err)
	}
	g := played(t, id, seed, moves, ended)
	g.Daily = date
	return g
}

// open opens a ledger in a new SQLite file of the test's, closed when it
// ends, and returns it and its path.
func open(t testing.TB) (*DB, string) {
	t.Helper()
	return openIn(t, ledgertest.SQLite)
}

// openIn opens a new ledger of the test's in db, closed when the test
// ends, and returns it and where it is, as Open takes it.
func openIn(t testing.TB, db ledgertest.Database) (*DB, string) {
	t.Helper()
	source := db.New(t)
	d, err := Open(source, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, source
}

// rawOpen opens the database of the ledger at source as the driver's
// own, with no check nor schema, as an operator or another program would.
func rawOpen(t testing.TB, source string) *sql.DB {
	t.Helper()
	driver, name := "sqlite", "file:"+source
	if IsPostgres(source) {
		driver, name = "pgx", source
	}
	raw, err := sql.Open(driver, name)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// record records g for fp, failing the test on an error.
func record(t testing.TB, d *DB, fp string, g history.Game) bool {
	t.Helper()
	added, err := d.Record(fp, g)
	if err != nil {
		t.Fatalf("Record(%s, %s) = %v", fp, g.ID, err)
	}
	return added
}

// count returns the number of rows of table.
func count(t testing.TB, d *DB, table string) int {
	t.Helper()
	var n int
	if err := d.db.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

var noon = time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)

// testOptions open the ledgers of the tests: a key of their own, whose
// challenges begin in 2030, so that before then each day's seed is the
// date's own, as history.DailySeed gives it.
var testOptions = Options{Key: Key{Secret: [32]byte{2, 0, 4, 8}, From: "2030-01-01"}}

func TestOpenEmpty(t *testing.T) { ledgertest.Run(t, testOpenEmpty) }

func testOpenEmpty(t *testing.T, db ledgertest.Database) {
	d, _ := openIn(t, db)
	if v, err := d.Version(); err != nil || v != len(migrations) {
		t.Fatalf("Version() = %d, %v; want %d", v, err, len(migrations))
	}
	if err := d.IntegrityCheck(); err != nil {
		t.Fatal(err)
	}
	if d.dialect != sqliteDialect {
		return
	}
	var mode string
	if err := d.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
}

// TestMigrateFromVersion1 opens a file of the first schema, with a player
// and a game, as a program of that version left it.
func TestMigrateFromVersion1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := migrate(ctx, raw, sqliteDialect, testOptions.Key, 1); err != nil {
		t.Fatal(err)
	}
	g := daily(t, "0000000000000001", "2026-11-26", 0, noon)
	_, err = raw.Exec(`INSERT INTO players (fingerprint, created) VALUES ('SHA256:old', 1)`)
	if err == nil {
		_, err = raw.Exec(`INSERT INTO games VALUES ('SHA256:old', ?, ?, ?, ?, ?, ?, 0, 0, ?, '')`,
			g.ID, int64(g.Seed), g.Daily, g.Score, g.HighestTile(), g.MoveCount, g.Ended.Unix())
	}
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := sqliteVersion(ctx, raw); v != 1 {
		t.Fatalf("version %d; want 1", v)
	}
	raw.Close()

	d, err := Open(path, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if v, _ := d.Version(); v != len(migrations) {
		t.Errorf("Version() = %d after the migration; want %d", v, len(migrations))
	}
	p, err := d.Join("SHA256:old")
	if err != nil || p.Name != DefaultName("SHA256:old") || p.Chosen {
		t.Errorf("Join(old) = %+v, %v; want the default name, not chosen", p, err)
	}
	board, err := d.Daily("2026-11-26", false)
	if err != nil || len(board) != 1 || board[0].Name != p.Name || board[0].Score != g.Score {
		t.Errorf("Daily() = %+v, %v; want the old game under the default name", board, err)
	}
	if err := d.IntegrityCheck(); err != nil {
		t.Error(err)
	}
}

func TestNewerSchemaRefused(t *testing.T) { ledgertest.Run(t, testNewerSchemaRefused) }

func testNewerSchemaRefused(t *testing.T, db ledgertest.Database) {
	d, path := openIn(t, db)
	if err := d.dialect.setVersion(context.Background(), d.db, 99); err != nil {
		t.Fatal(err)
	}
	d.Close()
	if d, err := Open(path, testOptions); err == nil {
		d.Close()
		t.Fatal("Open of a schema of version 99 succeeded")
	}
}

// TestRecordRefusesForgery records games whose lines claim what their
// moves do not give: none is stored.
func TestRecordRefusesForgery(t *testing.T) { ledgertest.Run(t, testRecordRefusesForgery) }

func testRecordRefusesForgery(t *testing.T, db ledgertest.Database) {
	d, _ := openIn(t, db)
	g := played(t, "00000000000000aa", 7, 0, noon)
	forged := map[string]func(g *history.Game){
		"a higher score":         func(g *history.Game) { g.Score += 4 },
		"a higher tile":          func(g *history.Game) { g.Board = g.Board.With(0, 11) },
		"a move more than moved": func(g *history.Game) { g.MoveCount++ },
		"a move changed":         func(g *history.Game) { g.Moves[len(g.Moves)-1] ^= 1 },
		"another seed":           func(g *history.Game) { g.Seed++ },
		"a position set up":      func(g *history.Game) { g.SetUp = true },
		"a start board":          func(g *history.Game) { g.Start = 1 },
		"no ID":                  func(g *history.Game) { g.ID = "" },
		"a daily of another day": func(g *history.Game) { g.Daily = "2026-11-25" },
	}
	for name, forge := range forged {
		f := g
		f.Moves = append([]engine.Direction(nil), g.Moves...)
		forge(&f)
		if _, err := d.Record("SHA256:cheat", f); !errors.Is(err, ErrRefused) {
			t.Errorf("%s: Record = %v; want ErrRefused", name, err)
		}
	}
	if n := count(t, d, "games"); n != 0 {
		t.Errorf("%d games stored; want 0", n)
	}
	if !record(t, d, "SHA256:honest", g) {
		t.Error("the game as played was not added")
	}
	e, err := d.Replay("SHA256:honest", g.ID)
	if err != nil || e.Score() != g.Score || e.Board() != g.Board {
		t.Errorf("Replay = %v, %v; want score %d", e, err, g.Score)
	}
}

func TestRecordOnce(t *testing.T) { ledgertest.Run(t, testRecordOnce) }

func testRecordOnce(t *testing.T, db ledgertest.Database) {
	d, path := openIn(t, db)
	g := played(t, "00000000000000bb", 3, 0, noon)
	if !record(t, d, "SHA256:a", g) {
		t.Error("first Record: not added")
	}
	if record(t, d, "SHA256:a", g) {
		t.Error("second Record: added again")
	}
	if !record(t, d, "SHA256:b", g) { // another player's game of the same ID is theirs
		t.Error("the same ID for another player: not added")
	}
	d.Close()
	d, err := Open(path, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if record(t, d, "SHA256:a", g) {
		t.Error("Record after reopening: added again")
	}
	if n := count(t, d, "games"); n != 2 {
		t.Errorf("%d games; want 2", n)
	}
	if m := missing(t, d, "SHA256:a", []string{"x", g.ID, "y"}); fmt.Sprint(m) != "[x y]" {
		t.Errorf("the games of [x %s y] not ranked: %v; want [x y]", g.ID, m)
	}
}

// TestDailyFirstAttemptCounts: a player's first attempt of the day ranks,
// even when a later one, better, was recorded before it (a re-sync from
// the history after a crash).
func TestDailyFirstAttemptCounts(t *testing.T) { ledgertest.Run(t, testDailyFirstAttemptCounts) }

func testDailyFirstAttemptCounts(t *testing.T, db ledgertest.Database) {
	d, _ := openIn(t, db)
	const date = "2026-11-26"
	short := daily(t, "0000000000000001", date, 20, noon)
	whole := daily(t, "0000000000000002", date, 0, noon.Add(time.Hour))
	record(t, d, "SHA256:a", whole)
	record(t, d, "SHA256:a", short)
	record(t, d, "SHA256:b", daily(t, "0000000000000003", date, 0, noon.Add(2*time.Hour)))
	record(t, d, "SHA256:b", played(t, "0000000000000004", 9, 0, noon)) // not a daily
	board, err := d.Daily(date, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(board) != 2 || board[0].Fingerprint != "SHA256:b" || board[1].Fingerprint != "SHA256:a" || board[1].Score != short.Score {
		t.Fatalf("Daily = %+v; want b's whole game, then a's first attempt (%d)", board, short.Score)
	}
	if p, of := Place(board, "SHA256:a", short.Score); p != 2 || of != 2 {
		t.Errorf("Place(a) = %d of %d; want 2 of 2", p, of)
	}
	if p, of := Place(board, "SHA256:c", whole.Score); p != 1 || of != 3 {
		t.Errorf("Place(c, a tie with b) = %d of %d; want 1 of 3", p, of)
	}
	if y, err := d.Daily("2026-11-25", false); err != nil || len(y) != 0 {
		t.Errorf("yesterday's board = %v, %v; want none", y, err)
	}
}

func TestByHandAndAssistedApart(t *testing.T) { ledgertest.Run(t, testByHandAndAssistedApart) }

func testByHandAndAssistedApart(t *testing.T, db ledgertest.Database) {
	d, _ := openIn(t, db)
	const date = "2026-11-26"
	hinted := daily(t, "0000000000000001", date, 0, noon)
	hinted.Hinted = true
	record(t, d, "SHA256:a", hinted)
	later := daily(t, "0000000000000002", date, 0, noon.Add(time.Minute)) // practice, by hand
	record(t, d, "SHA256:a", later)
	undone := played(t, "0000000000000003", 5, 0, noon)
	undone.Undos = 3 // undos are by hand still
	record(t, d, "SHA256:b", undone)
	auto := played(t, "0000000000000004", 11, 0, noon)
	auto.Autoplayed = true
	record(t, d, "SHA256:b", auto)

	for _, c := range []struct {
		what  string
		board func() ([]Entry, error)
		want  string
	}{
		{"daily by hand", func() ([]Entry, error) { return d.Daily(date, false) }, "[]"},
		{"daily assisted", func() ([]Entry, error) { return d.Daily(date, true) }, fmt.Sprintf("[a %d]", hinted.Score)},
		{"best by hand", func() ([]Entry, error) { return d.Best(false) }, fmt.Sprintf("[a %d b %d]", later.Score, undone.Score)},
		{"best assisted", func() ([]Entry, error) { return d.Best(true) }, fmt.Sprintf("[b %d a %d]", auto.Score, hinted.Score)},
	} {
		board, err := c.board()
		if err != nil {
			t.Fatal(err)
		}
		var got []any
		for _, e := range board {
			got = append(got, e.Fingerprint[len("SHA256:"):], e.Score)
		}
		if fmt.Sprint(got) != c.want && !(len(got) == 0 && c.want == "[]") {
			t.Errorf("%s: %v; want %s", c.what, got, c.want)
		}
	}
}

func TestPlaces(t *testing.T) { ledgertest.Run(t, testPlaces) }

func testPlaces(t *testing.T, db ledgertest.Database) {
	d, _ := openIn(t, db)
	for i, seed := range []uint64{1, 2, 3, 4} {
		record(t, d, fmt.Sprintf("SHA256:%d", i), played(t, "0000000000000001", seed, 0, noon))
	}
	// A tie: the same game for a fifth player.
	record(t, d, "SHA256:4", played(t, "0000000000000001", 1, 0, noon))
	board, err := d.Best(false)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range board {
		want := i + 1
		if i > 0 && board[i-1].Score == e.Score {
			want = board[i-1].Place
		}
		if e.Place != want {
			t.Errorf("row %d: place %d; want %d (%+v)", i, e.Place, want, board)
		}
	}
}

func TestNames(t *testing.T) { ledgertest.Run(t, testNames) }

func testNames(t *testing.T, db ledgertest.Database) {
	for name, in := range map[string]string{
		"empty":                      "",
		"spaces":                     "   ",
		"escape":                     "bob\x1b",
		"a CSI sequence":             "\x1b[2Jbob",
		"an OSC sequence":            "\x1b]0;owned\x07",
		"carriage return":            "bob\rroot",
		"newline":                    "bob\nroot",
		"delete":                     "bob\x7f",
		"C1 CSI":                     "bob\u009b2J",
		"a bidi override":            "bob\u202Egnp.exe",
		"a zero-width join":          "b\u200Dob",
		"a BOM":                      "\uFEFFbob",
		"not UTF-8":                  "bob\xff",
		"too long":                   "abcdefghijklmnopqrstu",
		"Hangul fillers":             "\u3164\u3164\u3164",
		"a half-width filler":        "\uFFA0",
		"Braille blanks":             "\u2800\u2800",
		"blanks and spaces":          "\u3164 \u2800 \u3000",
		"a filler in a name":         "bo\u3164b",
		"a variation selector":       "bob\uFE0F",
		"an ideographic space alone": "\u3000",
		"zalgo":                      "z\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u0309\u030A\u030B\u030C\u030D\u030E\u030F\u0310\u0311\u0312\u0313",
		"three marks on one letter":  "ba\u0300\u0301\u0302b",
		"a mark first":               "\u0301bob",
	} {
		if got, err := CheckName(in); err == nil {
			t.Errorf("%s: CheckName(%q) = %q; want an error", name, in, got)
		}
	}
	for in, want := range map[string]string{
		"bob":                  "bob",
		"  Zoë the great  ":    "Zoë the great",
		"玩家":                   "玩家",
		"abcdefghijklmnopqrst": "abcdefghijklmnopqrst",
		"Tr\u1EA7n":            "Tr\u1EA7n", // Vietnamese: two marks on a vowel
		"Tra\u0302\u0300n":     "Tr\u1EA7n", // the same, decomposed: kept composed
		"Zo\u0308e":            "Z\u00F6e",
		"ᄀ가":                   "ᄀ가", // Hangul that shows
	} {
		if got, err := CheckName(in); err != nil || got != want {
			t.Errorf("CheckName(%q) = %q, %v; want %q", in, got, err, want)
		}
	}

	d, _ := openIn(t, db)
	p, err := d.Join("SHA256:a")
	if err != nil || p.Name != DefaultName("SHA256:a") || p.Chosen {
		t.Fatalf("Join = %+v, %v", p, err)
	}
	if name, err := d.Rename("SHA256:a", " Bob "); err != nil || name != "Bob" {
		t.Fatalf("Rename = %q, %v; want Bob", name, err)
	}
	if _, err := d.Rename("SHA256:b", "bob"); !errors.Is(err, ErrNameTaken) {
		t.Errorf("Rename of b to a's name = %v; want ErrNameTaken", err)
	}
	if _, err := d.Rename("SHA256:b", "bob\x1b[31m"); err == nil || errors.Is(err, ErrNameTaken) {
		t.Errorf("Rename to a name with an escape = %v; want refused as a name", err)
	}
	if name, err := d.Rename("SHA256:a", "BOB"); err != nil || name != "BOB" {
		t.Errorf("Rename of a to its own name in capitals = %q, %v", name, err)
	}
	if p, _ := d.Join("SHA256:a"); p.Name != "BOB" || !p.Chosen {
		t.Errorf("Join after Rename = %+v; want BOB, chosen", p)
	}
	// A player whose default name is taken gets a longer one.
	if _, err := d.Rename("SHA256:a", DefaultName("SHA256:c")); err != nil {
		t.Fatal(err)
	}
	if p, err := d.Join("SHA256:c"); err != nil || p.Name != defaultName("SHA256:c", 8) {
		t.Errorf("Join(c) with its default name taken = %+v, %v; want %s", p, err, defaultName("SHA256:c", 8))
	}
}

// TestLookAlikeNames checks that a name that looks like another player's
// is refused as taken: other scripts' letters, digits for letters, other
// cases, marks, and their mixtures; and that names that only share
// letters are not.
func TestLookAlikeNames(t *testing.T) { ledgertest.Run(t, testLookAlikeNames) }

func testLookAlikeNames(t *testing.T, db ledgertest.Database) {
	d, _ := openIn(t, db)
	for fp, name := range map[string]string{"SHA256:alice": "Alice", "SHA256:bob": "bob", "SHA256:pro": "ProGamer", "SHA256:m": "m"} {
		if _, err := d.Rename(fp, name); err != nil {
			t.Fatal(err)
		}
	}
	for _, like := range []string{
		"\u0410lice",     // Cyrillic А
		"Аlісе",          // Cyrillic А, і, с, е
		"alice", "ALICE", // other cases
		"A1ice", "AIice", // a digit, a capital I for the l
		"B0B", "ｂｏｂ", // a zero, full-width letters
		"Pr0Gamer", "ProGarner", // 0 for o, rn for m
		"rn",         // m
		"\u0391lice", // a Greek Α
	} {
		if _, err := d.Rename("SHA256:eve", like); !errors.Is(err, ErrNameTaken) {
			t.Errorf("Rename to %q, like a name taken: %v; want ErrNameTaken", like, err)
		}
	}
	for _, other := range []string{"Alicia", "bobby", "ProGamer2", "mm", "Alice B"} {
		if _, err := d.Rename("SHA256:eve", other); err != nil {
			t.Errorf("Rename to %q, a name of its own: %v", other, err)
		}
	}
	// A player's own name in another look is theirs to take.
	if name, err := d.Rename("SHA256:alice", "ALICE"); err != nil || name != "ALICE" {
		t.Errorf("Rename of alice to ALICE: %q, %v", name, err)
	}
	// A default name is free of look-alikes too.
	if _, err := d.Rename("SHA256:eve", strings.Replace(DefaultName("SHA256:new"), "l", "1", 1)); err != nil {
		t.Fatal(err)
	}
	if p, err := d.Join("SHA256:new"); err != nil || p.Name != defaultName("SHA256:new", 8) {
		t.Errorf("Join(new), its default name looked like eve's: %+v, %v; want the longer default", p, err)
	}
}
