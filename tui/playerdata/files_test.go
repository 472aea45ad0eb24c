package playerdata

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
)

// tempFiles returns the default store of a user whose XDG directories are
// in a fresh temporary directory.
func tempFiles(t *testing.T) Files {
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	return DefaultFiles()
}

func playSome(g *engine.Game, n int) {
	for g.MoveCount() < n && !g.Over() {
		for _, d := range []engine.Direction{engine.Down, engine.Left, engine.Right, engine.Up} {
			if _, ok := g.Move(d); ok {
				break
			}
		}
	}
}

func TestDefaultFilesFollowsXDG(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "s"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "d"))
	s := DefaultFiles()
	if s.StateDir != filepath.Join(dir, "s", "2048") || s.DataDir != filepath.Join(dir, "d", "2048") {
		t.Errorf("DefaultFiles() = %+v", s)
	}
}

func TestFilesRoundTrip(t *testing.T) {
	s := tempFiles(t)
	if _, err := s.LoadGame(); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("LoadGame with no file: %v; want fs.ErrNotExist", err)
	}
	if log, notes, err := s.LoadHistory(); err != nil || len(log.Records) != 0 || notes != nil {
		t.Fatalf("LoadHistory with no file: %+v, %q, %v", log, notes, err)
	}
	g := engine.NewGame(42)
	playSome(g, 100)
	by := make(review.Movers, g.MoveCount())
	for i := range by {
		by[i] = review.ByPlayer
	}
	by[7] = review.ByHint
	saved := SavedGame{Game: g, Hinted: true, WinSeen: true, By: by, Played: 83 * time.Second}
	if err := s.SaveGame(saved, true); err != nil {
		t.Fatal(err)
	}
	back, err := s.LoadGame()
	if err != nil {
		t.Fatal(err)
	}
	if back.Game.Board() != g.Board() || back.Game.Score() != g.Score() || !back.Hinted || back.Autoplayed || !back.WinSeen ||
		string(back.By) != string(by) || back.Played != saved.Played {
		t.Errorf("LoadGame = %+v; want the saved game", back)
	}
	line := finishedGame(t, 5, 50)
	if err := s.AppendHistory(line); err != nil {
		t.Fatal(err)
	}
	if log, notes, err := s.LoadHistory(); err != nil || len(log.Records) != 1 || log.Records[0].Score != line.Score || notes != nil {
		t.Errorf("LoadHistory = %+v, %q, %v; want the game appended", log, notes, err)
	}
	// No temporary file is left behind.
	for _, dir := range []string{s.StateDir, s.DataDir} {
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Errorf("%s holds %d files; want 1", dir, len(entries))
		}
	}
}

func TestFilesCorruptFiles(t *testing.T) {
	valid := func(s Files) []byte {
		g := engine.NewGame(1)
		playSome(g, 20)
		s.SaveGame(SavedGame{Game: g}, false)
		data, _ := os.ReadFile(s.gamePath())
		return data
	}
	tests := []struct {
		name   string
		damage func(good []byte) []byte
		want   string
	}{
		{"garbage", func([]byte) []byte { return []byte("not json at all") }, "invalid character"},
		{"truncated", func(good []byte) []byte { return good[:len(good)/2] }, "unexpected end"},
		{"tampered", func(good []byte) []byte { return []byte(strings.Replace(string(good), `"score":`, `"score":1`, 1)) }, "replay ends at"},
		{"older version", func(good []byte) []byte {
			return []byte(strings.Replace(string(good), `"version":1`, `"version":0`, 1))
		}, "version 0"},
		{"no game", func([]byte) []byte { return []byte(`{"version":1}`) }, "no game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tempFiles(t)
			os.WriteFile(s.gamePath(), tt.damage(valid(s)), 0o644)
			_, err := s.LoadGame()
			var ce *CorruptError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("LoadGame = %v; want a CorruptError mentioning %q", err, tt.want)
			}
			if _, err := os.Stat(ce.MovedTo); err != nil || ce.MovedTo == "" {
				t.Errorf("the bad file was not kept: %v", err)
			}
			if _, err := os.Stat(s.gamePath()); !errors.Is(err, fs.ErrNotExist) {
				t.Error("the bad file is still in the way")
			}
		})
	}
	s := tempFiles(t)
	os.MkdirAll(s.DataDir, 0o755)
	os.WriteFile(s.statsPath(), []byte("{{{"), 0o644)
	log := history.Index{}
	if e, err := s.MigrateStats(&log, func(e history.Earlier) history.Earlier { return e }); err == nil || e != (history.Earlier{}) || len(log.Earlier) != 0 {
		t.Errorf("MigrateStats of a corrupt file = %+v, %v", e, err)
	}
}

