package playerdata

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
)

// A SavedGame is the game in progress with what the statistics need to know
// about it.
type SavedGame struct {
	// ID names the game; its line in the history will have the same (see
	// history.Game.ID). A game saved by a version that gave none gets one
	// worked out from it (see derivedID).
	ID         string       `json:"id,omitempty"`
	Game       *engine.Game `json:"game"`
	Hinted     bool         `json:"hinted,omitempty"`     // a hint of the AI reached the player in this game
	Autoplayed bool         `json:"autoplayed,omitempty"` // the AI played moves of this game
	WinSeen    bool         `json:"win_seen,omitempty"`   // the player has seen the "you made 2048" banner
	// By says who made each move, a letter a move (see review.Movers); a
	// game saved by a version that did not record it has none, and
	// records none.
	By review.Movers `json:"by,omitempty"`
	// Played is the time played so far, in nanoseconds: a pause counts
	// up to a bound the game sets.
	Played time.Duration `json:"played,omitempty"`
	// Undos counts the moves taken back; Peak is the highest score the
	// game has reached, moves taken back since included (see
	// history.Record).
	Undos int `json:"undos,omitempty"`
	Peak  int `json:"peak,omitempty"`
	// SetUp is set for a game begun from a position set up (2048 -board,
	// or taken over from a replay): its records are kept apart.
	SetUp bool `json:"set_up,omitempty"`
	// Daily is the date of the daily challenge the game is an attempt at,
	// or "" (see history.Record.Daily).
	Daily string `json:"daily,omitempty"`
	// Race is the code of the race against a friend the game was played
	// in (2048 serve), or "" (see history.Record.Race).
	Race string `json:"race,omitempty"`
	// Counted is from versions before the history: their statistics
	// counted this game already (it had ended). The game clears it when it
	// carries those statistics into the history.
	Counted bool `json:"counted,omitempty"`
}

type savedGameJSON struct {
	Version int `json:"version"`
	SavedGame
}

// A GameSaver keeps the game in progress: a Files in its file, game.json,
// for a local game; 2048 serve in its database, for a player's. Its
// methods keep the rules of Files': LoadGame returns an error satisfying
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

var _ GameSaver = (*Files)(nil)

// SavedGameVersion is the version of the encoding of a saved game
// (EncodeSavedGame), which DecodeSavedGame reads.
const SavedGameVersion = storeVersion

// EncodeSavedGame encodes g as the game saves it in its file, game.json,
// which DecodeSavedGame decodes: for a Store that keeps the game in
// progress elsewhere (the ledger of 2048 serve), so that the format is
// defined here only.
func EncodeSavedGame(g SavedGame) ([]byte, error) {
	return json.Marshal(savedGameJSON{storeVersion, g})
}

// DecodeSavedGame decodes the contents of a saved game's file, game.json,
// as LoadGame reads it: for the commands that read such a file (2048
// review) and the Stores that keep the game elsewhere (the ledger), so
// that its format is defined here only.
func DecodeSavedGame(data []byte) (SavedGame, error) {
	var j savedGameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return SavedGame{}, err
	}
	if n := j.Version; n > storeVersion {
		return SavedGame{}, fmt.Errorf("written by a newer 2048, version %d; this one reads version %d", n, storeVersion)
	} else if n != storeVersion {
		return SavedGame{}, fmt.Errorf("version %d; this program reads version %d", n, storeVersion)
	}
	if err := j.check(); err != nil {
		return SavedGame{}, err
	}
	return j.SavedGame, nil
}

// check returns what is wrong with a saved game just decoded, if anything,
// and gives a game saved by an earlier version what it did not keep: an ID
// worked out from it, and its score as its peak.
func (j *savedGameJSON) check() error {
	switch {
	case j.Game == nil:
		return errors.New("no game in the file")
	case j.Undos < 0:
		return fmt.Errorf("%d undos", j.Undos)
	}
	if err := history.CheckID(j.ID); err != nil {
		return err
	}
	if j.ID == "" {
		j.ID = derivedID(j.Game)
	}
	j.Peak = max(j.Peak, j.Game.Score())
	return nil
}

// derivedID returns the ID of a game saved by a version of 2048 that gave
// none, worked out from its seed and start board: the same saved file gets
// the same ID at every start, so that leaving it twice — after a crash, or
// with a state directory that cannot be written — still records it once.
func derivedID(g *engine.Game) string {
	h := fnv.New64a()
	var buf [16]byte
	binary.LittleEndian.PutUint64(buf[:8], g.Seed())
	binary.LittleEndian.PutUint64(buf[8:], uint64(g.Start()))
	h.Write(buf[:])
	return fmt.Sprintf("%016x", h.Sum64())
}

// Movers returns who made each move of the game, or nil if the game does
// not know (it began before the game recorded it).
func (s *SavedGame) Movers() review.Movers {
	if len(s.By) != s.Game.MoveCount() {
		return nil
	}
	return s.By
}

// Moved records who made the move just played, if the game knows who
// made the others, and the score it reached.
func (s *SavedGame) Moved(by review.Mover) {
	if len(s.By) == s.Game.MoveCount()-1 {
		s.By = append(s.By, by)
	}
	s.Peak = max(s.Peak, s.Game.Score())
}

// Undone counts a move taken back, and forgets who made it.
func (s *SavedGame) Undone() {
	s.Undos++
	if n := s.Game.MoveCount(); len(s.By) > n {
		s.By = s.By[:n]
	}
}
