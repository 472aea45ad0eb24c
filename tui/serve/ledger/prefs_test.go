//go:build serve

package ledger

import (
	"bytes"
	"testing"

	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// TestPrefs: a player's preferences are kept byte for byte (a byte order
// mark, a text of no byte), replace those kept before, and are theirs
// alone; a player with none has none.
func TestPrefs(t *testing.T) { ledgertest.Run(t, testPrefs) }

func testPrefs(t *testing.T, db ledgertest.Database) {
	d, _ := openIn(t, db)
	if text, ok, err := d.LoadPrefs("SHA256:a"); err != nil || ok || text != nil {
		t.Fatalf("LoadPrefs of a player with none = %q, %v, %v; want none", text, ok, err)
	}
	for _, text := range [][]byte{
		[]byte("# mine\ntheme = \"dark\"   # at night\n"),
		[]byte("\uFEFFdepth = 3\n"),
		{},
		nil, // kept as no byte, not as none
	} {
		if err := d.SavePrefs("SHA256:a", text); err != nil {
			t.Fatal(err)
		}
		got, ok, err := d.LoadPrefs("SHA256:a")
		if err != nil || !ok || got == nil || !bytes.Equal(got, text) {
			t.Errorf("LoadPrefs after SavePrefs(%q) = %q, %v, %v", text, got, ok, err)
		}
	}
	if err := d.SavePrefs("SHA256:b", []byte("coach = true\n")); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := d.LoadPrefs("SHA256:a"); len(got) != 0 {
		t.Errorf("the preferences of a after b's were saved: %q; want a's", got)
	}
}

// TestImportPrefs: the preferences of a player's files are imported with
// the rest, unless the ledger keeps the player's already; files with none
// import none.
func TestImportPrefs(t *testing.T) { ledgertest.Run(t, testImportPrefs) }

func testImportPrefs(t *testing.T, db ledgertest.Database) {
	d, _ := openIn(t, db)
	file := []byte("# from the earlier server\nspeed = \"1s\"\n")
	if imported, _, err := d.Import("SHA256:a", Files{Prefs: file}); err != nil || !imported {
		t.Fatalf("Import = %v, %v", imported, err)
	}
	if got, ok, err := d.LoadPrefs("SHA256:a"); err != nil || !ok || !bytes.Equal(got, file) {
		t.Errorf("LoadPrefs after the import = %q, %v, %v; want the file's", got, ok, err)
	}

	newer := []byte("# from the earlier server\nspeed = \"0s\"\n")
	if err := d.SavePrefs("SHA256:b", newer); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Import("SHA256:b", Files{Prefs: file}); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := d.LoadPrefs("SHA256:b"); !bytes.Equal(got, newer) {
		t.Errorf("LoadPrefs after an import over preferences kept = %q; want those kept, %q", got, newer)
	}

	if _, _, err := d.Import("SHA256:c", Files{}); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := d.LoadPrefs("SHA256:c"); err != nil || ok {
		t.Errorf("LoadPrefs after an import of no preferences = %q, %v, %v; want none", got, ok, err)
	}
}
