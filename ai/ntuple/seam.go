package ntuple

import (
	"context"
	"errors"
	"fmt"
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
// boards of them hold stage i's tile; the first board of each that holds
// it gives its afterstates, which both stages value. It plays on workers
// goroutines, and gives up with FirstBoards's errors.
func MeasureSeam(ctx context.Context, n *Network, i, boards int, seed uint64, workers int) (Seam, error) {
	stages := n.Stages()
	if len(stages) == 1 {
		return Seam{}, errors.New("a network of one stage: no stage meets another")
	}
	if i < 1 || i >= len(stages) {
		return Seam{}, fmt.Errorf("stage %d of a network of %d: want a stage from 1 to %d, each meeting the one before", i, len(stages), len(stages)-1)
	}
	// The games are those of the network without stage i: the player
	// that reaches its tile.
	player := stages[0].Net
	if i > 1 {
		var err error
		if player, err = Staged(stages[:i]); err != nil {
			return Seam{}, err
		}
	}
	s := Seam{Tile: stages[i].Tile}
	found, games, err := FirstBoards(ctx, player, s.Tile, boards, seed, workers)
	if err != nil {
		return Seam{}, err
	}
	s.Boards, s.Games = len(found), games
	before, after := stages[i-1].Net, stages[i].Net
	for _, b := range found {
		for _, a := range b.Next() {
			if a == b {
				continue
			}
			s.Before += before.Evaluate(a)
			s.After += after.Evaluate(a)
			s.Afterstates++
		}
	}
	// A game over on the board that first holds the tile adds no
	// afterstate.
	if s.Afterstates > 0 {
		s.Before /= float64(s.Afterstates)
		s.After /= float64(s.Afterstates)
	}
	return s, nil
}
