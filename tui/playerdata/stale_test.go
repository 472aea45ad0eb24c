package playerdata

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/term2048/2048/tui/atomicfile"
)

// TestRemoveStale checks that the start-up removes the temporary files of
// the store's own files whose writers are gone, this version's and earlier
// versions', and nothing else: not another program's, such as the network
// of 2048 train beside the history, not one whose writer is at work, not
// one written a moment ago.
func TestRemoveStale(t *testing.T) {
	s := tempFiles(t)
	for _, dir := range []string{s.StateDir, s.ConfigDir, s.ReviewsDir(), s.CacheDir} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	hourAgo, minuteAgo := time.Now().Add(-time.Hour), time.Now().Add(-time.Minute)
	write := func(dir, name string, at time.Time) string {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("{half"), 0o644); err != nil {
			t.Fatal(err)
		}
		if !at.IsZero() {
			if err := os.Chtimes(path, at, at); err != nil {
				t.Fatal(err)
			}
		}
		return path
	}
	gone := []string{
		write(s.StateDir, ".game.json.tmp-123456", hourAgo),
		write(s.DataDir, ".history.jsonl.tmp-1", hourAgo),
		write(s.ConfigDir, ".config.toml.tmp-2", hourAgo),
		write(s.ReviewsDir(), ".17.json.tmp-3", hourAgo),
		write(s.StateDir, ".unrecorded.jsonl.tmp-10", hourAgo),
		write(s.CacheDir, ".history.index.tmp-11", hourAgo),
		write(s.StateDir, "game.json.tmp-4", hourAgo), // an earlier version's
		write(s.DataDir, "stats.json.tmp-5", hourAgo),
	}
	kept := []string{
		write(s.DataDir, ".ntuple.weights.tmp-6", hourAgo), // 2048 train's
		write(s.StateDir, ".game.json.tmp-7", time.Time{}), // written now
		write(s.StateDir, "game.json.tmp-8", minuteAgo),    // an earlier version's, perhaps at work
		write(s.DataDir, "history.jsonl.tmp-9", hourAgo),   // no version wrote that
		write(s.StateDir, "game.json.tmp-x", hourAgo),
		write(s.StateDir, "notes.txt", hourAgo),
		write(s.CacheDir, ".other.tmp-12", hourAgo),
	}
	// A writer at work on the history, whose temporary file is as old as
	// that of a long write.
	atWork, err := atomicfile.Create(s.HistoryPath(), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer atWork.Abort()
	for _, name := range temps(t, s.DataDir) {
		if path := filepath.Join(s.DataDir, name); !slices.Contains(gone, path) && !slices.Contains(kept, path) {
			if err := os.Chtimes(path, hourAgo, hourAgo); err != nil {
				t.Fatal(err)
			}
		}
	}

	removed := s.RemoveStale()
	slices.Sort(removed)
	slices.Sort(gone)
	if !slices.Equal(removed, gone) {
		t.Errorf("RemoveStale removed %q; want %q", removed, gone)
	}
	for _, path := range kept {
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s: %v; want it kept", path, err)
		}
	}
	if _, err := atWork.Write([]byte("[]\n")); err != nil {
		t.Fatal(err)
	}
	if err := atWork.Commit(false); err != nil {
		t.Errorf("a write at work during RemoveStale failed to commit: %v", err)
	}
}

// temps returns the names of the temporary files of atomicfile in dir.
func temps(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if atomicfile.IsTemp(e.Name()) {
			names = append(names, e.Name())
		}
	}
	return names
}
