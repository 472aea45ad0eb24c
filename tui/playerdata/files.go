// Package playerdata keeps a player's data: the game in progress
// (SavedGame, and its encoding), the history of finished games and its
// index, the games waiting for the history, the reviews of the AI kept,
// and the place of the preferences. A local player's data is files
// (Files), in the XDG directories; the game's screens only ask for it.
package playerdata

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/adrg/xdg"

	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/tui/atomicfile"
	"github.com/term2048/2048/tui/prefs"
)

// storeVersion is the version of the files a Files writes.
const storeVersion = 1

// A Files keeps a local player's data on disk, the Store of a local game:
// the game in progress under StateDir; the history of finished games and
// the reviews kept under DataDir; the index of the history under
// CacheDir; the preferences under ConfigDir. Files are written
// atomically, and a file that cannot be read is never written over: one
// that does not decode is moved aside, and one that cannot be read at all
// is left as it is and not written for the rest of the session, so that no
// mistake of this program, nor of the system, loses the player's data.
type Files struct {
	StateDir  string // the game in progress, $XDG_STATE_HOME/2048
	DataDir   string // the history of finished games, $XDG_DATA_HOME/2048
	ConfigDir string // the preferences, $XDG_CONFIG_HOME/2048
	CacheDir  string // what can be made again from the rest, $XDG_CACHE_HOME/2048; "" keeps none

	// Shown, if set, is the directory that the messages to the player
	// name the files from: 2048 serve gives the player's own directory,
	// so that a player reads "state/game.json", not where on the server
	// their files are kept.
	Shown string

	kept map[string]error // files not to write, and why
}

// ForPlayer returns text, a message for the player, with the files it
// names as the player sees them (see Shown). A nil Files changes nothing.
func (s *Files) ForPlayer(text string) string {
	if s == nil || s.Shown == "" {
		return text
	}
	return strings.ReplaceAll(text, s.Shown+string(filepath.Separator), "")
}

// Ranks returns nil: a local player's games are ranked nowhere.
func (s *Files) Ranks() Ranks { return nil }

// DefaultFiles returns the files of the player in the user's XDG
// directories.
func DefaultFiles() Files {
	xdg.Reload() // read the environment now, not at package init
	return Files{
		StateDir:  filepath.Join(xdg.StateHome, "2048"),
		DataDir:   filepath.Join(xdg.DataHome, "2048"),
		ConfigDir: filepath.Join(xdg.ConfigHome, "2048"),
		CacheDir:  filepath.Join(xdg.CacheHome, "2048"),
	}
}

// oldStats are the statistics of the versions before the history, in
// stats.json: MigrateStats carries them into the history once.
type oldStats struct {
	BestScore       int `json:"best_score"`
	HighestTile     int `json:"highest_tile"`
	GamesPlayed     int `json:"games_played"`
	GamesWon        int `json:"games_won"`
	GamesHinted     int `json:"games_hinted"`
	GamesAutoplayed int `json:"games_autoplayed"`
}

type statsJSON struct {
	Version int `json:"version"`
	oldStats
}

