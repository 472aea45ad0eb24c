// Package evaluators opens the evaluators the AI scores boards with, by
// their names, as the commands' -eval and -weights flags, the preferences
// file and the settings screen give them: the heuristics of package ai,
// and the learned network of package ntuple, read from a weights or play
// file named, from the player's data directory ($XDG_DATA_HOME/2048), or
// from the one built into the game (package bundled). The game and the
// commands open theirs here, and only here.
//
// It is a package of its own because it reads files and knows where the
// player keeps them: package ai does no I/O, and package ntuple reads a
// network from any reader but knows neither the player's directories nor
// the heuristics by name. It never prints: what goes wrong comes back as
// an error that says what to do.
package evaluators

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/regularfile"
)

// ErrNoWeights is the error, wrapped, of a weights file that does not
// exist.
var ErrNoWeights = errors.New("no trained network")

// Open returns the evaluator called name: one of ai.Evaluators, or the
// learned network (ntuple.EvaluatorName) read from the file weights, or,
// for weights "", from the first of DefaultWeightsPath, DefaultPlayPath
// and the network built into the game (package bundled) that exists. For
// the network it reads the whole file, tens or hundreds of megabytes: a
// game calls it off the screen's goroutine. The error says what is wrong:
// an unknown name, no network (wrapping ErrNoWeights), a file damaged or
// not a regular file.
func Open(name, weights string) (ai.Evaluator, error) {
	if name != ntuple.EvaluatorName {
		return ai.NewEvaluator(name)
	}
	var net *ntuple.Network
	var err error
	if weights != "" {
		net, _, err = ReadNetwork(weights)
	} else {
		net, err = defaultNetworks().open()
	}
	if err != nil {
		return nil, err
	}
	return net, nil
}

// ReadNetwork reads the network of the weights file or play file at path,
// and the state of its training. A missing file says how to train one; a
// damaged one, or a path that is not a regular file (a named pipe, which
// would block, or a device), says what is wrong.
func ReadNetwork(path string) (*ntuple.Network, ntuple.State, error) {
	f, err := openNetworkFile(path)
	if err != nil {
		return nil, ntuple.State{}, err
	}
	defer f.Close()
	net, state, err := ntuple.ReadNetwork(f)
	if err != nil {
		return nil, ntuple.State{}, fmt.Errorf("weights file %s: %w", path, err)
	}
	return net, state, nil
}

// openNetworkFile opens the regular file at path, or says why not.
func openNetworkFile(path string) (fs.File, error) {
	f, err := regularfile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w at %s: train one with \"2048 train -time 1h\" (an hour on two cores)", ErrNoWeights, path)
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the message names the path once
		}
		return nil, fmt.Errorf("weights file %s: %w", path, err)
	}
	return f, nil
}
