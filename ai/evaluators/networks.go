package evaluators

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/adrg/xdg"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/bundled"
)

// This file says where the learned evaluator finds its network when no
// weights file is named, and what a game may offer a player who has none
// of their own.

// DefaultWeightsPath returns where 2048 train keeps its network and the
// learned evaluator reads it by default: ntuple.weights in the player's
// data directory, $XDG_DATA_HOME/2048.
func DefaultWeightsPath() string { return filepath.Join(dataDir(), "ntuple.weights") }

// DefaultPlayPath returns where a player may put a play file (see
// ntuple.Checkpoint.WritePlay) for the learned evaluator to read when they
// have no network of their own: ntuple.play in the player's data
// directory.
func DefaultPlayPath() string { return filepath.Join(dataDir(), "ntuple.play") }

// dataDir returns the player's data directory, $XDG_DATA_HOME/2048, read
// from the environment now: the one where the game keeps its history
// (playerdata.Files's DataDir).
func dataDir() string {
	xdg.Reload() // read the environment now, not at package init
	return filepath.Join(xdg.DataHome, "2048")
}

// BuiltIn names the network built into the game in messages, and in
// NetworkOffer.Where.
const BuiltIn = "the network built into the game"

// networks are the places where the learned evaluator looks for its
// network when no weights file is named, in order: the player's own
// (trained), one they put in the data directory (dropped), and the one
// built into the game (bundled, nil for none).
type networks struct {
	trained, dropped string
	bundled          fs.FS
}

// defaultNetworks returns the places of the player's data directory and
// of package bundled.
func defaultNetworks() networks {
	return networks{trained: DefaultWeightsPath(), dropped: DefaultPlayPath(), bundled: bundled.FS()}
}

// first returns the path of the first file of n that exists, "" for the
// bundled one, and false if none does.
func (n networks) first() (string, bool) {
	for _, path := range []string{n.trained, n.dropped} {
		if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
			return path, true
		}
	}
	if n.bundled != nil {
		if _, err := fs.Stat(n.bundled, bundled.Path); err == nil {
			return "", true
		}
	}
	return "", false
}

// open reads the first network of n.
func (n networks) open() (*ntuple.Network, error) {
	path, ok := n.first()
	switch {
	case !ok:
		return nil, fmt.Errorf("%w at %s: train one with \"2048 train -time 1h\" (an hour on two cores), or put a play file at %s",
			ErrNoWeights, n.trained, n.dropped)
	case path != "":
		net, _, err := ReadNetwork(path)
		return net, err
	}
	f, err := n.bundled.Open(bundled.Path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", BuiltIn, err)
	}
	defer f.Close()
	net, _, err := ntuple.ReadNetwork(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", BuiltIn, err)
	}
	return net, nil
}

// A NetworkOffer is the play file the learned evaluator reads when no
// weights file is named and the player has none of their own, as
// FindNetwork found it: built into the game or put in the data directory,
// and checked.
type NetworkOffer struct {
	Where  string // the file, or BuiltIn
	Design ntuple.Design
	State  ntuple.State // the counts of its training
	// StageTiles holds the tile from which each stage of a network of
	// stages values boards (see ntuple.Staged); nil for one stage.
	StageTiles []int
	Err        error // why it cannot be read: it is damaged
}

// FindNetwork returns the play file the learned evaluator reads when no
// weights file is named, its checksums checked (a few milliseconds), or
// nil if the player has a network of their own (DefaultWeightsPath) or
// there is none.
func FindNetwork() *NetworkOffer { return defaultNetworks().offer() }

// offer returns the play file of n that open would read, checked, or nil.
func (n networks) offer() *NetworkOffer {
	path, ok := n.first()
	if !ok || path == n.trained {
		return nil
	}
	o := &NetworkOffer{Where: path}
	var f fs.File
	if path == "" {
		o.Where = BuiltIn
		f, o.Err = n.bundled.Open(bundled.Path)
	} else {
		f, o.Err = openNetworkFile(path)
	}
	if o.Err != nil {
		return o
	}
	defer f.Close()
	info, err := ntuple.CheckPlay(f)
	o.Design, o.State, o.StageTiles, o.Err = info.Design, info.State, info.StageTiles, err
	return o
}
