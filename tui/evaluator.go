package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/tui/regularfile"
)

// This file opens the evaluator the AI scores boards with, by its name: the
// commands' -eval and -weights flags, the preferences file and the settings
// screen all open it here.

// ErrNoWeights is the error, wrapped, of a weights file that does not
// exist.
var ErrNoWeights = errors.New("no trained network")

// DefaultWeightsPath returns where 2048 train keeps its network and the
// learned evaluator reads it by default: ntuple.weights in the store's data
// directory, $XDG_DATA_HOME/2048.
func DefaultWeightsPath() string { return filepath.Join(DefaultStore().DataDir, "ntuple.weights") }

// OpenEvaluator returns the evaluator called name: one of ai.Evaluators, or
// the learned network (ntuple.EvaluatorName) read from the weights file at
// weights ("" for DefaultWeightsPath). For the network it reads the whole
// file, a few hundred megabytes: call it off the screen's goroutine. The
// error says what is wrong: an unknown name, a file missing (wrapping
// ErrNoWeights), damaged or not a regular file.
func OpenEvaluator(name, weights string) (ai.Evaluator, error) {
	if name != ntuple.EvaluatorName {
		return ai.NewEvaluator(name)
	}
	if weights == "" {
		weights = DefaultWeightsPath()
	}
	net, _, err := ReadNetwork(weights)
	if err != nil {
		return nil, err
	}
	return net, nil
}

// ReadNetwork reads the network of the weights file at path, and the state
// of its training. A missing file says how to train one; a damaged one, or
// a path that is not a regular file (a named pipe, which would block, or a
// device), says what is wrong.
func ReadNetwork(path string) (*ntuple.Network, ntuple.State, error) {
	f, err := regularfile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ntuple.State{}, fmt.Errorf("%w at %s: train one with \"2048 train -time 1h\" (an hour on two cores)", ErrNoWeights, path)
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the message names the path once
		}
		return nil, ntuple.State{}, fmt.Errorf("weights file %s: %w", path, err)
	}
	defer f.Close()
	net, state, err := ntuple.ReadNetwork(f)
	if err != nil {
		return nil, ntuple.State{}, fmt.Errorf("weights file %s: %w", path, err)
	}
	return net, state, nil
}
