package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/term2048/2048/engine"
)

// A Game is the record of one finished game: enough to sum it up, and its
// transcript, which replays it exactly (see Replay). Its start board is
// empty: sim plays usual games.
type Game struct {
	engine.Transcript
	Score      int
	MovesTried uint64 // the player's work over the game: what the reports call evaluations (see ai.Counts)
	Elapsed    time.Duration
	// First[r] is the number of moves played when a tile of rank r was
	// first on the board (0 for the starting tiles), or -1 if none ever was.
	First [engine.MaxRank + 1]int
}

// Reached reports whether a tile of rank r was ever on the board.
func (g *Game) Reached(r uint8) bool { return g.First[r] >= 0 }

// HighestTile returns the value of the largest tile the game reached, 0 if
// First records none: the largest tile of its last board, since a tile only
// ever leaves the board merged into a larger one.
func (g *Game) HighestTile() int {
	for r := uint8(engine.MaxRank); r > 0; r-- {
		if g.Reached(r) {
			return engine.TileValue(r)
		}
	}
	return 0
}

// Replay plays the game again from its transcript, and checks that it
// arrives at the record's score and tile.
func (g *Game) Replay() (*engine.Game, error) {
	e, err := g.Transcript.Replay()
	if err != nil {
		return nil, fmt.Errorf("game of seed %d: %w", g.Seed, err)
	}
	if e.Score() != g.Score || e.HighestTile() != g.HighestTile() {
		return nil, fmt.Errorf("game of seed %d: the moves replay to score %d and tile %d; the record says %d and %d",
			g.Seed, e.Score(), e.HighestTile(), g.Score, g.HighestTile())
	}
	return e, nil
}

// gameJSON is a Game in JSON: the figures of the game, and under "game" the
// game itself as engine.Game encodes it (its seed, its moves as letters,
// its last board and score), the form in which the game saves a game too.
type gameJSON struct {
	Seed    uint64          `json:"seed"`
	Score   int             `json:"score"`
	MaxTile int             `json:"max_tile"`
	Moves   int             `json:"moves"`
	Seconds float64         `json:"seconds"`
	Evals   uint64          `json:"evaluations"`
	First   firstMoves      `json:"first"`
	Game    json.RawMessage `json:"game"`
}

// MarshalJSON encodes g as one JSON object, with "first" from each tile
// reached, smallest first, to the move at which it first appeared. It
// fails if the moves do not replay to the record's score and tile.
func (g Game) MarshalJSON() ([]byte, error) {
	e, err := g.Replay()
	if err != nil {
		return nil, err
	}
	game, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	return json.Marshal(gameJSON{g.Seed, g.Score, g.HighestTile(), len(g.Moves), g.Elapsed.Seconds(), g.MovesTried, firstMoves(g.First), game})
}

// UnmarshalJSON decodes a game that MarshalJSON encoded. It fails, leaving g
// unchanged, if the moves are missing or do not replay to the figures of the
// record: a damaged record never reads as another game.
func (g *Game) UnmarshalJSON(data []byte) error {
	var j gameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("decoding a game record: %w", err)
	}
	if len(j.Game) == 0 {
		return fmt.Errorf("decoding the game of seed %d: no \"game\" with its moves", j.Seed)
	}
	var e engine.Game
	if err := json.Unmarshal(j.Game, &e); err != nil {
		return fmt.Errorf("decoding the game of seed %d: %w", j.Seed, err)
	}
	if e.Seed() != j.Seed || e.Start() != 0 || e.Score() != j.Score || e.MoveCount() != j.Moves || e.HighestTile() != j.MaxTile {
		return fmt.Errorf("decoding the game of seed %d: its moves give seed %d, score %d, %d moves and tile %d; the record says %d, %d, %d and %d",
			j.Seed, e.Seed(), e.Score(), e.MoveCount(), e.HighestTile(), j.Seed, j.Score, j.Moves, j.MaxTile)
	}
	d := Game{Transcript: e.Transcript(), Score: j.Score, MovesTried: j.Evals,
		Elapsed: time.Duration(j.Seconds * float64(time.Second)), First: [engine.MaxRank + 1]int(j.First)}
	if d.HighestTile() != j.MaxTile {
		return fmt.Errorf("decoding the game of seed %d: its first moves end at tile %d; the record says %d", j.Seed, d.HighestTile(), j.MaxTile)
	}
	*g = d
	return nil
}

// firstMoves is Game.First in JSON: an object from each tile reached,
// smallest first, to the move at which it first appeared.
type firstMoves [engine.MaxRank + 1]int

// MarshalJSON writes the tiles in increasing order, which a map would not.
func (f firstMoves) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for r, m := range f {
		if r == 0 || m < 0 {
			continue
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"%d":%d`, engine.TileValue(uint8(r)), m)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads the object MarshalJSON writes.
func (f *firstMoves) UnmarshalJSON(data []byte) error {
	var m map[string]int
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	for r := range f {
		f[r] = -1
	}
	for tile, move := range m {
		n, err := strconv.Atoi(tile)
		if err != nil {
			return fmt.Errorf("first: %q is not a tile", tile)
		}
		r, ok := engine.RankOf(n)
		if !ok || r == 0 {
			return fmt.Errorf("first: %d is not a tile", n)
		}
		if move < 0 {
			return errors.New("first: a negative move")
		}
		f[r] = move
	}
	return nil
}
