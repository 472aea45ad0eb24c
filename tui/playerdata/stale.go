package playerdata

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/term2048/2048/tui/atomicfile"
)

// RemoveStale removes the temporary files that writes of the store's own
// files killed half-way (a kill -9, a power cut) left in its directories:
// those of the saved game, the games waiting for the history, the history
// and its index, the statistics of earlier versions, the preferences and
// the reviews. Another program's files in
// the same directories, such as the network that 2048 train writes beside
// the history, are not the store's to judge, and a temporary file whose
// writer is at work, in a game or in a command, is kept (see
// atomicfile.RemoveStale). It returns the paths of the files removed.
//
// Only the holder of the store's lock may call it (see removeOldStyleTemps).
func (s *Files) RemoveStale() []string {
	var removed []string
	for _, d := range []struct {
		dir   string
		owned func(name string) bool
	}{
		{s.StateDir, isOneOf(s.gamePath(), s.UnrecordedPath())},
		{s.DataDir, isOneOf(s.HistoryPath(), s.statsPath())},
		{s.ConfigDir, isOneOf(s.PrefsPath())},
		{s.CacheDir, isOneOf(s.indexPath())},
		// Every file of the reviews' directory is a review the store keeps.
		{s.ReviewsDir(), func(name string) bool { return strings.HasSuffix(name, ".json") }},
	} {
		r, _ := atomicfile.RemoveStale(d.dir, d.owned) // a directory that is not there holds none
		removed = append(removed, r...)
	}
	return append(removed, s.removeOldStyleTemps(time.Now())...)
}

// isOneOf returns whether a name is that of one of the files at paths.
func isOneOf(paths ...string) func(name string) bool {
	return func(name string) bool {
		for _, p := range paths {
			if name == filepath.Base(p) {
				return true
			}
		}
		return false
	}
}

// oldStyleAge is how old the temporary file of a save by an earlier
// version must be to be removed: see removeOldStyleTemps.
const oldStyleAge = 10 * time.Minute

// removeOldStyleTemps removes the temporary files that the saves of
// earlier versions, killed half-way, left beside the saved game and the
// statistics: "game.json.tmp-123456", not hidden, with no lock on them nor
// on the directory. Nothing can tell whether their writer is gone, so only
// their age does: such a writer wrote a save of a few kilobytes in one
// write and renamed it at once, within milliseconds, so a file untouched
// for ten minutes was left by a writer that was killed. The holder of the
// store's lock is the only game of this version at work; this version
// never makes such names, and a game of an earlier version, which could
// run beside it, saves within milliseconds. It returns the paths removed.
func (s *Files) removeOldStyleTemps(now time.Time) []string {
	var removed []string
	for _, path := range []string{s.gamePath(), s.statsPath()} {
		dir, base := filepath.Split(path)
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if !isOldStyleTemp(e.Name(), base) || !e.Type().IsRegular() {
				continue
			}
			fi, err := e.Info()
			temp := filepath.Join(dir, e.Name())
			if err == nil && now.Sub(fi.ModTime()) >= oldStyleAge && os.Remove(temp) == nil {
				removed = append(removed, temp)
			}
		}
	}
	return removed
}

// isOldStyleTemp reports whether name is that of a temporary file of base
// as earlier versions made them, with os.CreateTemp(dir, base+".tmp-*"):
// base, ".tmp-" and a decimal number.
func isOldStyleTemp(name, base string) bool {
	digits, ok := strings.CutPrefix(name, base+".tmp-")
	return ok && digits != "" && strings.Trim(digits, "0123456789") == ""
}
