//go:build serve

package ledger

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// filled returns the path of a closed ledger of the test's with players
// and games enough for many pages, and its page size.
func filled(t *testing.T) (path string, pageSize int) {
	t.Helper()
	d, path := open(t)
	for p := range 40 {
		fp := fmt.Sprintf("SHA256:player%02d", p)
		if _, err := d.Rename(fp, fmt.Sprintf("name%02d", p)); err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			record(t, d, fp, played(t, fmt.Sprintf("%016x", p*10+i), uint64(p*10+i+1), 0, noon))
		}
	}
	if err := d.db.QueryRow(`PRAGMA page_size`).Scan(&pageSize); err != nil {
		t.Fatal(err)
	}
	if _, err := d.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
	d.Close()
	return path, pageSize
}

// pageOf returns the number (from 1) of the first page of the b-tree of
// table or index name in the ledger at path.
func pageOf(t *testing.T, path, name string) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var page int
	if err := db.QueryRow(`SELECT rootpage FROM sqlite_schema WHERE name = ?`, name).Scan(&page); err != nil {
		t.Fatal(err)
	}
	return page
}

// TestDamagedLedgerRefused damages a ledger's file in twelve ways, and
// checks that Open refuses each with a *DamagedError that says what to
// do, and leaves the file as it found it, and makes no journal beside it.
func TestDamagedLedgerRefused(t *testing.T) {
	for _, c := range []struct {
		name   string
		full   bool // found by integrity_check only
		damage func(t *testing.T, b []byte, path string, page int) []byte
	}{
		{"the header's magic", false, func(t *testing.T, b []byte, _ string, _ int) []byte {
			copy(b, "SQLite format 2\x00")
			return b
		}},
		{"the page size", false, func(t *testing.T, b []byte, _ string, _ int) []byte {
			binary.BigEndian.PutUint16(b[16:], 1000) // not a power of two
			return b
		}},
		{"cut in the middle of a page", false, func(t *testing.T, b []byte, _ string, page int) []byte {
			return b[:len(b)/2+page/3]
		}},
		{"cut to half its pages", false, func(t *testing.T, b []byte, _ string, page int) []byte {
			return b[:len(b)/page/2*page]
		}},
		{"a middle page zeroed", false, func(t *testing.T, b []byte, path string, page int) []byte {
			n := pageOf(t, path, "games")
			clear(b[(n-1)*page : n*page])
			return b
		}},
		{"a middle page overwritten with text", false, func(t *testing.T, b []byte, path string, page int) []byte {
			n := pageOf(t, path, "players")
			copy(b[(n-1)*page:n*page], bytes.Repeat([]byte("overwritten "), page/12))
			return b
		}},
		{"a b-tree page's kind", false, func(t *testing.T, b []byte, path string, page int) []byte {
			n := pageOf(t, path, "games")
			b[(n-1)*page] = 0x07 // no kind of page
			return b
		}},
		{"a cell pointer out of its page", false, func(t *testing.T, b []byte, path string, page int) []byte {
			n := pageOf(t, path, "saved_games")
			b[(n-1)*page+1], b[(n-1)*page+2] = 0xff, 0xff // the first freeblock, past the end
			return b
		}},
		{"the schema's page", false, func(t *testing.T, b []byte, _ string, page int) []byte {
			copy(b[100+8:page], bytes.Repeat([]byte{0xA5}, page))
			return b
		}},
		{"the database size in the header", false, func(t *testing.T, b []byte, _ string, _ int) []byte {
			binary.BigEndian.PutUint32(b[28:], 1) // one page, where the schema names others
			binary.BigEndian.PutUint32(b[24:], binary.BigEndian.Uint32(b[92:]))
			return b
		}},
		{"a file of something else", false, func(t *testing.T, b []byte, _ string, _ int) []byte {
			return bytes.Repeat([]byte("not a database\n"), 1000)
		}},
		{"an index's entry against its table", true, func(t *testing.T, b []byte, path string, page int) []byte {
			// A name in the index of names, changed as no table row
			// holds it: the pages read well, the index lies.
			n := pageOf(t, path, "players_name")
			i := bytes.Index(b[(n-1)*page:n*page], []byte("name17"))
			if i < 0 {
				t.Fatal("no name17 in the index's first page")
			}
			b[(n-1)*page+i+4] = '9'
			return b
		}},
	} {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			path, page := filled(t)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			damaged := c.damage(t, bytes.Clone(data), path, page)
			if err := os.WriteFile(path, damaged, 0o600); err != nil {
				t.Fatal(err)
			}
			os.Remove(path + "-wal")
			os.Remove(path + "-shm")
			before := sha256.Sum256(damaged)
			if c.full {
				if d, err := Open(path, testOptions); err == nil {
					d.Close() // the structure is whole: only the full check finds it
					if err := os.WriteFile(path, damaged, 0o600); err != nil {
						t.Fatal(err)
					}
					os.Remove(path + "-wal")
					os.Remove(path + "-shm")
				}
			}
			opt := testOptions
			opt.Full = c.full
			d, err := Open(path, opt)
			var de *DamagedError
			if err == nil {
				d.Close()
				t.Fatal("Open: no error")
			}
			if !errors.As(err, &de) {
				t.Fatalf("Open: %v; want a *DamagedError", err)
			}
			if !strings.Contains(err.Error(), "nothing was written to it. Restore it from a backup") {
				t.Errorf("Open: %v; want what to do", err)
			}
			after, err := os.ReadFile(path)
			if err != nil || sha256.Sum256(after) != before {
				t.Errorf("the damaged file changed (%v)", err)
			}
			if _, err := os.Stat(path + "-wal"); err == nil {
				t.Error("a journal was made beside the damaged file")
			}
		})
	}
}