// A CorruptError says that a file could not be decoded and where it was
// moved: the game starts a new file in its place, and the old one is kept
// for the player.
type CorruptError struct {
	Path    string // the file that could not be decoded
	MovedTo string // where it now is; empty if moving it failed too
	Err     error  // why it could not be decoded
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

// An UnreadableError says that a file could not be read at all (permission
// denied, an I/O error, not a regular file, a newer version): it is left
// where it is, as it is, and the Files does not write it for the rest of the
// session, so that fixing the cause brings the player's data back.
type UnreadableError struct {
	Path string
	Err  error
}

// Error says which file cannot be read and that it is left alone.
func (e *UnreadableError) Error() string {
	return fmt.Sprintf("%s cannot be read (%v); it is left as it is and not written over", e.Path, e.Err)
}

// Unwrap returns the error that made the file unreadable.
func (e *UnreadableError) Unwrap() error { return e.Err }

func (s *Files) gamePath() string  { return filepath.Join(s.StateDir, "game.json") }
func (s *Files) statsPath() string { return filepath.Join(s.DataDir, "stats.json") } // before the history

// GamePath returns the file of the game in progress, game.json.
func (s *Files) GamePath() string { return s.gamePath() }

// PrefsPath returns where the preferences are: config.toml in ConfigDir.
func (s *Files) PrefsPath() string { return filepath.Join(s.ConfigDir, "config.toml") }

// Prefs returns the preferences' file, config.toml in ConfigDir.
func (s *Files) Prefs() prefs.Storage { return prefs.Path(s.PrefsPath()) }

// LoadGame reads the game in progress. With no saved game it returns an
// error satisfying errors.Is(err, fs.ErrNotExist); with one that does not
// decode, a *CorruptError after moving the file aside; with one that cannot
// be read, an *UnreadableError, and SaveGame then refuses to write it.
func (s *Files) LoadGame() (SavedGame, error) {
	var j savedGameJSON
	if err := s.load(s.gamePath(), &j); err != nil {
		return SavedGame{}, err
	}
	if err := j.check(); err != nil {
		return SavedGame{}, moveAside(s.gamePath(), err, time.Now())
	}
	return j.SavedGame, nil
}

// SaveGame writes the game in progress atomically. With sync it also waits
// until the file is on the disk (a few milliseconds); without, a crash of the
// machine, though not of the program, may lose the last moves. The game
// saves without sync after every move and with sync when it ends or quits.
func (s *Files) SaveGame(g SavedGame, sync bool) error {
	return s.save(s.StateDir, s.gamePath(), savedGameJSON{storeVersion, g}, sync)
}

// loadStats reads the statistics of earlier versions: a *CorruptError
// after moving a file that does not decode aside; an *UnreadableError for
// a file that cannot be read, which is left as it is.
func (s *Files) loadStats() (oldStats, error) {
	var j statsJSON
	if err := s.load(s.statsPath(), &j); err != nil {
		return oldStats{}, err
	}
	return j.oldStats, nil
}

// load decodes the file at path into v, which has a Version field. A file
// that does not decode is moved aside; one that cannot be read, or is of a
// newer version, is kept: left as it is, and never written by this Files.
func (s *Files) load(path string, v interface{ version() int }) error {
	data, err := regularfile.ReadFile(path, maxFileSize)
	if errors.Is(err, regularfile.ErrTooLarge) {
		return moveAside(path, errTooLarge, time.Now()) // no game or statistics are this large
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return s.keep(path, err)
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return moveAside(path, err, time.Now())
	}
	if n := v.version(); n > storeVersion {
		return s.keep(path, fmt.Errorf("written by a newer 2048, version %d; this one reads version %d", n, storeVersion))
	} else if n != storeVersion {
		return moveAside(path, fmt.Errorf("version %d; this program reads version %d", n, storeVersion), time.Now())
	}
	return nil
}

// keep marks the file at path as one the Files must not write, and returns
// the *UnreadableError that says why.
func (s *Files) keep(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the path is in the UnreadableError
	}
	e := &UnreadableError{Path: path, Err: err}
	if s.kept == nil {
		s.kept = map[string]error{}
	}
	s.kept[path] = e
	return e
}

func (j *savedGameJSON) version() int { return j.Version }
func (j *statsJSON) version() int     { return j.Version }

// maxFileSize bounds the files the game reads: a game of a million moves
// saves in about 1 MB, and a file far larger, or endless (a link to
// /dev/zero), must not take the memory and the time of the start-up.
const maxFileSize = 8 << 20

// errTooLarge is why a file larger than maxFileSize is not read.
var errTooLarge = fmt.Errorf("larger than %d MB", maxFileSize>>20)

// moveAside renames a file that cannot be decoded to a name of its own,
// path.unreadable-DATE-TIME (and -2, -3, … after a name taken in the same
// second), so that a new file can be written and the old one is kept for
// the player.
func moveAside(path string, cause error, now time.Time) error {
	to, ok := UnusedName(fmt.Sprintf("%s.unreadable-%s", path, now.Format("20060102-150405")))
	if ok && os.Rename(path, to) == nil {
		return &CorruptError{Path: path, MovedTo: to, Err: cause}
	}
	return &CorruptError{Path: path, Err: cause}
}

// UnusedName returns name if no file has it, else the first of name-2,
// name-3, … that none has, trying a hundred; ok is false if all are taken
// or in doubt. A rename to it then writes over nothing: the name a file
// set aside or carried elsewhere is kept under.
func UnusedName(name string) (string, bool) {
	for n := 1; n <= 100; n++ {
		to := name
		if n > 1 {
			to = fmt.Sprintf("%s-%d", name, n)
		}
		if _, err := os.Lstat(to); errors.Is(err, fs.ErrNotExist) {
			return to, true
		}
	}
	return "", false
}

// save writes v as JSON to path atomically, in dir, which it creates if
// need be; with sync it waits for the disk.
func (s *Files) save(dir, path string, v any, sync bool) error {
	if err := s.kept[path]; err != nil {
		return fmt.Errorf("%s could not be read, so it is not written over", path)
	}
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
