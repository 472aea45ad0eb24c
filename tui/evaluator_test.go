package tui

import (
	"path/filepath"
	"testing"

	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/tui/playerdata"
)

// TestNetworkInDataDir checks that the learned evaluator looks for its
// network in the directory where the game keeps its history: the two
// packages each read it from the environment.
func TestNetworkInDataDir(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", filepath.Join(t.TempDir(), "data"))
	dir := playerdata.DefaultFiles().DataDir
	for _, path := range []string{evaluators.DefaultWeightsPath(), evaluators.DefaultPlayPath()} {
		if filepath.Dir(path) != dir {
			t.Errorf("%s is not in the store's data directory %s", path, dir)
		}
	}
}
