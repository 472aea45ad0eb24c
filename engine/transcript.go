package engine

// A Transcript is what replays a game exactly: its seed, the board it began
// from and its moves. Every record of a game holds one — a line of the
// history, a review, a game of sim — and a Game encodes itself as one, with
// its board and score as a check (see Game.MarshalJSON).
type Transcript struct {
	Seed  uint64      // the seed the game's tiles are drawn from
	Start Board       // the board it was set up from: empty for a usual game, whose first tiles come from the seed
	Moves []Direction // the moves, first to last
}

// Replay plays the transcript again and returns the game at its end, every
// move to undo. It fails if a move is not a direction or changes nothing at
// its turn, since no game played contains one.
func (t Transcript) Replay() (*Game, error) { return Replay(t.Seed, t.Start, t.Moves) }

// Transcript returns the transcript of the game so far. Its moves are a
// copy: the game may go on after the call.
func (g *Game) Transcript() Transcript {
	return Transcript{Seed: g.seed, Start: g.start, Moves: g.Moves()}
}
