//go:build serve

package serve

import (
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/serve/ledger"
)

// AnswerPuzzle records the player's answer to the daily puzzle of a.Date
// in the ledger, the player added to it if new: their first alone, and
// only on the server's today (see ledger.DB.AnswerPuzzle).
func (b *playerBoard) AnswerPuzzle(a playerdata.PuzzleAnswer) (bool, error) {
	if _, _, err := b.Player(); err != nil {
		return false, err
	}
	return b.db.AnswerPuzzle(b.player, a.Date, a.Right, a.Took)
}

// PuzzleBoard returns the board of the daily puzzle of date, its first
// top rows, the player's own marked.
func (b *playerBoard) PuzzleBoard(date string, top int) (playerdata.PuzzleBoard, error) {
	day, err := b.db.PuzzleBoard(date, top, b.player)
	if err != nil {
		return playerdata.PuzzleBoard{}, err
	}
	board := playerdata.PuzzleBoard{Date: date, Tried: day.Tried, Solved: day.Solved, Top: make([]playerdata.PuzzleStanding, len(day.Top))}
	for i, e := range day.Top {
		board.Top[i] = b.standing(e)
	}
	if day.Yours.Fingerprint != "" {
		board.Yours = b.standing(day.Yours)
	}
	return board, nil
}

// standing returns the row of e, an answer of the ledger's.
func (b *playerBoard) standing(e ledger.PuzzleEntry) playerdata.PuzzleStanding {
	return playerdata.PuzzleStanding{Place: e.Place, Name: e.Name, Right: e.Solved, Took: e.Took, Yours: e.Fingerprint == b.player}
}
