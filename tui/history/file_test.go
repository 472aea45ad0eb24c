package history

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// appendGames appends the lines of games to the file at path.
func appendGames(t *testing.T, path string, games ...Game) {
	t.Helper()
	for _, g := range games {
		line, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		if err := Append(path, line); err != nil {
			t.Fatal(err)
		}
	}
}

// readFile reads the history at path.
func readFile(t *testing.T, path string) Log {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	log, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return log
}

// scores returns the scores of games, in order.
func scores(games []Game) []int {
	out := make([]int, len(games))
	for i, g := range games {
		out[i] = g.Score
	}
	return out
}

func TestAppendAndRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	games := []Game{played(1, 40, byPlayer), played(2, 80, mixed), played(3, 120, byPlayer)}
	appendGames(t, path, games...)
	log := readFile(t, path)
	if len(log.Skipped) != 0 || len(log.Games) != 3 {
		t.Fatalf("read %d games, skipped %v; want the 3 appended", len(log.Games), log.Skipped)
	}
	for i := range games {
		if log.Games[i].Score != games[i].Score || len(log.Games[i].By) != len(games[i].Moves) {
			t.Errorf("game %d read back as score %d; want %d", i, log.Games[i].Score, games[i].Score)
		}
	}
	data, _ := os.ReadFile(path)
	if n := bytes.Count(data, []byte("\n")); n != 3 || data[len(data)-1] != '\n' {
		t.Errorf("the file has %d newlines; want one a line, the last at the end", n)
	}
}

// TestTornLastLine: a crash in the middle of an append leaves a torn last
// line. It is skipped, the lines before it are read, and the next append
// starts on a line of its own, so that the new game is not damaged too.
func TestTornLastLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	appendGames(t, path, played(1, 40, byPlayer))
	line, _ := json.Marshal(played(2, 80, byPlayer))
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.Write(line[:len(line)/2]) // the crash
	f.Close()
	log := readFile(t, path)
	if len(log.Games) != 1 || len(log.Skipped) != 1 || log.Skipped[0].Line != 2 || !log.Skipped[0].Damaged() {
		t.Fatalf("after a torn append: %d games, skipped %v; want the first game, and line 2 damaged", len(log.Games), log.Skipped)
	}
	appendGames(t, path, played(3, 60, byPlayer))
	log = readFile(t, path)
	if got := scores(log.Games); len(got) != 2 || len(log.Skipped) != 1 || log.Skipped[0].Line != 2 {
		t.Errorf("after the next append: scores %v, skipped %v; want games 1 and 3, and line 2 damaged", got, log.Skipped)
	}
}

// TestDamagedMiddleLine: a line damaged in the middle of the file is
// skipped with its number and why; the others are read. A line of a newer
// version is skipped too, but not as damaged.
func TestDamagedMiddleLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	appendGames(t, path, played(1, 40, byPlayer), played(2, 80, byPlayer), played(3, 120, byPlayer))
	data, _ := os.ReadFile(path)
	lines := strings.Split(string(data), "\n")
	lines[1] = strings.Replace(lines[1], `"score":`, `"score":9`, 1)
	newer := `{"version":7,"whatever":"comes next"}`
	lines = append(lines[:3], newer, "", "   ", "")
	os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
	log := readFile(t, path)
	if len(log.Games) != 2 || len(log.Skipped) != 2 {
		t.Fatalf("%d games, skipped %v; want 2 games, lines 2 and 4 skipped", len(log.Games), log.Skipped)
	}
	if s := log.Skipped[0]; s.Line != 2 || !s.Damaged() || !strings.Contains(s.Error(), "line 2: ") {
		t.Errorf("Skipped[0] = %v; want line 2, damaged", s)
	}
	if s := log.Skipped[1]; s.Line != 4 || s.Damaged() || !errors.Is(s, ErrNewer) {
		t.Errorf("Skipped[1] = %v; want line 4, newer", s)
	}
}

func TestTooLongLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	appendGames(t, path, played(1, 40, byPlayer))
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.Write(bytes.Repeat([]byte("x"), MaxLine+10))
	f.Write([]byte("\n"))
	f.Close()
	appendGames(t, path, played(2, 40, byPlayer))
	log := readFile(t, path)
	if len(log.Games) != 2 || len(log.Skipped) != 1 || !strings.Contains(log.Skipped[0].Error(), "longer than") {
		t.Errorf("%d games, skipped %v; want both games and the long line skipped", len(log.Games), log.Skipped)
	}
}

func TestReadEarlier(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	line, _ := EncodeEarlier(Earlier{GamesPlayed: 10, GamesWon: 1, BestScore: 9000, HighestTile: 1024})
	Append(path, line)
	appendGames(t, path, played(1, 40, byPlayer))
	line, _ = EncodeEarlier(Earlier{GamesPlayed: 2, GamesHinted: 2, BestScore: 12000, HighestTile: 512})
	Append(path, line)
	log := readFile(t, path)
	want := Earlier{GamesPlayed: 12, GamesWon: 1, GamesHinted: 2, BestScore: 12000, HighestTile: 1024}
	if got := log.EarlierGames(); got != want || len(log.Earlier) != 2 || len(log.Games) != 1 {
		t.Errorf("EarlierGames() = %+v from %d lines, %d games; want %+v from 2 lines, and the game", got, len(log.Earlier), len(log.Games), want)
	}
}