// TestForgedGamesSetAside changes rows of the games table as an editor of
// the file would, and checks that the next opening sets them aside, keeps
// them, and ranks the others; and that the game, ranked again as played,
// is on the boards again.
func TestForgedGamesSetAside(t *testing.T) { ledgertest.Run(t, testForgedGamesSetAside) }

func testForgedGamesSetAside(t *testing.T, db ledgertest.Database) {
	d, path := openIn(t, db)
	g1 := played(t, "0000000000000001", 1, 0, noon)
	g2 := played(t, "0000000000000002", 2, 0, noon.Add(time.Minute))
	record(t, d, "SHA256:ann", g1)
	record(t, d, "SHA256:bob", g2)
	d.Close()

	raw := rawOpen(t, path)
	if _, err := raw.Exec(`UPDATE games SET score = 999999 WHERE player = 'SHA256:ann'`); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	d, err := Open(path, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if f := d.Forged(); len(f) != 1 || f[0] != "SHA256:ann/"+g1.ID {
		t.Errorf("Forged() = %q; want ann's game", f)
	}
	board, err := d.Best(false)
	if err != nil || len(board) != 1 || board[0].Fingerprint != "SHA256:bob" {
		t.Errorf("the board after the forgery: %+v, %v; want bob's game alone", board, err)
	}
	var kept int
	if err := d.db.QueryRow(`SELECT score FROM forged_games WHERE player = 'SHA256:ann'`).Scan(&kept); err != nil || kept != 999999 {
		t.Errorf("the forged row kept: %d, %v; want it as it was found", kept, err)
	}
	if m := missing(t, d, "SHA256:ann", []string{g1.ID}); len(m) != 1 {
		t.Errorf("ann's games not ranked: %v; want the game set aside", m)
	}
	record(t, d, "SHA256:ann", g1)
	if board, _ := d.Best(false); len(board) != 2 {
		t.Errorf("the board once the game is ranked again: %+v", board)
	}
}

// TestWrongKeyRefused checks that a ledger opened with another key than
// its games were signed with is refused, and nothing set aside.
func TestWrongKeyRefused(t *testing.T) { ledgertest.Run(t, testWrongKeyRefused) }

func testWrongKeyRefused(t *testing.T, db ledgertest.Database) {
	d, path := openIn(t, db)
	record(t, d, "SHA256:ann", played(t, "0000000000000001", 1, 0, noon))
	d.Close()
	other := testOptions
	other.Key.Secret[0]++
	if d, err := Open(path, other); err == nil || !strings.Contains(err.Error(), "not the one its games were signed with") {
		if d != nil {
			d.Close()
		}
		t.Fatalf("Open with another key: %v; want refused", err)
	}
	d, err := Open(path, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if board, _ := d.Best(false); len(board) != 1 || len(d.Forged()) != 0 {
		t.Errorf("after a refusal, the right key: board %+v, forged %q; want the game as it was", board, d.Forged())
	}
}

// TestKeyDealsDailies checks the daily challenge's seeds of a key: the
// date's own before its first date, then its own, different from day to
// day and from key to key; and that a game of a day with the date's own
// seed is refused from then on.
func TestKeyDealsDailies(t *testing.T) {
	k := Key{Secret: [32]byte{1}, From: "2026-11-29"}
	other := Key{Secret: [32]byte{2}, From: "2026-11-29"}
	seeds := map[uint64]string{}
	for _, date := range []string{"2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30", "2027-01-01"} {
		s, err := k.DailySeed(date)
		if err != nil {
			t.Fatal(err)
		}
		public, _ := history.DailySeed(date)
		o, _ := other.DailySeed(date)
		switch {
		case date < k.From && s != public:
			t.Errorf("%s: seed %d before the key's first date; want the date's own, %d", date, s, public)
		case date >= k.From && (s == public || s == o || s < 1<<32):
			t.Errorf("%s: seed %d from the key's first date; want one of the key's own, 64 bits (the date's %d, another key's %d)", date, s, public, o)
		}
		if seen, ok := seeds[s]; ok {
			t.Errorf("%s and %s share seed %d", seen, date, s)
		}
		seeds[s] = date
	}
	if _, err := k.DailySeed("2026-13-01"); err == nil {
		t.Error("a seed for a date that is not one")
	}
	d, _ := open(t)
	d.key = k
	public := daily(t, "0000000000000001", "2026-11-30", 0, noon)
	if _, err := d.Record("SHA256:ann", public); !errors.Is(err, ErrRefused) {
		t.Errorf("a daily of 2026-11-30 on the date's own seed: %v; want refused", err)
	}
	seed, _ := k.DailySeed("2026-11-30")
	dealt := played(t, "0000000000000002", seed, 0, noon)
	dealt.Daily = "2026-11-30"
	record(t, d, "SHA256:ann", dealt)
}

// TestNewKeyBeginsTomorrow checks that a new key leaves today's challenge
// as it is: players may have begun it.
func TestNewKeyBeginsTomorrow(t *testing.T) {
	k, err := NewKey(time.Date(2026, 11, 28, 23, 59, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if k.From != "2026-11-29" || k.Secret == ([32]byte{}) {
		t.Errorf("NewKey: from %s, secret %x; want 2026-11-29 and a random secret", k.From, k.Secret)
	}
}
