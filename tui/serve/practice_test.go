//go:build serve

package serve

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/practice/deck"
)

// TestPracticeSetAside: a practice in the ledger that does not decode is
// set aside, kept, with a message, and a new one begins in its place.
func TestPracticeSetAside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ledgerFile)
	db, err := openLedger(dir, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	p := &ledgerPlayer{files: &playerdata.Files{StateDir: filepath.Join(dir, "state")}, db: db, player: "SHA256:p"}
	if err := p.SavePractice(&deck.Deck{Scanned: []string{"g1"}}); err != nil {
		t.Fatal(err)
	}
	damage(t, path, `UPDATE practice SET data = CAST('2048-practice 1 crc32c 00000000' || char(10) || '{}' AS BLOB) WHERE player = 'SHA256:p'`)
	d, err := p.LoadPractice()
	if err == nil || !strings.Contains(err.Error(), "set aside") || d == nil || len(d.Scanned) != 0 {
		t.Fatalf("LoadPractice of a damaged practice = %+v, %v; want an empty deck and a message that it was set aside", d, err)
	}
	if n, err := db.PracticesAside(p.player); n != 1 || err != nil {
		t.Errorf("PracticesAside = %d, %v; want 1", n, err)
	}
	if d, err := p.LoadPractice(); err != nil || len(d.Scanned) != 0 {
		t.Errorf("LoadPractice once set aside = %+v, %v; want an empty deck", d, err)
	}
}
