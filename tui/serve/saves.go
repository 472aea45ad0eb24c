//go:build serve

package serve

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"

	"github.com/term2048/2048/tui/dirlock"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/serve/ledger"
)

// importedSuffix is added to the name of a player's file, kept by a
// server of an earlier version, once what it holds is in the database:
// game.json, history.jsonl, unrecorded.jsonl and the directory of the
// reviews. No longer read nor written, the files stay as they were
// imported, for an operator who takes the server back to an earlier
// version (docs/serve-reference.md).
const importedSuffix = ".imported"

// A ledgerPlayer is the data of one player of a server, the
// playerdata.Store of their game, all of it in the ledger: their game in
// progress, their history and its ranks, written together, the reviews
// of their games, and their preferences (see Prefs). Their files hold only
// what a server of an earlier version kept there, which is imported at
// their first login (see LoadHistory and LoadGame). It is used by one game
// at a time: the ledger holds the player's data for the game that took it
// (see Lock), and a second session of the key is refused
// (tui.RunningError).
type ledgerPlayer struct {
	files *playerdata.Files // the player's files: what an earlier server kept

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
	// every move, and what the import of the player's files did. failing
	// is set in between.
	log     *slog.Logger
	failing bool

	// metrics count the games begun, by the first save of each (current is
	// the ID of the game saved or resumed last), the saves that failed and
	// the games recorded.
	metrics *Metrics
	current string

	name *playerName // the name the session's log shows; nil: none

	// lostHold, if set, is called if the server loses its hold of the
	// player's data (ledger.ErrHoldLost): it ends the game.
	lostHold func()
}

var _ playerdata.Store = (*ledgerPlayer)(nil)

// dataOf returns the data of the player of the session sess, whose files
// are files: in the ledger; in the files if the server keeps no ledger.
func (s *Server) dataOf(sess *session, files *playerdata.Files, log *slog.Logger) playerdata.Store {
	if s.ledger == nil || sess.player == "" {
		return files
	}
	p := &ledgerPlayer{files: files, db: s.ledger, player: sess.player, log: log, metrics: s.metrics, name: &sess.name}
	if sess.hangUp != nil {
		p.lostHold = func() { sess.hangUp(errHoldLost) }
	}
	return p
}

// Lock takes the player's data for this game alone: a second game of the
// key, on this server or on another that shares its database, gets a
// *dirlock.HeldError until release. It then removes what
// writers killed half-way left among the player's files (see
// playerdata.Files.RemoveStale).
func (p *ledgerPlayer) Lock() (release func(), err error) {
	release, err = p.db.Hold(p.player)
	if errors.Is(err, ledger.ErrHeld) {
		return release, &dirlock.HeldError{Path: "the data of " + p.player, PID: os.Getpid()}
	}
	if err != nil {
		return release, fmt.Errorf("holding the data of %s: %w", p.player, err)
	}
	p.files.RemoveStale()
	return p.watchHold(release), nil
}

// watchHold ends the game if the server loses its hold of the player's
// data before release, which it returns, made to stop the watch too.
func (p *ledgerPlayer) watchHold(release func()) func() {
	lost := p.db.HoldLost(p.player)
	if lost == nil || p.lostHold == nil {
		return release
	}
	released := make(chan struct{})
	go func() {
		select {
		case <-lost:
			p.lostHold()
		case <-released:
		}
	}()
	var once sync.Once
	return func() {
		release()
		once.Do(func() { close(released) })
	}
}

// ForPlayer returns text with the player's files, which the messages of
// the import name, as the player sees them.
func (p *ledgerPlayer) ForPlayer(text string) string { return p.files.ForPlayer(text) }

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
	p.current = g.ID
	return g, nil
}

// importFile reads the game of the player's game.json and saves it in the
// ledger, which renames the file (see imported). It returns the errors of
// playerdata.Files.LoadGame: fs.ErrNotExist with no file.
func (p *ledgerPlayer) importFile() (playerdata.SavedGame, error) {
	g, err := p.files.LoadGame()
	var unreadable *playerdata.UnreadableError
	if errors.As(err, &unreadable) {
		p.kept = err // a new game saved now would hide it for good
	}
	if err != nil {
		return playerdata.SavedGame{}, err
	}
	p.imported = true
	p.current = g.ID    // resumed, not begun
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
	case err != nil:
		p.metrics.saveFailed()
	case g.ID != p.current:
		p.current = g.ID
		p.metrics.gameStarted()
	}
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
	if p.imported && renameImported(p.files.GamePath()) == nil {
		p.imported = false
	}
	return nil
}