// blockedFiles returns the default store of a user whose XDG directories
// cannot be created, even by root: their parent is a file.
func blockedFiles(t *testing.T) Files {
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	t.Setenv("XDG_STATE_HOME", filepath.Join(file, "state"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(file, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(file, "config"))
	return DefaultFiles()
}

func TestFilesUnwritable(t *testing.T) {
	s := blockedFiles(t)
	if err := s.SaveGame(SavedGame{Game: engine.NewGame(1)}, true); err == nil {
		t.Error("SaveGame in an impossible directory succeeded")
	}
	if err := s.AppendHistory(finishedGame(t, 1, 10)); err == nil {
		t.Error("AppendHistory in an impossible directory succeeded")
	}
}

func TestSavedGameIsJSON(t *testing.T) {
	s := tempFiles(t)
	g := engine.NewGame(3)
	playSome(g, 5)
	s.SaveGame(SavedGame{Game: g, Autoplayed: true}, false)
	data, _ := os.ReadFile(s.gamePath())
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil || v["version"] != 1.0 || v["autoplayed"] != true {
		t.Errorf("the saved file is %s", data)
	}
}

// An unreadableCase is a thing at the place of a file that the store cannot
// read.
type unreadableCase struct {
	name  string
	make  func(t *testing.T, path string) // puts the thing at path
	want  string                          // in the error
	check func(t *testing.T, path string) // that it is still there, as it was
}

// TestFilesKeepsUnreadableFiles checks that a file the store cannot read is
// left as it is and never written over, and that reading it neither blocks
// nor fills the memory: before, any read error started a new game whose
// first save replaced the old one, and unreadable statistics were replaced
// by zeros. The history is only ever appended to, which writes over
// nothing; a thing at its place that is not a file is not appended to.
func TestFilesKeepsUnreadableFiles(t *testing.T) {
	tests := []unreadableCase{
		{"directory", func(t *testing.T, path string) { os.Mkdir(path, 0o755) }, "not a regular file", isDir},
		{"link loop", func(t *testing.T, path string) { os.Symlink(filepath.Base(path), path) }, "too many", isLink},
		{"newer version", func(t *testing.T, path string) {
			os.WriteFile(path, []byte(`{"version":2,"games_played":42}`), 0o644)
		}, "newer", hasText(`{"version":2,"games_played":42}`)},
	}
	tests = append(tests, unixOnlyUnreadable...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tempFiles(t)
			os.MkdirAll(s.StateDir, 0o755)
			os.MkdirAll(s.DataDir, 0o755)
			paths := []string{s.gamePath(), s.statsPath(), s.HistoryPath()}
			for _, p := range paths {
				tt.make(t, p)
			}
			// A load that blocks (on opening the FIFO, say) hangs the test,
			// which go test's -timeout reports with the stack of every
			// goroutine: the one blocked shows where.
			var errs [3]error
			var notes []string
			_, errs[0] = s.LoadGame()
			_, errs[1] = s.MigrateStats(&history.Index{}, func(e history.Earlier) history.Earlier { return e })
			_, notes, errs[2] = s.LoadHistory()
			if tt.name == "newer version" { // a line of the history of a newer version is skipped, and stays
				errs[2] = errors.New(strings.Join(notes, "; "))
				if !strings.Contains(errs[2].Error(), "left as it is") {
					t.Errorf("LoadHistory notes %q; want the line left as it is", notes)
				}
			} else {
				var ue *UnreadableError
				if !errors.As(errs[2], &ue) {
					t.Errorf("LoadHistory: %v; want an UnreadableError", errs[2])
				}
			}
			for i, err := range errs[:2] {
				var ue *UnreadableError
				if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("loading %s: %v; want an UnreadableError saying %q", paths[i], err, tt.want)
				}
			}
			if err := s.SaveGame(SavedGame{Game: engine.NewGame(1)}, true); err == nil {
				t.Error("SaveGame wrote over a game it could not read")
			}
			if err := s.AppendHistory(finishedGame(t, 1, 10)); err == nil && tt.name != "newer version" {
				t.Error("AppendHistory wrote to a thing that is not a file")
			}
			for _, p := range paths[:2] {
				tt.check(t, p)
			}
			if tt.name != "newer version" {
				tt.check(t, paths[2])
			}
		})
	}
}

// finishedGame returns the line of the game of seed after n moves.
func finishedGame(t *testing.T, seed uint64, n int) history.Game {
	t.Helper()
	g := engine.NewGame(seed)
	playSome(g, n)
	line := history.FromEngine(g, nil)
	line.Ended = time.Date(2026, 11, 23, 14, 5, 0, 0, time.UTC)
	return line
}

