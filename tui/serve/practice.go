//go:build serve

package serve

import (
	"errors"
	"fmt"

	"github.com/term2048/2048/tui/practice/deck"
)

// LoadPractice returns the practice the ledger keeps for the player, as
// playerdata.Files.LoadPractice reads it from a file: an empty deck, and
// no error, if none is kept. A practice that does not decode is set aside
// in the ledger (kept, for the operator) and an empty deck comes with the
// error; one of a newer version comes with none, and is not written over.
func (p *ledgerPlayer) LoadPractice() (*deck.Deck, error) {
	data, ok, err := p.db.LoadPractice(p.player)
	if err != nil {
		return nil, err
	}
	if !ok {
		return &deck.Deck{}, nil
	}
	d, err := deck.Decode(data)
	if errors.Is(err, deck.ErrNewer) {
		return nil, fmt.Errorf("the practice kept is %w; it is left as it is", err)
	}
	if err != nil {
		if aside := p.db.SetPracticeAside(p.player); aside != nil {
			return nil, fmt.Errorf("the practice kept cannot be read (%v) and could not be set aside: %w", err, aside)
		}
		return &deck.Deck{}, fmt.Errorf("the practice kept cannot be read (%w); it was set aside, and a new one begins", err)
	}
	return d, nil
}

// SavePractice keeps d as the player's practice in the ledger, in place of
// the one kept, as playerdata.Files.SavePractice keeps it in a file.
func (p *ledgerPlayer) SavePractice(d *deck.Deck) error {
	data, err := deck.Encode(d)
	if err != nil {
		return err
	}
	return p.db.SavePractice(p.player, data)
}
