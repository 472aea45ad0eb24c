package engine

import (
	"encoding/json"
	"fmt"
)

// gameJSON is the serialised form of a Game: what replays it (seed, start,
// moves) and what the replay must arrive at (board, score), as a check.
type gameJSON struct {
	Seed  uint64 `json:"seed"`
	Start string `json:"start,omitempty"` // omitted for a usual game
	Moves string `json:"moves"`           // a letter a move: U, D, L or R
	Board string `json:"board"`
	Score int    `json:"score"`
}

// MarshalJSON encodes the game as its seed, start board and moves, with the
// current board and score to check the replay against.
func (g *Game) MarshalJSON() ([]byte, error) {
	moves := make([]byte, len(g.history))
	for i, p := range g.history {
		moves[i] = p.dir.Letter()
	}
	j := gameJSON{Seed: g.seed, Moves: string(moves), Board: g.board.String(), Score: g.score}
	if g.start != 0 {
		j.Start = g.start.String()
	}
	return json.Marshal(j)
}

// UnmarshalJSON replays an encoded game. It fails, leaving g unchanged, if
// the data is malformed or the replay does not arrive at the recorded board
// and score: a damaged save never loads as a different game.
func (g *Game) UnmarshalJSON(data []byte) error {
	var j gameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("decoding game: %w", err)
	}
	var start Board
	if j.Start != "" {
		var err error
		if start, err = Parse(j.Start); err != nil {
			return fmt.Errorf("decoding game: start: %w", err)
		}
	}
	moves := make([]Direction, len(j.Moves))
	for i := range len(j.Moves) {
		d, ok := directionOfLetter(j.Moves[i])
		if !ok {
			return fmt.Errorf("decoding game: move %d is %q; want U, D, L or R", i+1, j.Moves[i])
		}
		moves[i] = d
	}
	r, err := Replay(j.Seed, start, moves)
	if err != nil {
		return fmt.Errorf("decoding game: %w", err)
	}
	if got := r.board.String(); got != j.Board || r.score != j.Score {
		return fmt.Errorf("decoding game: replay ends at %s, score %d; the record says %s, score %d",
			got, r.score, j.Board, j.Score)
	}
	*g = *r
	return nil
}