func TestAppendRefusesOddFiles(t *testing.T) {
	dir := t.TempDir()
	if err := Append(dir, []byte("{}")); err == nil {
		t.Error("appended to a directory")
	}
	if err := Append(filepath.Join(dir, "h"), []byte("{}\n{}")); err == nil {
		t.Error("appended two lines as one")
	}
}

// TestAppendThroughLink: a history that is a symbolic link is appended to
// through the link, which stays a link.
func TestAppendThroughLink(t *testing.T) {
	dir := t.TempDir()
	real, link := filepath.Join(dir, "real.jsonl"), filepath.Join(dir, "history.jsonl")
	appendGames(t, real, played(1, 10, byPlayer))
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	appendGames(t, link, played(2, 10, byPlayer))
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if log := readFile(t, real); len(log.Games) != 2 {
		t.Errorf("the file behind the link holds %d games; want 2", len(log.Games))
	}
}

func TestSeparate(t *testing.T) {
	in := "one\ntwo\n\nfour\nfive" // the last line torn
	var keep, aside bytes.Buffer
	if err := Separate(strings.NewReader(in), &keep, &aside, func(n int) bool { return n == 2 || n == 5 }); err != nil {
		t.Fatal(err)
	}
	if keep.String() != "one\n\nfour\n" || aside.String() != "two\nfive\n" {
		t.Errorf("Separate kept %q and set aside %q", keep.String(), aside.String())
	}
}

// BenchmarkRead reads a history of 200 games, each replayed to check it,
// as the game does at its start, and reports the cost of a move.
func BenchmarkRead(b *testing.B) {
	var data bytes.Buffer
	moves := 0
	for i := range 200 {
		g := played(uint64(i), 5000, mixed)
		line, err := json.Marshal(g)
		if err != nil {
			b.Fatal(err)
		}
		data.Write(append(line, '\n'))
		moves += len(g.Moves)
	}
	b.SetBytes(int64(data.Len()))
	for b.Loop() {
		if log, err := Read(bytes.NewReader(data.Bytes())); err != nil || len(log.Games) != 200 {
			b.Fatal(len(log.Games), err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*moves), "ns/move")
	b.ReportMetric(float64(moves)/200, "moves/game")
}

// fullDisk is a file on a disk that takes room bytes more: a write beyond
// them is cut short, with the error a full disk gives.
type fullDisk struct {
	data []byte
	room int
}

func (f *fullDisk) Stat() (fs.FileInfo, error) { return sizeInfo(len(f.data)), nil }
func (f *fullDisk) ReadAt(p []byte, off int64) (int, error) {
	return copy(p, f.data[off:]), nil
}
func (f *fullDisk) Write(p []byte) (int, error) {
	n := min(len(p), f.room)
	f.data, f.room = append(f.data, p[:n]...), f.room-n
	if n < len(p) {
		return n, syscall.ENOSPC
	}
	return n, nil
}
func (f *fullDisk) Truncate(size int64) error { f.data = f.data[:size]; return nil }
func (f *fullDisk) Sync() error               { return nil }

// sizeInfo is the fs.FileInfo of a file of that many bytes.
type sizeInfo int

func (s sizeInfo) Name() string       { return "history.jsonl" }
func (s sizeInfo) Size() int64        { return int64(s) }
func (s sizeInfo) Mode() fs.FileMode  { return 0o644 }
func (s sizeInfo) ModTime() time.Time { return time.Time{} }
func (s sizeInfo) IsDir() bool        { return false }
func (s sizeInfo) Sys() any           { return nil }

// TestAppendOnFullDisk: a line that does not fit is taken back whole, at
// every point the disk can fill up: the history is as it was, and its
// next line is whole.
func TestAppendOnFullDisk(t *testing.T) {
	old := []byte(`{"version":1}` + "\n")
	line := []byte(`{"version":1,"earlier":{}}`)
	for room := range len(line) + 1 {
		f := &fullDisk{data: bytes.Clone(old), room: room}
		err := appendTo(f, line)
		if !errors.Is(err, syscall.ENOSPC) {
			t.Fatalf("room for %d bytes: %v; want the full disk's error", room, err)
		}
		if !bytes.Equal(f.data, old) {
			t.Errorf("room for %d bytes: the file holds %q; want %q, as it was", room, f.data, old)
		}
	}
	f := &fullDisk{data: bytes.Clone(old), room: len(line) + 1}
	if err := appendTo(f, line); err != nil || string(f.data) != string(old)+string(line)+"\n" {
		t.Errorf("room enough: %q, %v", f.data, err)
	}
}
