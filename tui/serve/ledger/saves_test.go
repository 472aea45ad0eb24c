//go:build serve

package ledger

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// loadGame returns the saved game of fp, failing the test on an error.
func loadGame(t testing.TB, d *DB, fp string) (SavedGame, bool) {
	t.Helper()
	g, ok, err := d.LoadGame(fp)
	if err != nil {
		t.Fatalf("LoadGame(%s) = %v", fp, err)
	}
	return g, ok
}

// TestSavedGames saves games in progress, each in place of the one before,
// and sets one aside: it is kept, with why, and the player has none.
func TestSavedGames(t *testing.T) {
	d, _ := open(t)
	if _, ok := loadGame(t, d, "SHA256:a"); ok {
		t.Fatal("LoadGame of a new player: a game")
	}
	for i, sync := range []bool{false, true, false} {
		g := SavedGame{Version: 1, Game: []byte{'{', byte('0' + i), '}'}}
		if err := d.SaveGame("SHA256:a", g, sync); err != nil {
			t.Fatal(err)
		}
		if got, ok := loadGame(t, d, "SHA256:a"); !ok || got.Version != 1 || !bytes.Equal(got.Game, g.Game) {
			t.Errorf("LoadGame after save %d = %+v, %v; want %+v", i, got, ok, g)
		}
	}
	if err := d.SaveGame("SHA256:b", SavedGame{Version: 1, Game: []byte("b")}, false); err != nil {
		t.Fatal(err)
	}
	if n := count(t, d, "saved_games"); n != 2 {
		t.Errorf("%d saved games; want one a player", n)
	}
	var mode int
	if err := d.db.QueryRow(`PRAGMA synchronous`).Scan(&mode); err != nil || mode != 1 {
		t.Errorf("synchronous = %d, %v after a save with sync; want 1, NORMAL", mode, err)
	}

	if err := d.SetAside("SHA256:a", "does not decode"); err != nil {
		t.Fatal(err)
	}
	if _, ok := loadGame(t, d, "SHA256:a"); ok {
		t.Error("a game set aside is still the player's")
	}
	var game []byte
	var why string
	if err := d.db.QueryRow(`SELECT game, why FROM damaged_games WHERE player = 'SHA256:a'`).Scan(&game, &why); err != nil || string(game) != "{2}" || why != "does not decode" {
		t.Errorf("the game set aside: %q, %q, %v; want {2}, does not decode", game, why, err)
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
	if err := migrate(ctx, raw, testOptions.Key, 2); err != nil {
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
	if v, _ := version(ctx, raw); v != 2 {
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
	if err := d.SaveGame("SHA256:old", SavedGame{Version: 1, Game: []byte("{}")}, true); err != nil {
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
	small := SavedGame{Version: 1, Game: []byte(`{"small":1}`)}
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
	big := SavedGame{Version: 1, Game: bytes.Repeat([]byte("U"), 64<<10)} // overflow pages
	for _, sync := range []bool{false, true} {
		err := d.SaveGame(fp, big, sync)
		if err == nil {
			t.Fatalf("a save of 64 KB in a full database (sync %v): no error", sync)
		}
		if msg := err.Error(); !strings.Contains(msg, "full") || strings.Contains(msg, fp) {
			t.Errorf("the error of a save in a full database = %q; want one that says full, without the key", msg)
		}
		if got, ok := loadGame(t, d, fp); !ok || !bytes.Equal(got.Game, small.Game) {
			t.Errorf("after a failed save (sync %v) the saved game is %.40q, %v; want the one before", sync, got.Game, ok)
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
	if got, _ := loadGame(t, d, fp); !bytes.Equal(got.Game, big.Game) {
		t.Error("the save made once there is room is not the saved game")
	}
}
