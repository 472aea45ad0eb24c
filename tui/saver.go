package tui

import "encoding/json"

// A GameSaver keeps the game in progress: a Store in its file, game.json,
// for a local game; 2048 serve in its database, for a player's. Its
// methods keep the rules of Store's: LoadGame returns an error satisfying
// errors.Is(err, fs.ErrNotExist) when there is no saved game; a saved game
// that does not decode is set aside, never written over, and the error
// says where; one that cannot be read at all is left as it is, and
// SaveGame then refuses to write over it. Errors are shown to the player.
type GameSaver interface {
	LoadGame() (SavedGame, error)
	// SaveGame writes g in place of the game saved before, at once; with
	// sync, the save survives a crash of the machine too.
	SaveGame(g SavedGame, sync bool) error
}

var _ GameSaver = (*Store)(nil)

// SavedGameVersion is the version of the encoding of a saved game
// (EncodeSavedGame), which DecodeSavedGame reads.
const SavedGameVersion = storeVersion

// EncodeSavedGame encodes g as the game saves it in its file, game.json,
// which DecodeSavedGame decodes: for a GameSaver other than the Store, so
// that the format is defined here only.
func EncodeSavedGame(g SavedGame) ([]byte, error) {
	return json.Marshal(savedGameJSON{storeVersion, g})
}
