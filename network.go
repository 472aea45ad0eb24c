package main

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/ntuple"
)

// ntupleEval is the name of the learned evaluator on the command line: the
// network 2048 train trains.
const ntupleEval = ntuple.EvaluatorName

// ntupleSummary describes ntupleEval in the list of evaluators.
const ntupleSummary = "an n-tuple network trained by 2048 train, read from -weights FILE (the learned evaluator)"

// releaseEvaluator gives back at once the memory of eval if it is a
// network (see ntuple.Network.Release), once a command is done with it: the
// collector does not see that memory and may not run for long, and a
// command run within another program, as the tests run them, would leave
// hundreds of megabytes mapped that its own process gives back by ending.
// Nothing may use eval afterwards.
func releaseEvaluator(eval ai.Evaluator) {
	if net, ok := eval.(*ntuple.Network); ok {
		net.Release()
	}
}

// displayPath writes path with the home directory as ~, for help texts.
func displayPath(path string) string {
	if home, err := os.UserHomeDir(); err == nil && home != "" && strings.HasPrefix(path, home+string(filepath.Separator)) {
		return "~" + path[len(home):]
	}
	return path
}