func isDir(t *testing.T, path string) {
	if fi, err := os.Lstat(path); err != nil || !fi.IsDir() {
		t.Errorf("%s is no longer the directory it was: %v", path, err)
	}
}

func isLink(t *testing.T, path string) {
	if fi, err := os.Lstat(path); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("%s is no longer the link it was: %v", path, err)
	}
}

func hasText(want string) func(*testing.T, string) {
	return func(t *testing.T, path string) {
		if got, err := os.ReadFile(path); err != nil || string(got) != want {
			t.Errorf("%s holds %q, %v; want it untouched: %q", path, got, err, want)
		}
	}
}

// TestFilesTooLarge checks that a file far larger than any game is not
// read whole but moved aside.
func TestFilesTooLarge(t *testing.T) {
	s := tempFiles(t)
	os.MkdirAll(s.StateDir, 0o755)
	f, _ := os.Create(s.gamePath())
	f.Truncate(300 << 20) // sparse: 300 MB that take no room
	f.Close()
	_, err := s.LoadGame()
	var ce *CorruptError
	if !errors.As(err, &ce) || !errors.Is(err, errTooLarge) || ce.MovedTo == "" {
		t.Fatalf("LoadGame of 300 MB = %v; want a CorruptError, too large, moved aside", err)
	}
	if fi, err := os.Stat(ce.MovedTo); err != nil || fi.Size() != 300<<20 {
		t.Errorf("the large file was not kept whole: %v", err)
	}
}

// TestMoveAsideTwiceInASecond checks that two files moved aside in the
// same second both stay: before, the second rename replaced the first.
func TestMoveAsideTwiceInASecond(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.Local)
	var moved []string
	for i := range 3 {
		os.WriteFile(path, []byte{byte('a' + i)}, 0o644)
		var ce *CorruptError
		if err := moveAside(path, errors.New("bad"), now); !errors.As(err, &ce) || ce.MovedTo == "" {
			t.Fatalf("moveAside: %v", err)
		}
		moved = append(moved, ce.MovedTo)
	}
	for i, p := range moved {
		if got, _ := os.ReadFile(p); string(got) != string(rune('a'+i)) {
			t.Errorf("%s holds %q; want %q", p, got, string(rune('a'+i)))
		}
	}
}

// TestFilesWritesThroughLinks checks that a saved game that is a symbolic
// link is read through it and saved through it: the link stays a link.
func TestFilesWritesThroughLinks(t *testing.T) {
	s := tempFiles(t)
	os.MkdirAll(s.StateDir, 0o755)
	real := filepath.Join(t.TempDir(), "my-game.json")
	g := engine.NewGame(5)
	playSome(g, 10)
	s.SaveGame(SavedGame{Game: g}, false)
	os.Rename(s.gamePath(), real)
	if err := os.Symlink(real, s.gamePath()); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	back, err := s.LoadGame()
	if err != nil || back.Game.Board() != g.Board() {
		t.Fatalf("LoadGame through a link: %v", err)
	}
	playSome(back.Game, 20)
	if err := s.SaveGame(back, false); err != nil {
		t.Fatal(err)
	}
	isLink(t, s.gamePath())
	var j savedGameJSON
	data, _ := os.ReadFile(real)
	if json.Unmarshal(data, &j); j.Game == nil || j.Game.MoveCount() != back.Game.MoveCount() {
		t.Errorf("the link's target was not written: %s", data)
	}
}

// TestDecodeSavedGame: the contents of game.json decode as LoadGame reads
// them, and anything else fails.
func TestDecodeSavedGame(t *testing.T) {
	s := tempFiles(t)
	g := engine.NewGame(11)
	playSome(g, 30)
	saved := SavedGame{ID: "abc", Game: g, Hinted: true, Undos: 2, Peak: g.Score() + 8}
	if err := s.SaveGame(saved, false); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(s.gamePath())
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeSavedGame(data)
	if err != nil || back.ID != "abc" || back.Game.Board() != g.Board() || !back.Hinted || back.Undos != 2 || back.Peak != saved.Peak {
		t.Errorf("DecodeSavedGame = %+v, %v; want the game saved", back, err)
	}
	for _, bad := range []string{"", "{}", `{"version":1}`, `{"version":2,"game":{}}`, strings.Replace(string(data), `"undos":2`, `"undos":-2`, 1)} {
		if _, err := DecodeSavedGame([]byte(bad)); err == nil {
			t.Errorf("DecodeSavedGame(%.60q) decoded", bad)
		}
	}
}
