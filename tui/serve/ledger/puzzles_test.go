//go:build serve

package ledger

import (
	"database/sql"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// openAt opens a new ledger of the test's in db whose clock is *now.
func openAt(t *testing.T, db ledgertest.Database, now *time.Time) *DB {
	t.Helper()
	opt := testOptions
	opt.clock = func() time.Time { return *now }
	d, err := Open(db.New(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// An answer is a player's answer to the puzzle of the day of noon, given
// at noon plus at.
type answer struct {
	name   string
	solved bool
	took   time.Duration
	at     time.Duration
}

// TestPuzzleBoardOrder records answers to the day's puzzle and checks the
// order of its board: the right answers by time taken, the shortest
// first, equal times by who answered first, then by fingerprint; the wrong
// ones left off but counted as tried.
func TestPuzzleBoardOrder(t *testing.T) { ledgertest.Run(t, testPuzzleBoardOrder) }

func testPuzzleBoardOrder(t *testing.T, db ledgertest.Database) {
	for _, tc := range []struct {
		name    string
		answers []answer
		want    []string // the names of the board, in order
	}{
		{"none", nil, nil},
		{"by time", []answer{{"Cy", true, 4200 * time.Millisecond, 0}, {"Ann", true, 1500 * time.Millisecond, time.Minute}, {"Bob", true, 3 * time.Second, 2 * time.Minute}},
			[]string{"Ann", "Bob", "Cy"}},
		{"ties by who answered first", []answer{{"Bob", true, 2 * time.Second, time.Minute}, {"Ann", true, 2 * time.Second, 2 * time.Minute}, {"Cy", true, 2 * time.Second, 0}},
			[]string{"Cy", "Bob", "Ann"}},
		{"same time, same moment: by key", []answer{{"Bob", true, time.Second, 0}, {"Ann", true, time.Second, 0}},
			[]string{"Ann", "Bob"}},
		{"wrong answers left off", []answer{{"Ann", false, 500 * time.Millisecond, 0}, {"Bob", true, 9 * time.Second, 0}, {"Cy", false, time.Second, 0}},
			[]string{"Bob"}},
		{"milliseconds count", []answer{{"Ann", true, 1001 * time.Millisecond, 0}, {"Bob", true, 1000 * time.Millisecond, time.Minute}},
			[]string{"Bob", "Ann"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			now := noon
			d := openAt(t, db, &now)
			solved := 0
			for _, a := range tc.answers {
				fp := "SHA256:" + a.name
				if _, err := d.Rename(fp, a.name); err != nil {
					t.Fatal(err)
				}
				now = noon.Add(a.at)
				if ok, err := d.AnswerPuzzle(fp, "2026-11-26", a.solved, a.took); !ok || err != nil {
					t.Fatalf("AnswerPuzzle(%s) = %v, %v; want recorded", a.name, ok, err)
				}
				if a.solved {
					solved++
				}
			}
			day, err := d.PuzzleBoard("2026-11-26", 10, "SHA256:nobody")
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for i, e := range day.Top {
				names = append(names, e.Name)
				if e.Place != i+1 || !e.Solved {
					t.Errorf("row %d = %+v; want place %d, right", i, e, i+1)
				}
				// Each player's own place agrees with the board's.
				mine, err := d.PuzzleBoard("2026-11-26", 0, e.Fingerprint)
				if err != nil || mine.Yours.Place != e.Place || len(mine.Top) != 0 {
					t.Errorf("the board of %s = %+v, %v; want place %d, no row", e.Name, mine, err, e.Place)
				}
			}
			if !slices.Equal(names, tc.want) || day.Tried != len(tc.answers) || day.Solved != solved || day.Yours.Fingerprint != "" {
				t.Errorf("PuzzleBoard = %v, %d tried, %d right, yours %+v; want %v, %d tried, %d right, none", names, day.Tried, day.Solved, day.Yours, tc.want, len(tc.answers), solved)
			}
		})
	}
}

// TestPuzzleAnswerOnce: a player's first answer is the one kept, a later
// one changes nothing, an answer to another day than today is refused,
// and the board keeps the player's own row, wrong or right.
func TestPuzzleAnswerOnce(t *testing.T) { ledgertest.Run(t, testPuzzleAnswerOnce) }

func testPuzzleAnswerOnce(t *testing.T, db ledgertest.Database) {
	now := noon
	d := openAt(t, db, &now)
	for _, fp := range []string{"SHA256:a", "SHA256:b"} {
		if _, err := d.Join(fp); err != nil {
			t.Fatal(err)
		}
	}
	if ok, err := d.AnswerPuzzle("SHA256:a", "2026-11-26", false, 3*time.Second); !ok || err != nil {
		t.Fatalf("the first answer: %v, %v; want recorded", ok, err)
	}
	now = noon.Add(time.Minute)
	if ok, err := d.AnswerPuzzle("SHA256:a", "2026-11-26", true, time.Second); ok || err != nil {
		t.Errorf("a second answer: %v, %v; want not recorded, no error", ok, err)
	}
	for _, date := range []string{"2026-11-25", "2026-11-27", "someday"} {
		if ok, err := d.AnswerPuzzle("SHA256:b", date, true, time.Second); ok || !errors.Is(err, ErrNotToday) {
			t.Errorf("an answer to the puzzle of %s = %v, %v; want ErrNotToday", date, ok, err)
		}
	}
	if ok, err := d.AnswerPuzzle("SHA256:b", "2026-11-26", true, -time.Second); !ok || err != nil {
		t.Fatalf("b's answer: %v, %v", ok, err)
	}
	day, err := d.PuzzleBoard("2026-11-26", 10, "SHA256:a")
	if err != nil {
		t.Fatal(err)
	}
	if y := day.Yours; y.Fingerprint != "SHA256:a" || y.Solved || y.Place != 0 || y.Took != 3*time.Second || !y.Answered.Equal(noon) || y.Name != DefaultName("SHA256:a") {
		t.Errorf("a's answer = %+v; want the first, wrong, 3 s, at noon, under the default name", y)
	}
	if day.Tried != 2 || day.Solved != 1 || len(day.Top) != 1 || day.Top[0].Fingerprint != "SHA256:b" || day.Top[0].Took != 0 {
		t.Errorf("the board = %+v; want b alone, in 0 s (a time below zero kept as zero), of 2 tried", day)
	}
	if other, err := d.PuzzleBoard("2026-11-25", 10, "SHA256:a"); err != nil || other.Tried != 0 || other.Yours.Fingerprint != "" {
		t.Errorf("the board of the day before = %+v, %v; want an empty one", other, err)
	}
}

// TestMigrateFromVersion8: a ledger of version 8 gets the table of the
// puzzle's answers, and keeps one then.
func TestMigrateFromVersion8(t *testing.T) {
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
	if _, err := raw.Exec(`DROP TABLE puzzle_answers; PRAGMA user_version = 8`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	opt := testOptions
	opt.clock = func() time.Time { return noon }
	d, err = Open(path, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if v, _ := d.Version(); v != 9 || len(migrations) != 9 {
		t.Errorf("Version() = %d of %d; want 9", v, len(migrations))
	}
	if ok, err := d.AnswerPuzzle("SHA256:p", "2026-11-26", true, time.Second); !ok || err != nil {
		t.Errorf("AnswerPuzzle after the migration = %v, %v", ok, err)
	}
}
