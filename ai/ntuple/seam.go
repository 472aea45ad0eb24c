package ntuple

import (
	"context"
	"errors"
	"fmt"

	"github.com/term2048/2048/engine"
)

// # Where two stages meet
//
// Each stage of a network of stages is trained on the boards of its own
// stage, and nothing in the training makes two stages agree on the boards
// where one hands over to the next, and they may disagree by a third: on
// the boards where a first stage's games first hold 16384, a first stage
// valued the afterstates at 141,484 points to come and the second stage
// trained from those boards at 94,127 (docs/training.md). A search that
// weighs a move making 16384 against one that does not weighs the second
// stage's value against the first's, and such a gap turns it from the
// merge: the pair lost games before 16384 that its first stage alone
// would have won. Adding a constant to every value of the later stage (see
// ShiftPlay) closes the gap and changes no choice between two boards of
// that stage: only the choices across the seam.

// A Seam is what MeasureSeam finds where a stage of a network of stages
// takes over from the stage before it.
type Seam struct {
	Tile        int // the tile from which the later stage values boards
	Boards      int // the boards measured: each the first of a game's to hold Tile
	Games       int // the games played to find them
	Afterstates int // the boards after each move from them, which both stages value
	// Before and After are the mean values of the afterstates by the stage
	// before and by the later stage.
	Before, After float64
}

// Gap returns how many points more the stage before values the afterstates
// than the later stage does: the shift of the later stage's values (see
// ShiftPlay) that makes the two meet.
func (s Seam) Gap() float64 { return s.Before - s.After }

// MeasureSeam measures where stage i of n (an index of n.Stages(), 1 or
// more) takes over from the stage before it. The stages before it play
// games at one ply, game g from seed and g, as FirstBoards does, until
// boards of them hold stage i's tile; on the first board of each that holds
// it, MeasureSeamOn measures the two stages. It plays on workers
// goroutines, and gives up with FirstBoards's errors.
func MeasureSeam(ctx context.Context, n *Network, i, boards int, seed uint64, workers int) (Seam, error) {
	stages, err := seamStages(n, i)
	if err != nil {
		return Seam{}, err
	}
	// The games are those of the network without stage i: the player
	// that reaches its tile.
	player := stages[0].Net
	if i > 1 {
		if player, err = Staged(stages[:i]); err != nil {
			return Seam{}, err
		}
	}
	found, games, err := FirstBoards(ctx, player, stages[i].Tile, boards, seed, workers)
	if err != nil {
		return Seam{}, err
	}
	s, err := MeasureSeamOn(n, i, found)
	if err != nil {
		return Seam{}, err
	}
	s.Games = games
	return s, nil
}

// MeasureSeamOn measures where stage i of n (an index of n.Stages(), 1 or
// more) takes over from the stage before it, on boards where games first
// hold stage i's tile (as FirstBoards finds them): each stage, with its
// shift, values the afterstates of the moves from them. A board without
// the tile is refused; a board of a game over adds no afterstate.
func MeasureSeamOn(n *Network, i int, boards []engine.Board) (Seam, error) {
	stages, err := seamStages(n, i)
	if err != nil {
		return Seam{}, err
	}
	s := Seam{Tile: stages[i].Tile, Boards: len(boards)}
	before, after := stages[i-1], stages[i]
	rank := n.ranks[i]
	for k, b := range boards {
		if !holdsRank(b, rank) {
			return Seam{}, fmt.Errorf("board %d of %d holds no %d: not a board where stage %d takes over", k+1, len(boards), s.Tile, i+1)
		}
		for _, a := range b.Next() {
			if a == b {
				continue
			}
			s.Before += before.Net.Evaluate(a) + before.Shift
			s.After += after.Net.Evaluate(a) + after.Shift
			s.Afterstates++
		}
	}
	if s.Afterstates > 0 {
		s.Before /= float64(s.Afterstates)
		s.After /= float64(s.Afterstates)
	}
	return s, nil
}

// seamStages returns the stages of n, if stage i of them meets one before
// it.
func seamStages(n *Network, i int) ([]Stage, error) {
	stages := n.Stages()
	if len(stages) == 1 {
		return nil, errors.New("a network of one stage: no stage meets another")
	}
	if i < 1 || i >= len(stages) {
		return nil, fmt.Errorf("stage %d of a network of %d: want a stage from 1 to %d, each meeting the one before", i, len(stages), len(stages)-1)
	}
	return stages, nil
}
