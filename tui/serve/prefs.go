//go:build serve

package serve

import (
	"io/fs"

	"github.com/term2048/2048/tui/prefs"
)

// prefsShown is how the messages to the player name their preferences:
// they see no file of them.
const prefsShown = "your settings on this server"

// ledgerPrefs are the preferences of a player of the ledger: the text a
// local game keeps in config.toml, kept in the ledger (ledger.DB.SavePrefs),
// which the player changes in the game alone, and which no game watches.
// Until the player's files are imported (see importFiles), it is the text
// of the config.toml a server of an earlier version kept, read, not
// written: a change made then is kept in the ledger, and is newer than
// the file the import then finds.
type ledgerPrefs struct{ p *ledgerPlayer }

var _ prefs.Storage = ledgerPrefs{}

// Prefs returns the player's preferences, in the ledger.
func (p *ledgerPlayer) Prefs() prefs.Storage { return ledgerPrefs{p} }

// Read returns the text of the player's preferences: the ledger's, or,
// while their files are not yet imported, their config.toml's;
// fs.ErrNotExist without either.
func (s ledgerPrefs) Read() ([]byte, error) {
	text, ok, err := s.p.db.LoadPrefs(s.p.player)
	if err != nil || ok {
		return text, err
	}
	done, err := s.p.db.Imported(s.p.player)
	if err != nil {
		return nil, err
	}
	if done {
		return nil, fs.ErrNotExist
	}
	return prefs.Path(s.p.files.PrefsPath()).Read()
}

// Write keeps text as the player's preferences, in the ledger.
func (s ledgerPrefs) Write(text []byte) error { return s.p.db.SavePrefs(s.p.player, text) }

// Name returns prefsShown.
func (s ledgerPrefs) Name() string { return prefsShown }
