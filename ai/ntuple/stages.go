package ntuple

import (
	"fmt"
	"math"

	"github.com/term2048/2048/engine"
)

// # Stages
//
// One network values the opening and the late game alike, and the late
// game, which few training games reach, it values worst. A network of
// several stages (Yeh et al. 2016; TDL2048's two stages) values each board
// by the network of its stage: the first stage's until the board holds a
// tile of the second stage's rank, the second's from then on. Each stage is
// a network of its own, trained on the boards of its stage alone: the
// second from boards where the first stage's games reach that tile (see
// [FirstBoards] and [Trainer.SetStarts]). Tiles are never lost, so a game
// never goes back to an earlier stage.

// MaxStages is the most stages a network has.
const MaxStages = 4

// DefaultStageTile is the tile from which 2048 train's second stage values
// boards: 16384, as TDL2048's second stage.
const DefaultStageTile = 16384

// A Stage is one network of a network of stages, and the tile from which it
// values boards: a board holding a tile of Tile or more (and none of the
// next stage's tile) is valued by Net, plus Shift. The first stage's Tile
// is 0.
type Stage struct {
	Net  *Network
	Tile int
	// Shift is the points added to every value of Net: the shift that
	// makes the stage meet the one before it (see MeasureSeam), for a
	// network whose weights cannot be shifted as a play file's can (see
	// ShiftPlay), such as one in training.
	Shift float64
}

// Staged returns a network that values a board by the network of its
// stage: the last of stages whose tile the board holds. The first stage's
// tile must be 0, the others' powers of 2 from 4 to 32768 in increasing
// order, at most MaxStages stages in all, their networks of one design and
// themselves of one stage, their shifts within 1e8 points. The network
// shares the stages' memory, and releasing it releases them (see
// Network.Release): it cannot be trained or saved, but may be written as a
// play file with the others' play files (see WriteStagedPlay).
func Staged(stages []Stage) (*Network, error) {
	tiles := make([]int, len(stages))
	for i, s := range stages {
		tiles[i] = s.Tile
	}
	ranks, err := stageRanks(tiles)
	if err != nil {
		return nil, err
	}
	n := &Network{design: stages[0].Net.design, initial: stages[0].Net.initial, giveBack: func() {}}
	for i, s := range stages {
		switch {
		case s.Net.design != n.design:
			return nil, fmt.Errorf("stage %d is a %v network, stage 1 a %v one: the stages of a network share its design", i+1, s.Net.design, n.design)
		case s.Net.stages != nil:
			return nil, fmt.Errorf("stage %d has stages of its own", i+1)
		case !(math.Abs(s.Shift) <= maxShift): // NaN too
			return nil, fmt.Errorf("stage %d is shifted by %g points: want a shift within %g", i+1, s.Shift, float64(maxShift))
		}
		n.stages = append(n.stages, s.Net)
		n.ranks[i] = ranks[i]
		n.shifts[i] = s.Shift
	}
	return n, nil
}

// Stages returns the stages of n, or n alone as the only stage of a
// network of one.
func (n *Network) Stages() []Stage {
	if n.stages == nil {
		return []Stage{{Net: n}}
	}
	s := make([]Stage, len(n.stages))
	for i, net := range n.stages {
		s[i] = Stage{Net: net, Tile: engine.TileValue(n.ranks[i]), Shift: n.shifts[i]}
	}
	return s
}

// maxShift bounds a stage's shift, in points: a hundred times the score of
// the best games, far past any gap between two stages (tens of thousands
// of points).
const maxShift = 1e8

// stageOf returns the index in n.stages of the stage of b.
func (n *Network) stageOf(b engine.Board) int {
	for i := len(n.stages) - 1; i > 0; i-- {
		if holdsRank(b, n.ranks[i]) {
			return i
		}
	}
	return 0
}

// holdsRank reports whether b holds a tile of rank r or more, r from 1 to
// 15. It adds 16−r to every nibble at once, each in a byte of its own, and
// looks for a nibble that overflowed, without a loop over the cells
// (engine.Board.HighestRank): a search asks it of every leaf.
func holdsRank(b engine.Board, r uint8) bool {
	const low = 0x0f0f0f0f0f0f0f0f
	add := uint64(16-r) * 0x0101010101010101
	x := uint64(b)
	return (((x&low)+add)|((x>>4&low)+add))&^low != 0
}
