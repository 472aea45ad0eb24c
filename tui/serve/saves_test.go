//go:build serve

package serve

import (
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/dirlock"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/playerdata/storetest"
	"github.com/term2048/2048/tui/serve/ledger"
	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// openLedger opens the ledger at source (see ledger.Open) with the key of
// the server of dir, made if it has none, as the server opens it.
func openLedger(dir, source string) (*ledger.DB, error) {
	key, err := loadKey(keyFilePath{filepath.Join(dir, keyFile), true}, time.Now())
	if err != nil {
		return nil, err
	}
	return ledger.Open(source, ledger.Options{Key: key})
}

// testSaves returns the saver of a player of a new ledger, in SQLite,
// and the player's files, in directories of the test's.
func testSaves(t testing.TB) (*ledgerPlayer, *playerdata.Files) {
	t.Helper()
	return testSavesIn(t, ledgertest.SQLite)
}

// testSavesIn returns the saver of a player of a new ledger in db, and
// the player's files, in directories of the test's.
func testSavesIn(t testing.TB, in ledgertest.Database) (*ledgerPlayer, *playerdata.Files) {
	t.Helper()
	dir := t.TempDir()
	db, err := openLedger(dir, in.New(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	files := &playerdata.Files{StateDir: filepath.Join(dir, "state"), DataDir: filepath.Join(dir, "data")}
	return &ledgerPlayer{files: files, db: db, player: "SHA256:p"}, files
}

// gameOf returns a saved game of seed, played n moves.
func gameOf(seed uint64, n int) playerdata.SavedGame {
	g := engine.NewGame(seed)
	for g.MoveCount() < n && !g.Over() {
		for d := range engine.Direction(engine.NumDirections) {
			if _, ok := g.Move(d); ok {
				break
			}
		}
	}
	return playerdata.SavedGame{ID: "00000000000000ab", Game: g, Hinted: true}
}

// same reports whether a and b are the same game at the same move.
func same(a, b playerdata.SavedGame) bool {
	return a.ID == b.ID && a.Hinted == b.Hinted && a.Game.Board() == b.Game.Board() &&
		a.Game.MoveCount() == b.Game.MoveCount() && a.Game.Score() == b.Game.Score()
}

// TestGameSavers saves games in progress with the two savers, the files
// of a local game and a player's ledger: none at first, then each save in
// place of the one before.
func TestGameSavers(t *testing.T) {
	saves, _ := testSaves(t)
	_, files := testSaves(t) // apart: the ledger would import the files' game
	for name, s := range map[string]playerdata.GameSaver{"files": files, "ledger": saves} {
		if _, err := s.LoadGame(); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: LoadGame with none saved = %v; want fs.ErrNotExist", name, err)
		}
		for i, n := range []int{0, 5, 40} {
			g := gameOf(3, n)
			if err := s.SaveGame(g, i == 2); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if back, err := s.LoadGame(); err != nil || !same(back, g) {
				t.Errorf("%s: LoadGame after a save of %d moves = %+v, %v", name, n, back, err)
			}
		}
	}
}

// damage runs statement, which damages the ledger at path, on a
// connection of its own, as a fault of the disk or an operator would.
func damage(t *testing.T, path, statement string) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(statement); err != nil {
		t.Fatal(err)
	}
}

// TestLedgerPlayerStore runs the suite of a player's data on the data of
// a player of a server that keeps a ledger, in each database.
func TestLedgerPlayerStore(t *testing.T) {
	ledgertest.Run(t, func(t *testing.T, db ledgertest.Database) {
		storetest.Run(t, func(t *testing.T) playerdata.Store {
			p, files := testSavesIn(t, db)
			files.ConfigDir = filepath.Join(filepath.Dir(files.StateDir), "config")
			files.CacheDir = filepath.Join(filepath.Dir(files.StateDir), "cache")
			return p
		})
	})
}

// TestSavesSetAside: a game in the ledger that does not decode is set
// aside with a message, and the next game is saved in its place.
func TestSavesSetAside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ledgerFile)
	db, err := openLedger(dir, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	saves := &ledgerPlayer{files: &playerdata.Files{StateDir: filepath.Join(dir, "state")}, db: db, player: "SHA256:p"}
	if err := saves.SaveGame(gameOf(3, 2), false); err != nil {
		t.Fatal(err)
	}
	damage(t, path, `UPDATE saved_games SET game = '{"version":1,"game":{"seed":' WHERE player = 'SHA256:p'`)
	_, err = saves.LoadGame()
	if err == nil || errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "keeps it apart") {
		t.Fatalf("LoadGame of a damaged game = %v; want it said to be set aside", err)
	}
	if _, err := saves.LoadGame(); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("LoadGame once set aside = %v; want fs.ErrNotExist", err)
	}
	g := gameOf(4, 2)
	if err := saves.SaveGame(g, false); err != nil {
		t.Fatal(err)
	}
	if back, err := saves.LoadGame(); err != nil || !same(back, g) {
		t.Errorf("LoadGame = %+v, %v; want the new game", back, err)
	}
}

