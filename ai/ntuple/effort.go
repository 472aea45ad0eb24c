package ntuple

import (
	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// The effort of a search with a network (see ai.SearchEffort).
//
// A leaf of the heuristic is a few lookups in a table that stays in the
// processor's caches; a leaf of a network reads 32 weights spread over
// hundreds of megabytes. At the heuristic's settings, a search with a
// network took 5.5 times as long as one with the heuristic on the same
// board, over the positions of a whole game. One ply less alone still took
// twice as long in the late game, whose branches the cut-off ends before
// the depth does; a cut-off ten times higher alone was the worst of the
// settings in the late game. One ply less with a cut-off of 5e-4 took 0.73
// of the heuristic's time on one thread and 0.88 on two, and chose the
// move of the network's search at the heuristic's settings as often as a
// cut-off of 2e-4 or 3e-4 did (docs/studies.md, "The network's automatic
// depth").
const (
	// SearchCutoff is the cut-off probability of a search with a network.
	SearchCutoff = 5e-4
	// AutoDepthLess is how many plies less than the heuristic's automatic
	// depth (ai.DepthOf) a search with a network takes at ai.Auto.
	AutoDepthLess = 1
)

// Cutoff returns the probability under which a search with n scores a
// branch rather than expanding it: 5e-4, five times the heuristic's.
func (n *Network) Cutoff() float64 { return SearchCutoff }

// AutoDepth returns the plies of a search of b at ai.Auto with n: one less
// than the heuristic's automatic depth (ai.DepthOf), from 3 to 13.
func (n *Network) AutoDepth(b engine.Board) int { return ai.DepthOf(b) - AutoDepthLess }
