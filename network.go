package main

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/term2048/2048/ai/ntuple"
)

// ntupleEval is the name of the learned evaluator on the command line: the
// network 2048 train trains.
const ntupleEval = ntuple.EvaluatorName

// ntupleSummary describes ntupleEval in the list of evaluators.
const ntupleSummary = "an n-tuple network trained by 2048 train, read from -weights FILE (the learned evaluator)"

// displayPath writes path with the home directory as ~, for help texts.
func displayPath(path string) string {
	if home, err := os.UserHomeDir(); err == nil && home != "" && strings.HasPrefix(path, home+string(filepath.Separator)) {
		return "~" + path[len(home):]
	}
	return path
}
