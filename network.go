package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/adrg/xdg"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/tui/regularfile"
)

// ntupleEval is the name of the learned evaluator on the command line: the
// network 2048 train trains.
const ntupleEval = ntuple.EvaluatorName

// ntupleSummary describes ntupleEval in the list of evaluators.
const ntupleSummary = "an n-tuple network trained by 2048 train, read from -weights FILE (the learned evaluator)"

// defaultWeightsPath returns where 2048 train keeps its network and the
// learned evaluator reads it: $XDG_DATA_HOME/2048/ntuple.weights.
func defaultWeightsPath() string {
	xdg.Reload() // read the environment now, not at package init
	return filepath.Join(xdg.DataHome, "2048", "ntuple.weights")
}

// displayPath writes path with the home directory as ~, for help texts.
func displayPath(path string) string {
	if home, err := os.UserHomeDir(); err == nil && home != "" && strings.HasPrefix(path, home+string(filepath.Separator)) {
		return "~" + path[len(home):]
	}
	return path
}

// errNoWeights is the error of a weights file that does not exist.
var errNoWeights = errors.New("no trained network")

// readNetwork reads the network of the weights file at path. A missing file
// says how to train one; a damaged one, or a path that is not a regular
// file (a named pipe, which would block, or a device), says what is wrong;
// none falls back to another evaluator.
func readNetwork(path string) (*ntuple.Network, ntuple.State, error) {
	f, err := regularfile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ntuple.State{}, fmt.Errorf("%w at %s: train one with \"2048 train -time 1h\" (an hour on two cores), or give -weights FILE", errNoWeights, path)
	}
	if err != nil {
		return nil, ntuple.State{}, fmt.Errorf("weights file %s: %w", path, withoutPath(err))
	}
	defer f.Close()
	net, state, err := ntuple.ReadNetwork(f)
	if err != nil {
		return nil, ntuple.State{}, fmt.Errorf("weights file %s: %w", path, err)
	}
	return net, state, nil
}
