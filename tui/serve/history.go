//go:build serve

package serve

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
)

// historyShown is how the messages to the player name their history.
const historyShown = "your history on the server"

// HistoryPath names the player's history, in the ledger, for the messages
// to the player.
func (p *ledgerPlayer) HistoryPath() string { return historyShown }

// UnrecordedPath returns "": the ledger adds a game to the history and
// ranks it in one transaction, and keeps no games apart from it. A game
// that cannot be added stays the game in progress.
func (p *ledgerPlayer) UnrecordedPath() string { return "" }

// LoadHistory reads the index of the player's history from the ledger —
// the one kept at the last login, for the lines it still matches, the
// lines added since replayed —, importing first, once, what a server of an earlier version kept in the
// player's files (see importFiles): the notes say what of it could not be
// imported. A history that cannot be read, or files that cannot be
// imported, give an error, and no game is added to the history in this
// session. A line of a newer version is skipped and left as it is.
func (p *ledgerPlayer) LoadHistory() (*history.Index, []string, error) {
	notes, err := p.importFiles()
	if err != nil {
		return &history.Index{}, notes, err
	}
	lines, err := p.db.History(p.player)
	if err != nil {
		return &history.Index{}, notes, err
	}
	var all bytes.Buffer
	for _, line := range lines {
		all.Write(line)
		all.WriteByte('\n')
	}
	old := p.loadIndex()
	x, err := history.Scan(bytes.NewReader(all.Bytes()), old)
	if err != nil {
		return &history.Index{}, notes, err
	}
	if !x.Same(old) {
		if data, err := x.MarshalBinary(); err == nil {
			p.db.SaveIndex(p.player, data) // only a saving of time: if it fails, the next login replays the games
		}
	}
	for _, e := range x.Skipped {
		if e.Damaged() {
			notes = append(notes, fmt.Sprintf("In %s, %v: the game of that line is not counted.", historyShown, e))
		} else {
			notes = append(notes, fmt.Sprintf("In %s, %v: the game of that line is not counted, and it is left as it is.", historyShown, e))
		}
	}
	return x, notes, nil
}

// loadIndex returns the index of the history kept at the last login, or
// nil if there is none that can be read.
func (p *ledgerPlayer) loadIndex() *history.Index {
	data, ok, err := p.db.LoadIndex(p.player)
	if err != nil || !ok {
		return nil
	}
	var x history.Index
	if x.UnmarshalBinary(data) != nil {
		return nil
	}
	return &x
}

// ReadGame reads the game of r whole, with its moves, from the ledger.
func (p *ledgerPlayer) ReadGame(r history.Record) (history.Game, error) {
	lines, err := p.db.HistoryOf(p.player, r.ID)
	if err != nil {
		return history.Game{}, err
	}
	for _, line := range lines {
		e, err := history.Decode(line)
		if g := e.Game; err == nil && g != nil && g.Board == r.Board && g.Score == r.Score && g.MoveCount == r.MoveCount && g.Ended.Equal(r.Ended) {
			g.Record = r // the record asked for, as the index holds it
			return *g, nil
		}
	}
	return history.Game{}, errors.New("the game is not in " + historyShown)
}

// AppendHistory adds g to the player's history and ranks it, in one
// transaction that waits for the disk. A game that claims a rank and is
// refused one is in the history all the same, and the log says why.
func (p *ledgerPlayer) AppendHistory(g history.Game) error {
	refused, err := p.db.AppendHistory(p.player, g)
	if refused != nil && p.log != nil {
		p.log.Warn("game not ranked", "game", g.ID, "err", refused)
	}
	if err == nil {
		p.metrics.gameFinished()
	}
	return err
}

// MigrateStats carries nothing: the statistics file of versions before
// the history was never a server's.
func (p *ledgerPlayer) MigrateStats(*history.Index, func(history.Earlier) history.Earlier) (history.Earlier, error) {
	return history.Earlier{}, nil
}

// LoadUnrecorded returns none: see UnrecordedPath.
func (p *ledgerPlayer) LoadUnrecorded() ([]history.Game, bool, []string, error) {
	return nil, false, nil, nil
}

// errNoneApart is why a ledger keeps no game apart from the history.
var errNoneApart = errors.New("the server keeps no game apart from " + historyShown)

// AddUnrecorded fails: see UnrecordedPath.
func (p *ledgerPlayer) AddUnrecorded(history.Game) error { return errNoneApart }

// SetUnrecorded accepts none: see UnrecordedPath.
func (p *ledgerPlayer) SetUnrecorded(games []history.Game) error {
	if len(games) > 0 {
		return errNoneApart
	}
	return nil
}

// Ranks returns the leaderboards of the ledger, as the player sees them.
func (p *ledgerPlayer) Ranks() playerdata.Ranks {
	return &playerBoard{db: p.db, player: p.player, name: p.name}
}
