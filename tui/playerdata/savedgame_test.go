package playerdata

import (
	"fmt"
	"os"
	"testing"

	"github.com/term2048/2048/engine"
)

// TestEncodeSavedGame: a saved game encodes as its file holds it, and
// decodes back; a game cut short, or of no game, does not.
func TestEncodeSavedGame(t *testing.T) {
	s := tempFiles(t)
	e := engine.NewGame(13)
	playSome(e, 40)
	g := SavedGame{ID: "bbbbbbbbbbbbbbbb", Game: e}
	if err := s.SaveGame(g, true); err != nil {
		t.Fatal(err)
	}
	data, err := EncodeSavedGame(g)
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(s.GamePath())
	if err != nil || string(file) != string(data) {
		t.Errorf("EncodeSavedGame = %s; want the file's %s (%v)", data, file, err)
	}
	back, err := DecodeSavedGame(data)
	if err != nil || back.ID != g.ID || back.Game.Board() != g.Game.Board() || back.Game.MoveCount() != g.Game.MoveCount() {
		t.Errorf("DecodeSavedGame(EncodeSavedGame(g)) = %+v, %v; want %+v", back, err, g)
	}
	if _, err := DecodeSavedGame(data[:len(data)-1]); err == nil {
		t.Error("a game cut short decodes")
	}
	if _, err := DecodeSavedGame([]byte(fmt.Sprintf(`{"version":%d,"game":null}`, SavedGameVersion))); err == nil {
		t.Error("a saved game of no game decodes")
	}
}
