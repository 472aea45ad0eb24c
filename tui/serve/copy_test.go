//go:build serve

package serve

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/term2048/2048/tui/serve/ledger"
	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// TestCopyLedger copies the SQLite ledger of a server's directory to a new
// ledger of each database, which a server of that directory then opens
// with the player's game and history; a copy while a server holds the
// directory, and a second copy to the same ledger, are refused.
func TestCopyLedger(t *testing.T) { ledgertest.Run(t, testCopyLedger) }

func testCopyLedger(t *testing.T, db ledgertest.Database) {
	dir := t.TempDir()
	from, err := openLedger(dir, filepath.Join(dir, ledgerFile))
	if err != nil {
		t.Fatal(err)
	}
	const fp = "SHA256:p"
	g := gameOf(3, 10)
	if err := from.SaveGame(fp, g, true); err != nil {
		t.Fatal(err)
	}
	if refused, err := from.AppendHistory(fp, finishedGame(7, 20)); err != nil || refused != nil {
		t.Fatal(refused, err)
	}
	from.Close()

	to := db.New(t)
	cfg := Config{Dir: dir}
	copied, err := CopyLedger(cfg, to)
	if err != nil {
		t.Fatal(err)
	}
	if copied["saved_games"] != 1 || copied["history"] != 1 || copied["games"] != 1 {
		t.Errorf("CopyLedger copied %v; want the game saved, the line of the history and its game ranked", copied)
	}
	if _, err := CopyLedger(cfg, to); !errors.As(err, new(*ledger.CopyError)) {
		t.Errorf("a second copy to the same ledger: %v; want a *ledger.CopyError", err)
	}

	ts := startServer(t, Config{Dir: dir, Ledger: to})
	if back, ok, err := ts.ledger.LoadGame(fp); err != nil || !ok || !same(back, g) {
		t.Errorf("the server of the copy: LoadGame = %+v, %v, %v; want the game saved", back, ok, err)
	}
	if lines, err := ts.ledger.History(fp); err != nil || len(lines) != 1 {
		t.Errorf("the server of the copy: %d lines of history, %v; want 1", len(lines), err)
	}
	if board, err := ts.ledger.Best(false); err != nil || len(board) != 1 {
		t.Errorf("the server of the copy: the board %+v, %v; want the game ranked", board, err)
	}
	if _, err := CopyLedger(cfg, db.New(t)); err == nil || !strings.Contains(err.Error(), "another server") {
		t.Errorf("a copy while a server holds the directory: %v; want it refused", err)
	}
}