// TestSavesImport: a player with a game.json, saved by a server of an
// earlier version, and no game in the ledger gets it there at login; the
// file is renamed, and the game read from the ledger from then on.
func TestSavesImport(t *testing.T) {
	saves, files := testSaves(t)
	g := gameOf(5, 12)
	if err := files.SaveGame(g, true); err != nil {
		t.Fatal(err)
	}
	back, err := saves.LoadGame()
	if err != nil || !same(back, g) {
		t.Fatalf("LoadGame = %+v, %v; want the game of game.json", back, err)
	}
	if _, err := os.Stat(files.GamePath()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("game.json is still there (%v); want it renamed", err)
	}
	if _, err := os.Stat(files.GamePath() + importedSuffix); err != nil {
		t.Errorf("game.json%s: %v", importedSuffix, err)
	}
	again := &ledgerPlayer{files: files, db: saves.db, player: saves.player}
	if back, err := again.LoadGame(); err != nil || !same(back, g) {
		t.Errorf("LoadGame at the next login = %+v, %v; want the game imported", back, err)
	}
}

// TestSavesUnreadableFile: a game.json that cannot be read is left as it
// is, and no game is saved over it in the ledger, which would hide it.
func TestSavesUnreadableFile(t *testing.T) {
	saves, files := testSaves(t)
	if err := os.MkdirAll(files.GamePath(), 0o755); err != nil { // a directory: not a file to read
		t.Fatal(err)
	}
	var unreadable *playerdata.UnreadableError
	if _, err := saves.LoadGame(); !errors.As(err, &unreadable) {
		t.Fatalf("LoadGame = %v; want a *playerdata.UnreadableError", err)
	}
	if err := saves.SaveGame(gameOf(6, 1), false); err == nil {
		t.Error("SaveGame over a game.json that could not be read succeeded")
	}
	if _, ok, _ := saves.db.LoadGame(saves.player); ok {
		t.Error("a game in the ledger; want none")
	}
}

// TestResumeFromLedger plays moves over SSH, drops the connection, logs
// in again and finds the game at the same move, from the ledger: every
// move seen, and the one in flight if the server had it (playMoves may
// send an arrow more than the moves it waits for).
func TestResumeFromLedger(t *testing.T) {
	ledgertest.Run(t, testResumeFromLedger)
}

func testResumeFromLedger(t *testing.T, db ledgertest.Database) {
	ts := startServer(t, Config{Ledger: db.New(t)})
	key := newKey(t)
	term := ts.play(t, key, 80, 30)
	term.playMoves(5)
	played := moves(t, term.text())
	term.sess.Close() // no q: the connection drops
	ts.log.waitFor(t, `msg="session end"`)
	g, ok, err := ts.ledger.LoadGame(ssh.FingerprintSHA256(key.PublicKey()))
	if err != nil || !ok {
		t.Fatalf("the game is not in the ledger: %v", err)
	}
	if g.Game.MoveCount() < played {
		t.Fatalf("the ledger holds a game of %d moves; want the %d seen at least", g.Game.MoveCount(), played)
	}
	again := ts.play(t, key, 80, 30)
	again.waitText("Welcome back")
	if n := moves(t, again.text()); n != g.Game.MoveCount() {
		t.Errorf("resumed at %d moves; want the ledger's %d", n, g.Game.MoveCount())
	}
}

