package playerdata_test

import (
	"path/filepath"
	"testing"

	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/playerdata/storetest"
)

// TestFilesStore runs the suite of a player's data on the files of a
// local player.
func TestFilesStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) playerdata.Store {
		dir := t.TempDir()
		return &playerdata.Files{
			StateDir:  filepath.Join(dir, "state"),
			DataDir:   filepath.Join(dir, "data"),
			ConfigDir: filepath.Join(dir, "config"),
			CacheDir:  filepath.Join(dir, "cache"),
		}
	})
}
