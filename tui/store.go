package tui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/adrg/xdg"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/atomicfile"
)

// storeVersion is the version of the files a Store writes.
const storeVersion = 1

// A Store keeps the game in progress and the player's statistics on disk:
// the game under StateDir, the statistics under DataDir. Files are written
// atomically, and a file that cannot be read is moved aside, never
// overwritten, so that no mistake of this program loses the player's data.
type Store struct {
	StateDir string // the game in progress, $XDG_STATE_HOME/2048
	DataDir  string // best score and statistics, $XDG_DATA_HOME/2048
}

// DefaultStore returns the store in the user's XDG directories.
func DefaultStore() Store {
	xdg.Reload() // read the environment now, not at package init
	return Store{
		StateDir: filepath.Join(xdg.StateHome, "2048"),
		DataDir:  filepath.Join(xdg.DataHome, "2048"),
	}
}

// A SavedGame is the game in progress with what the statistics need to know
// about it.
type SavedGame struct {
	Game       *engine.Game `json:"game"`
	Hinted     bool         `json:"hinted,omitempty"`     // the player asked for a hint in this game
	Autoplayed bool         `json:"autoplayed,omitempty"` // the AI played moves of this game
	WinSeen    bool         `json:"win_seen,omitempty"`   // the player has seen the "you win" message
	Counted    bool         `json:"counted,omitempty"`    // the game is already in the statistics (it ended)
}

type savedGameJSON struct {
	Version int `json:"version"`
	SavedGame
}

// Stats are the player's statistics over all games.
type Stats struct {
	BestScore       int `json:"best_score"`
	HighestTile     int `json:"highest_tile"`
	GamesPlayed     int `json:"games_played"`
	GamesWon        int `json:"games_won"`        // games that made 2048
	GamesHinted     int `json:"games_hinted"`     // games in which a hint was asked
	GamesAutoplayed int `json:"games_autoplayed"` // games in which the AI played
}

type statsJSON struct {
	Version int `json:"version"`
	Stats
}

// A CorruptError says that a file could not be read and where it was moved.
type CorruptError struct {
	Path    string // the file that could not be read
	MovedTo string // where it now is; empty if moving it failed too
	Err     error  // why it could not be read
}

// Error says which file is corrupt, why, and where it was moved.
func (e *CorruptError) Error() string {
	if e.MovedTo == "" {
		return fmt.Sprintf("%s cannot be read (%v) and could not be moved aside", e.Path, e.Err)
	}
	return fmt.Sprintf("%s cannot be read (%v); it was moved to %s", e.Path, e.Err, e.MovedTo)
}

// Unwrap returns the error that made the file unreadable.
func (e *CorruptError) Unwrap() error { return e.Err }

func (s Store) gamePath() string  { return filepath.Join(s.StateDir, "game.json") }
func (s Store) statsPath() string { return filepath.Join(s.DataDir, "stats.json") }

// LoadGame reads the game in progress. With no saved game it returns an
// error satisfying errors.Is(err, fs.ErrNotExist); with an unreadable one, a
// *CorruptError after moving the file aside.
func (s Store) LoadGame() (SavedGame, error) {
	var j savedGameJSON
	if err := s.load(s.gamePath(), &j); err != nil {
		return SavedGame{}, err
	}
	if j.Game == nil {
		return SavedGame{}, s.moveAside(s.gamePath(), errors.New("no game in the file"))
	}
	return j.SavedGame, nil
}

// SaveGame writes the game in progress atomically. With sync it also waits
// until the file is on the disk (a few milliseconds); without, a crash of the
// machine, though not of the program, may lose the last moves. The game
// saves without sync after every move and with sync when it ends or quits.
func (s Store) SaveGame(g SavedGame, sync bool) error {
	return s.save(s.StateDir, s.gamePath(), savedGameJSON{storeVersion, g}, sync)
}

// LoadStats reads the statistics: zero with no file, and zero with a
// *CorruptError after moving an unreadable file aside.
func (s Store) LoadStats() (Stats, error) {
	var j statsJSON
	err := s.load(s.statsPath(), &j)
	if errors.Is(err, fs.ErrNotExist) {
		return Stats{}, nil
	}
	if err != nil {
		return Stats{}, err
	}
	return j.Stats, nil
}

// SaveStats writes the statistics.
func (s Store) SaveStats(st Stats) error {
	return s.save(s.DataDir, s.statsPath(), statsJSON{Version: storeVersion, Stats: st}, true)
}

// load decodes the file at path into v, which has a Version field; a file
// that does not decode, or is of another version, is moved aside.
func (s Store) load(path string, v interface{ version() int }) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return s.moveAside(path, err)
	}
	if n := v.version(); n != storeVersion {
		return s.moveAside(path, fmt.Errorf("version %d; this program reads version %d", n, storeVersion))
	}
	return nil
}

func (j *savedGameJSON) version() int { return j.Version }
func (j *statsJSON) version() int     { return j.Version }

// moveAside renames an unreadable file to a name of its own, so that a new
// file can be written and the old one is kept for the player.
func (s Store) moveAside(path string, cause error) error {
	to := fmt.Sprintf("%s.unreadable-%s", path, time.Now().Format("20060102-150405"))
	if err := os.Rename(path, to); err != nil {
		return &CorruptError{Path: path, Err: cause}
	}
	return &CorruptError{Path: path, MovedTo: to, Err: cause}
}

// save writes v as JSON to path atomically, in dir, which it creates if
// need be; with sync it waits for the disk.
func (s Store) save(dir, path string, v any, sync bool) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encoding %s: %w", path, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("saving: %w", err)
	}
	if err := atomicfile.WriteFile(path, data, 0o644, sync); err != nil {
		return fmt.Errorf("saving: %w", err)
	}
	return nil
}
