package engine

import (
	"fmt"
	"math/rand/v2"
)

// WinRank is the rank of the tile that wins the game, 2048.
const WinRank = 11

// pcgStream is the second PCG seed word of every game: a game is fully
// determined by its one seed.
const pcgStream = 0x2048_2048_2048_2048

// A Game is a game of 2048: a board, its score and its moves, with spawns drawn
// from a PCG generator seeded by the game's seed, so that the seed, the start
// board and the moves replay it exactly. Any number of moves can be undone,
// back to the start; undoing also rewinds the generator, so undoing a move and
// playing it again brings the same tile.
//
// A Game is not safe for concurrent use.
type Game struct {
	seed    uint64
	start   Board
	pcg     rand.PCG // the state of the generator the spawns are drawn from
	board   Board
	score   int
	history []played // the moves, first to last, for Moves and Undo
}

// played is a move of the game and the state before it.
type played struct {
	dir   Direction
	board Board
	score int
	pcg   rand.PCG
}

// A Turn is what one move did. (Board.Merges says which tiles it merged.)
type Turn struct {
	Dir    Direction
	Points int   // the points the move scored
	Spawn  Spawn // the tile that appeared after the move
}

// NewGame starts a game from seed: an empty board on which two tiles are
// spawned.
func NewGame(seed uint64) *Game { return NewGameFrom(0, seed) }

// NewGameFrom starts a game from the board start with a score of 0, spawns
// drawn from seed. An empty start is the usual game: two tiles are spawned
// on it first, as NewGame does. Any other start is played as it is, for
// puzzles and tests.
func NewGameFrom(start Board, seed uint64) *Game {
	g := &Game{seed: seed, start: start, board: start, pcg: *rand.NewPCG(seed, pcgStream)}
	if start == 0 {
		for range 2 {
			s, _ := g.board.Spawn(rand.New(&g.pcg))
			g.board = s.Board
		}
	}
	return g
}

// Seed returns the seed the game's spawns are drawn from.
func (g *Game) Seed() uint64 { return g.seed }

// Start returns the board the game was set up from: empty for a usual game,
// whose first two tiles come from the seed.
func (g *Game) Start() Board { return g.start }

// Board returns the current board.
func (g *Game) Board() Board { return g.board }

// Score returns the sum of the values of all tiles made by merges so far.
// Spawned tiles score nothing, a spawned 4 included.
func (g *Game) Score() int { return g.score }

// MoveCount returns the number of moves played (undone moves not counted).
func (g *Game) MoveCount() int { return len(g.history) }

// Moves returns the moves played, first to last.
func (g *Game) Moves() []Direction {
	ds := make([]Direction, len(g.history))
	for i, p := range g.history {
		ds[i] = p.dir
	}
	return ds
}

// HighestTile returns the value of the largest tile on the board.
func (g *Game) HighestTile() int { return g.board.HighestTile() }

// Won reports whether the 2048 tile has been made. Play goes on after it; a
// tile never shrinks, so once true it stays true unless moves are undone.
func (g *Game) Won() bool { return g.board.HighestRank() >= WinRank }

// Over reports whether no move changes the board. A full board on which two
// equal tiles touch is not over.
func (g *Game) Over() bool { return !g.board.HasMove() }

// Move plays d: the tiles slide and merge, and a new tile appears. A move
// that changes nothing is not played and returns ok == false.
func (g *Game) Move(d Direction) (t Turn, ok bool) {
	next, points, moved := g.board.Move(d)
	if !moved {
		return Turn{Dir: d}, false
	}
	t = Turn{Dir: d, Points: int(points)}
	g.history = append(g.history, played{d, g.board, g.score, g.pcg})
	// A move that changed the board emptied a cell, so the spawn succeeds.
	t.Spawn, _ = next.Spawn(rand.New(&g.pcg))
	g.board = t.Spawn.Board
	g.score += t.Points
	return t, true
}

// CanUndo reports whether there is a move to undo.
func (g *Game) CanUndo() bool { return len(g.history) > 0 }

// Undo takes back the last move, restoring the board, the score and the
// generator. It returns false at the start of the game.
func (g *Game) Undo() bool {
	n := len(g.history)
	if n == 0 {
		return false
	}
	p := g.history[n-1]
	g.history = g.history[:n-1]
	g.board, g.score, g.pcg = p.board, p.score, p.pcg
	return true
}

// Replay plays moves on the game NewGameFrom(start, seed) begins. It fails if
// a move changes nothing at its turn, since no recorded game contains one.
func Replay(seed uint64, start Board, moves []Direction) (*Game, error) {
	g := NewGameFrom(start, seed)
	for i, d := range moves {
		if !d.Valid() {
			return nil, fmt.Errorf("move %d: invalid direction %d", i+1, d)
		}
		if _, ok := g.Move(d); !ok {
			return nil, fmt.Errorf("move %d (%v) changes nothing on %v", i+1, d, g.board)
		}
	}
	return g, nil
}