// TestImportAtLogin: a player whose game.json and history a server of an
// earlier version left logs in and plays the game on, their history in
// the ledger.
func TestImportAtLogin(t *testing.T) {
	ts := startServer(t, Config{})
	key := newKey(t)
	sum := sha256.Sum256(key.PublicKey().Marshal())
	files, err := ts.store(base64.RawURLEncoding.EncodeToString(sum[:]))
	if err != nil {
		t.Fatal(err)
	}
	g := gameOf(8, 9)
	if err := files.SaveGame(g, true); err != nil {
		t.Fatal(err)
	}
	left := finishedGame(7, 20)
	if err := files.AppendHistory(left); err != nil {
		t.Fatal(err)
	}
	term := ts.play(t, key, 80, 30)
	term.waitText("Welcome back")
	if n := moves(t, term.text()); n != 9 {
		t.Errorf("%d moves on screen; want the 9 of game.json", n)
	}
	if _, err := os.Stat(files.GamePath() + importedSuffix); err != nil {
		t.Errorf("game.json not renamed once imported: %v", err)
	}
	if _, err := os.Stat(files.HistoryPath() + importedSuffix); err != nil {
		t.Errorf("history.jsonl not renamed once imported: %v", err)
	}
	if lines, err := ts.ledger.History(ssh.FingerprintSHA256(key.PublicKey())); err != nil || len(lines) != 1 {
		t.Errorf("the history in the ledger: %d lines, %v; want the game of history.jsonl", len(lines), err)
	}
}

// BenchmarkSave saves a game in progress of 300 moves, as after a move
// (no sync), in a player's files and in the ledger.
func BenchmarkSave(b *testing.B) {
	saves, _ := testSaves(b)
	_, files := testSaves(b)
	g := gameOf(9, 300)
	for _, s := range []struct {
		name  string
		saver playerdata.GameSaver
	}{{"files", files}, {"ledger", saves}} {
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := s.saver.SaveGame(g, false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestSavesLogged: the saves that start to fail, and work again, are
// logged once each, not at every move.
func TestSavesLogged(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ledgerFile)
	db, err := openLedger(dir, path)
	if err != nil {
		t.Fatal(err)
	}
	var logged strings.Builder
	saves := &ledgerPlayer{files: &playerdata.Files{StateDir: filepath.Join(dir, "state")}, db: db, player: "SHA256:p",
		log: slog.New(slog.NewTextHandler(&logged, nil))}
	if err := saves.SaveGame(gameOf(3, 1), false); err != nil {
		t.Fatal(err)
	}
	db.Close() // every save fails, as on a full disk
	for n := 2; n <= 4; n++ {
		if err := saves.SaveGame(gameOf(3, n), false); err == nil {
			t.Fatal("a save to a closed ledger: no error")
		}
	}
	if saves.db, err = openLedger(dir, path); err != nil {
		t.Fatal(err)
	}
	defer saves.db.Close()
	for n := 5; n <= 6; n++ {
		if err := saves.SaveGame(gameOf(3, n), false); err != nil {
			t.Fatal(err)
		}
	}
	text := logged.String()
	if strings.Count(text, "game not saved") != 1 || strings.Count(text, "game saved again") != 1 ||
		strings.Index(text, "game not saved") > strings.Index(text, "game saved again") {
		t.Errorf("the log of 1 save, 3 failed, 2 saved:\n%s\nwant one line when the saves fail, one when they work again", text)
	}
}

// TestLockAcrossServers: the data of a player that a game on one server
// holds is refused to a game on another server of the same database with
// the error of a second session (*dirlock.HeldError, which the player
// sees as a game open in another session), until the first releases it.
func TestLockAcrossServers(t *testing.T) {
	ledgertest.Run(t, func(t *testing.T, db ledgertest.Database) {
		dir, source := t.TempDir(), db.New(t)
		var players [2]*ledgerPlayer
		for i := range players {
			d, err := openLedger(dir, source)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			files := &playerdata.Files{StateDir: filepath.Join(dir, "state"), DataDir: filepath.Join(dir, "data")}
			players[i] = &ledgerPlayer{files: files, db: d, player: "SHA256:p"}
		}
		release, err := players[0].Lock()
		if err != nil {
			t.Fatal(err)
		}
		var held *dirlock.HeldError
		if _, err := players[1].Lock(); !errors.As(err, &held) {
			t.Errorf("Lock on the second server while the first holds the player = %v; want a *dirlock.HeldError", err)
		}
		release()
		again, err := players[1].Lock()
		if err != nil {
			t.Errorf("Lock on the second server once the first released the player = %v", err)
		}
		again()
	})
}
