//go:build serve

package serve

import (
	"path/filepath"

	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/serve/ledger"
)

// ledgerFile is the name of the ledger's SQLite file in the server's
// directory, where it is unless Config.Ledger says otherwise.
const ledgerFile = "ledger.db"

// LedgerSource returns where the ledger of the server of c is, as
// ledger.Open takes it: c.Ledger, or the file Dir/ledger.db.
func (c Config) LedgerSource() string {
	if c.Ledger != "" {
		return c.Ledger
	}
	return filepath.Join(c.Dir, ledgerFile)
}

// A playerBoard is the ledger as the game of one player sees it: the
// playerdata.Ranks of their game.
type playerBoard struct {
	db     *ledger.DB
	player string      // the fingerprint of the player's key
	name   *playerName // the session's, told of the name read and of a new one; nil: none
}

// Player returns the player's name, adding the player to the ledger with
// their default name if they are new.
func (b *playerBoard) Player() (string, bool, error) {
	p, err := b.db.Join(b.player)
	if err == nil {
		b.name.set(p.Name)
	}
	return p.Name, p.Chosen, err
}

// Rename gives the player a name (see ledger.CheckName).
func (b *playerBoard) Rename(name string) (string, error) {
	kept, err := b.db.Rename(b.player, name)
	if err == nil {
		b.name.set(kept)
	}
	return kept, err
}

// Board returns a board, the player's row marked.
func (b *playerBoard) Board(daily string, assisted bool) ([]playerdata.Standing, error) {
	var entries []ledger.Entry
	var err error
	if daily == "" {
		entries, err = b.db.Best(assisted)
	} else {
		entries, err = b.db.Daily(daily, assisted)
	}
	rows := make([]playerdata.Standing, len(entries))
	for i, e := range entries {
		rows[i] = playerdata.Standing{Place: e.Place, Name: e.Name, Score: e.Score, Tile: e.Tile, Undos: e.Undos, Yours: e.Fingerprint == b.player}
	}
	return rows, err
}
