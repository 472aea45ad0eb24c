//go:build serve

package serve

import (
	"errors"
	"fmt"
	"log/slog"
	"os"

	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/serve/ledger"
)

// importedSuffix is added to the name of a player's game.json once the
// game it holds is in the database: no longer read nor written, the file
// stays, the game as it was imported, for an operator who takes the
// server back to an earlier version.
const importedSuffix = ".imported"

// A ledgerPlayer is the data of one player of a server that keeps a
// ledger, the playerdata.Store of their game: their game in progress and
// their ranks in the ledger, the rest in their files. A player who has no
// game there but a game.json, saved by a server of an earlier version,
// gets it imported at their first login (see LoadGame). It is used by one game at a time: the
// game's lock on the player's state directory (tui.RunningError) refuses a
// second session of the key.
type ledgerPlayer struct {
	*playerdata.Files // the player's files: the rest of their data, and the game.json imported

	db     *ledger.DB
	player string // the fingerprint of the player's key

	// kept says why the saved game is not written over, if it is not: it
	// could not be read, and fixing the cause brings it back.
	kept error
	// imported is set while game.json, imported, is still to be renamed:
	// after the next save that reaches the database.
	imported bool

	// log, if set, is the session's: it says when the saves start to fail
	// (a full disk: the player sees "Not saved" under the board, the
	// operator this line) and when they work again, once each, not at
	// every move. failing is set in between.
	log     *slog.Logger
	failing bool
}

// dataOf returns the data of the player of the key of fingerprint, whose
// files are files: their game in progress in the ledger, the rest in the
// files; all of it in the files if the server keeps no ledger.
func (s *Server) dataOf(fingerprint string, files *playerdata.Files, log *slog.Logger) playerdata.Store {
	if s.ledger == nil || fingerprint == "" {
		return files
	}
	return &ledgerPlayer{Files: files, db: s.ledger, player: fingerprint, log: log}
}

// LoadGame reads the player's game in progress from the ledger, or, if it
// holds none, from the player's game.json, which it then imports. A game
// in the ledger that does not decode is set aside (ledger.DB.SetAside) and
// the error says so; one that cannot be read, or a game.json that cannot,
// is left as it is, and not written over in this session.
func (p *ledgerPlayer) LoadGame() (playerdata.SavedGame, error) {
	g, ok, err := p.db.LoadGame(p.player)
	var damaged *ledger.UndecodableError
	switch {
	case errors.As(err, &damaged):
		if aside := p.db.SetAside(p.player, damaged.Err.Error()); aside != nil {
			p.kept = aside
			return playerdata.SavedGame{}, fmt.Errorf("the saved game cannot be read (%v), nor set aside (%w); it is left as it is and not written over", damaged.Err, aside)
		}
		return playerdata.SavedGame{}, fmt.Errorf("the saved game cannot be read (%v); the server keeps it apart, and a new game begins", damaged.Err)
	case err != nil:
		p.kept = err
		return playerdata.SavedGame{}, fmt.Errorf("%w; it is left as it is and not written over", err)
	case !ok:
		return p.importFile()
	}
	return g, nil
}

// Ranks returns the leaderboards of the ledger, as the player sees them.
func (p *ledgerPlayer) Ranks() playerdata.Ranks { return &playerBoard{db: p.db, player: p.player} }

// importFile reads the game of the player's game.json and saves it in the
// ledger, which renames the file (see imported). It returns the errors of
// playerdata.Files.LoadGame: fs.ErrNotExist with no file.
func (p *ledgerPlayer) importFile() (playerdata.SavedGame, error) {
	g, err := p.Files.LoadGame()
	var unreadable *playerdata.UnreadableError
	if errors.As(err, &unreadable) {
		p.kept = err // a new game saved now would hide it for good
	}
	if err != nil {
		return playerdata.SavedGame{}, err
	}
	p.imported = true
	p.SaveGame(g, true) // if it fails, the game's next save is the import, and fails as visibly
	return g, nil
}

// SaveGame makes g the player's game in progress in the ledger; with sync
// the database waits for the disk. The first save that fails after one
// that did not, and the first that works after one that failed, are
// logged.
func (p *ledgerPlayer) SaveGame(g playerdata.SavedGame, sync bool) error {
	err := p.saveGame(g, sync)
	switch {
	case err != nil && !p.failing:
		p.failing = true
		if p.log != nil {
			p.log.Warn("game not saved", "err", err)
		}
	case err == nil && p.failing:
		p.failing = false
		if p.log != nil {
			p.log.Info("game saved again")
		}
	}
	return err
}

func (p *ledgerPlayer) saveGame(g playerdata.SavedGame, sync bool) error {
	if p.kept != nil {
		return errors.New("the saved game could not be read, so it is not written over")
	}
	if err := p.db.SaveGame(p.player, g, sync); err != nil {
		return err
	}
	if p.imported && os.Rename(p.Files.GamePath(), p.Files.GamePath()+importedSuffix) == nil {
		p.imported = false
	}
	return nil
}
