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

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// loadGame returns the saved game of fp, failing the test on an error.
func loadGame(t testing.TB, d *DB, fp string) (playerdata.SavedGame, bool) {
	t.Helper()
	g, ok, err := d.LoadGame(fp)
	if err != nil {
		t.Fatalf("LoadGame(%s) = %v", fp, err)
	}
	return g, ok
}

// savedGame returns a game in progress of seed after n moves, with the
// ID of its seed.
func savedGame(seed uint64, n int) playerdata.SavedGame {
	g := engine.NewGame(seed)
	for g.MoveCount() < n && !g.Over() {
		for _, d := range []engine.Direction{engine.Down, engine.Left, engine.Right, engine.Up} {
			if _, ok := g.Move(d); ok {
				break
			}
		}
	}
	return playerdata.SavedGame{ID: fmt.Sprintf("%016x", seed), Game: g}
}

// sameGame reports whether a and b are the same game at the same move.
func sameGame(a, b playerdata.SavedGame) bool {
	return a.ID == b.ID && a.Race == b.Race && a.Game.Board() == b.Game.Board() && a.Game.MoveCount() == b.Game.MoveCount()
}

// TestSavedGames saves games in progress, each in place of the one before,
// and sets one aside: it is kept, with why, and the player has none.
func TestSavedGames(t *testing.T) { ledgertest.Run(t, testSavedGames) }

func testSavedGames(t *testing.T, db ledgertest.Database) {
	d, _ := openIn(t, db)
	if _, ok := loadGame(t, d, "SHA256:a"); ok {
		t.Fatal("LoadGame of a new player: a game")
	}
	var last playerdata.SavedGame
	for i, sync := range []bool{false, true, false} {
		last = savedGame(uint64(i+1), 10*i)
		if err := d.SaveGame("SHA256:a", last, sync); err != nil {
			t.Fatal(err)
		}
		if got, ok := loadGame(t, d, "SHA256:a"); !ok || !sameGame(got, last) {
			t.Errorf("LoadGame after save %d = %+v, %v; want %+v", i, got, ok, last)
		}
	}
	if err := d.SaveGame("SHA256:b", savedGame(9, 3), false); err != nil {
		t.Fatal(err)
	}
	if n := count(t, d, "saved_games"); n != 2 {
		t.Errorf("%d saved games; want one a player", n)
	}
	if d.dialect == sqliteDialect {
		var mode int
		if err := d.db.QueryRow(`PRAGMA synchronous`).Scan(&mode); err != nil || mode != 1 {
			t.Errorf("synchronous = %d, %v after a save with sync; want 1, NORMAL", mode, err)
		}
	}

	if err := d.SetAside("SHA256:a", "does not decode"); err != nil {
		t.Fatal(err)
	}
	if _, ok := loadGame(t, d, "SHA256:a"); ok {
		t.Error("a game set aside is still the player's")
	}
	var game []byte
	var version int
	var why string
	err := d.db.QueryRow(`SELECT game, version, why FROM damaged_games WHERE player = 'SHA256:a'`).Scan(&game, &version, &why)
	want, _ := playerdata.EncodeSavedGame(last)
	if err != nil || string(game) != string(want) || version != playerdata.SavedGameVersion || why != "does not decode" {
		t.Errorf("the game set aside: %q, version %d, %q, %v; want the last saved, does not decode", game, version, why, err)
	}
	if _, ok := loadGame(t, d, "SHA256:b"); !ok {
		t.Error("another player's game went with it")
	}
	if err := d.IntegrityCheck(); err != nil {
		t.Error(err)
	}
}

