package ntuple

import "github.com/term2048/2048/engine"

// The effort of a search with a network (see ai.SearchEffort).
//
// A leaf of the heuristic is a few lookups in a table that stays in the
// processor's caches; a leaf of a network reads 32 weights spread over
// hundreds of megabytes. At the heuristic's settings, a search with a
// network took 5.5 times as long as one with the heuristic on the same
// board, over the positions of a whole game; a cut-off of 5e-4 rather than
// 1e-4 takes the least time for the least loss (docs/studies.md, "The
// network's automatic depth").
//
// The depth is the network's own rule, not the heuristic's: nneonneo's
// rule deepens with the distinct tiles, to 13 plies and more late in a
// game, where a game at a ply less than it took 8 minutes of a core. A
// network searched 3 plies is already far stronger than the heuristic at
// 5, and one more ply adds to both rates (16384 from 81% to 85% of games,
// 32768 from 34% to 38%, docs/studies.md); past that, a ply costs several
// times the last. So the network searches AutoPlies, and LatePlies once
// the board holds LateTiles distinct tiles, where a slip costs most.
const (
	// SearchCutoff is the cut-off probability of a search with a network.
	SearchCutoff = 5e-4
	// AutoPlies is the depth of a search with a network at ai.Auto.
	AutoPlies = 4
	// LatePlies is the depth at ai.Auto on a board of LateTiles distinct
	// tiles or more.
	LatePlies = 5
	// LateTiles is the distinct tiles from which a search at ai.Auto
	// takes LatePlies: from 2 to 1024 with a 2048 beside them, say.
	LateTiles = 11
)

// Cutoff returns the probability under which a search with n scores a
// branch rather than expanding it: 5e-4, five times the heuristic's.
func (n *Network) Cutoff() float64 { return SearchCutoff }

// AutoDepth returns the plies of a search of b at ai.Auto with n:
// AutoPlies, or LatePlies on a board of LateTiles distinct tiles or more.
func (n *Network) AutoDepth(b engine.Board) int { return AutoDepthOf(b) }

// AutoDepthOf returns the plies of a search of b with a network at
// ai.Auto (see Network.AutoDepth), for a program that shows the depth
// before it opens a network.
func AutoDepthOf(b engine.Board) int {
	if b.DistinctTiles() >= LateTiles {
		return LatePlies
	}
	return AutoPlies
}