// TestMigrateFromVersion2 opens a file of the second schema, with a
// player, their name and a game, as a program of that version left it:
// they are kept, and the saved games can be written.
func TestMigrateFromVersion2(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := migrate(ctx, raw, sqliteDialect, testOptions.Key, 2); err != nil {
		t.Fatal(err)
	}
	g := daily(t, "0000000000000002", "2026-11-26", 0, noon)
	_, err = raw.Exec(`INSERT INTO players (fingerprint, created, name, chosen) VALUES ('SHA256:old', 1, 'ann', 1)`)
	if err == nil {
		_, err = raw.Exec(`INSERT INTO games VALUES ('SHA256:old', ?, ?, ?, ?, ?, ?, 0, 0, ?, '')`,
			g.ID, int64(g.Seed), g.Daily, g.Score, g.HighestTile(), g.MoveCount, g.Ended.Unix())
	}
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := sqliteVersion(ctx, raw); v != 2 {
		t.Fatalf("version %d; want 2", v)
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
	if p, err := d.Join("SHA256:old"); err != nil || p.Name != "ann" || !p.Chosen {
		t.Errorf("Join(old) = %+v, %v; want ann, chosen", p, err)
	}
	if board, err := d.Daily("2026-11-26", false); err != nil || len(board) != 1 || board[0].Score != g.Score {
		t.Errorf("Daily() = %+v, %v; want the old game", board, err)
	}
	if _, ok := loadGame(t, d, "SHA256:old"); ok {
		t.Error("a saved game after the migration; want none")
	}
	if err := d.SaveGame("SHA256:old", savedGame(5, 5), true); err != nil {
		t.Fatal(err)
	}
	if _, ok := loadGame(t, d, "SHA256:old"); !ok {
		t.Error("the game saved after the migration is not there")
	}
	if err := d.IntegrityCheck(); err != nil {
		t.Error(err)
	}
}

// TestSaveGameFull: a save that finds the database full (SQLITE_FULL, as
// on a full disk; here PRAGMA max_page_count) fails with a message that
// says so and names no key, keeps the game saved before, and leaves the
// connection as it was: once there is room, the next save is made.
func TestSaveGameFull(t *testing.T) {
	d, _ := open(t)
	const fp = "SHA256:full"
	small := savedGame(7, 3)
	if err := d.SaveGame(fp, small, false); err != nil {
		t.Fatal(err)
	}
	var pages int
	if err := d.db.QueryRow(`PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := d.db.Exec(fmt.Sprintf(`PRAGMA max_page_count = %d`, pages)); err != nil {
		t.Fatal(err)
	}
	big := savedGame(8, 3)
	big.Race = strings.Repeat("U", 64<<10) // overflow pages
	for _, sync := range []bool{false, true} {
		err := d.SaveGame(fp, big, sync)
		if err == nil {
			t.Fatalf("a save of 64 KB in a full database (sync %v): no error", sync)
		}
		if msg := err.Error(); !strings.Contains(msg, "full") || strings.Contains(msg, fp) {
			t.Errorf("the error of a save in a full database = %q; want one that says full, without the key", msg)
		}
		if got, ok := loadGame(t, d, fp); !ok || !sameGame(got, small) {
			t.Errorf("after a failed save (sync %v) the saved game is %q, %v; want the one before", sync, got.ID, ok)
		}
	}
	var mode int
	if err := d.db.QueryRow(`PRAGMA synchronous`).Scan(&mode); err != nil || mode != 1 {
		t.Errorf("synchronous = %d, %v after a failed save with sync; want 1, NORMAL", mode, err)
	}
	if err := d.IntegrityCheck(); err != nil {
		t.Error(err)
	}
	if _, err := d.db.Exec(`PRAGMA max_page_count = 1073741823`); err != nil {
		t.Fatal(err)
	}
	if err := d.SaveGame(fp, big, false); err != nil {
		t.Fatalf("a save once there is room: %v", err)
	}
	if got, _ := loadGame(t, d, fp); !sameGame(got, big) {
		t.Error("the save made once there is room is not the saved game")
	}
}

// TestSavedGameUndecodable: a game kept that does not decode gives an
// UndecodableError, and stays as it is until set aside.
func TestSavedGameUndecodable(t *testing.T) { ledgertest.Run(t, testSavedGameUndecodable) }

func testSavedGameUndecodable(t *testing.T, db ledgertest.Database) {
	d, _ := openIn(t, db)
	const fp = "SHA256:u"
	if err := d.SaveGame(fp, savedGame(2, 4), false); err != nil {
		t.Fatal(err)
	}
	const damaged = `{"version":1,"game":{"seed":`
	if _, err := d.db.Exec(`UPDATE saved_games SET game = $1 WHERE player = $2`, damaged, fp); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		_, ok, err := d.LoadGame(fp)
		var ue *UndecodableError
		if !ok || !errors.As(err, &ue) {
			t.Fatalf("LoadGame of a damaged game = %v, %v; want it there, and an UndecodableError", ok, err)
		}
	}
	if err := d.SetAside(fp, "does not decode"); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := d.LoadGame(fp); ok || err != nil {
		t.Errorf("LoadGame once set aside = %v, %v; want none", ok, err)
	}
}
