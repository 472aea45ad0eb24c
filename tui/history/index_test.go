package history

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// messyHistory writes, at path, a history of every kind of line: games,
// earlier games, a damaged line, a line of a newer version, blank lines and
// a torn last line.
func messyHistory(t *testing.T, path string) {
	t.Helper()
	earlier, _ := EncodeEarlier(Earlier{GamesPlayed: 4, GamesWon: 1, BestScore: 3000, HighestTile: 2048})
	var lines []string
	for i, g := range []Game{played(1, 40, byPlayer), played(2, 80, mixed), played(3, 10, byPlayer)} {
		line, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(line))
		if i == 0 {
			lines = append(lines, string(earlier), "", `{"version":9,"of":"the future"}`)
		}
	}
	lines[5] = strings.Replace(lines[5], `"score":`, `"score":7`, 1) // the third game, damaged
	lines = append(lines, "  ", `{"version":1,"ended":"2026-11-23T14:05:09+01:00","sco`)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// scan returns the index of the file at path, made with old.
func scan(t *testing.T, path string, old *Index) *Index {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	x, err := Scan(f, old)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// records returns the records of games.
func records(games []Game) []Record {
	out := make([]Record, len(games))
	for i := range games {
		out[i] = games[i].Record
	}
	return out
}

// sameIndex fails t unless x and want index alike: the same records, at the
// same places, the same lines skipped for the same reasons.
func sameIndex(t *testing.T, what string, x, want *Index) {
	t.Helper()
	if !reflect.DeepEqual(x.Records, want.Records) || !reflect.DeepEqual(x.Earlier, want.Earlier) {
		t.Errorf("%s: records %+v, earlier %+v; want %+v, %+v", what, x.Records, x.Earlier, want.Records, want.Earlier)
	}
	if len(x.Skipped) != len(want.Skipped) {
		t.Fatalf("%s: skipped %v; want %v", what, x.Skipped, want.Skipped)
	}
	for i := range x.Skipped {
		a, b := x.Skipped[i], want.Skipped[i]
		if a.Line != b.Line || a.Error() != b.Error() || a.Damaged() != b.Damaged() {
			t.Errorf("%s: skipped %v (damaged %v); want %v (%v)", what, a, a.Damaged(), b, b.Damaged())
		}
	}
	if x.size != want.size || x.lines != want.lines || x.sum != want.sum {
		t.Errorf("%s: covers %d bytes, %d lines, sum %x; want %d, %d, %x", what, x.size, x.lines, x.sum, want.size, want.lines, want.sum)
	}
}

// TestScanAsRead: an index holds the records of the games Read reads, and
// skips the same lines, for the same reasons.
func TestScanAsRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	messyHistory(t, path)
	x := scan(t, path, nil)
	log := readFile(t, path)
	if len(x.Records) != 2 || !reflect.DeepEqual(stripPlaces(x.Records), stripPlaces(records(log.Games))) {
		t.Errorf("records %+v; want those of %d games read", x.Records, len(log.Games))
	}
	if !reflect.DeepEqual(x.Earlier, log.Earlier) || len(x.Skipped) != len(log.Skipped) {
		t.Fatalf("earlier %v, skipped %v; want %v, %v", x.Earlier, x.Skipped, log.Earlier, log.Skipped)
	}
	for i := range x.Skipped {
		if x.Skipped[i].Line != log.Skipped[i].Line || x.Skipped[i].Error() != log.Skipped[i].Error() {
			t.Errorf("skipped %v; want %v", x.Skipped[i], log.Skipped[i])
		}
	}
	data, _ := os.ReadFile(path)
	if want := int64(bytes.LastIndexByte(data, '\n') + 1); x.size != want || x.lines != 7 {
		t.Errorf("covers %d bytes, %d lines; want %d, 7: up to the torn line", x.size, x.lines, want)
	}
}

// stripPlaces returns records without where they were read.
func stripPlaces(rs []Record) []Record {
	out := make([]Record, len(rs))
	for i, r := range rs {
		r.at = place{}
		out[i] = r
	}
	return out
}

// TestScanWithIndex: an index kept and read back is used for the part of
// the file it covers, and the lines after it are read; the result is the
// index a scan of the whole file makes. A file changed in the part covered
// is read whole.
func TestScanWithIndex(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	messyHistory(t, path)
	kept, err := scan(t, path, nil).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	old := &Index{}
	if err := old.UnmarshalBinary(kept); err != nil {
		t.Fatal(err)
	}
	sameIndex(t, "read back", old, scan(t, path, nil))

	// Two games appended: the first ends the torn line.
	appendGames(t, path, played(4, 30, byPlayer), played(5, 50, mixed))
	sameIndex(t, "after two appends", scan(t, path, old), scan(t, path, nil))

	// The part covered is used as it is: a record changed in the index
	// (not in the file) shows that it was not read again.
	poisoned := old.covered()
	poisoned.Records[0].Score = 1
	if x := scan(t, path, poisoned); x.Records[0].Score != 1 || len(x.Records) != 4 {
		t.Errorf("the index was not used for the part it covers: %+v", x.Records)
	}

	// A change in the part covered: the whole file is read.
	data, _ := os.ReadFile(path)
	os.WriteFile(path, bytes.Replace(data, []byte(`"hinted":false`), []byte(`"hinted":true `), 1), 0o644)
	sameIndex(t, "after a change", scan(t, path, poisoned), scan(t, path, nil))

	// A file shorter than the part covered: read whole.
	os.WriteFile(path, data[:10], 0o644)
	sameIndex(t, "after a cut", scan(t, path, old), scan(t, path, nil))
}

// TestUnmarshalIndexRefusesDamage: an index changed at any byte is refused,
// never read as another.
func TestUnmarshalIndexRefusesDamage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	messyHistory(t, path)
	good, err := scan(t, path, nil).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	for i := range good {
		bad := bytes.Clone(good)
		bad[i] ^= 0x20
		if err := new(Index).UnmarshalBinary(bad); err == nil {
			t.Fatalf("an index with byte %d changed was read", i)
		}
	}
	for _, n := range []int{0, 5, len(indexMagic) + 3, len(good) - 1} {
		if err := new(Index).UnmarshalBinary(good[:n]); err == nil {
			t.Errorf("an index cut to %d bytes was read", n)
		}
	}
}

// TestReadGame: a record's game is read whole from its line; if another
// game took its place, ReadGame says so.
func TestReadGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	messyHistory(t, path)
	appendGames(t, path, played(4, 30, mixed))
	x := scan(t, path, nil)
	log := readFile(t, path)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for i, r := range x.Records {
		g, err := ReadGame(f, r)
		want := log.Games[i]
		if err != nil || !reflect.DeepEqual(g.Moves, want.Moves) || !reflect.DeepEqual(g.By, want.By) || g.Record != r {
			t.Errorf("ReadGame(record %d) = %+v, %v; want %+v", i, g, err, want)
		}
	}
	if _, err := ReadGame(f, played(1, 40, byPlayer).Record); err == nil {
		t.Error("ReadGame read a record of no place")
	}
	other := scan(t, path, nil).Records
	other[1].at = other[0].at
	if _, err := ReadGame(f, other[1]); err == nil || !strings.Contains(err.Error(), "changed") {
		t.Errorf("ReadGame of a place that holds another game: %v; want an error saying the history changed", err)
	}
}

// FuzzUnmarshalIndex: UnmarshalBinary fails, or decodes an index that
// encodes and decodes back as itself.
func FuzzUnmarshalIndex(f *testing.F) {
	path := filepath.Join(f.TempDir(), "history.jsonl")
	messyHistory(&testing.T{}, path)
	file, err := os.Open(path)
	if err != nil {
		f.Fatal(err)
	}
	x, err := Scan(file, nil)
	file.Close()
	if err != nil {
		f.Fatal(err)
	}
	good, err := x.MarshalBinary()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(indexMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		var x Index
		if x.UnmarshalBinary(data) != nil {
			return
		}
		again, err := x.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var y Index
		if err := y.UnmarshalBinary(again); err != nil {
			t.Fatal(err)
		}
		sameIndex(t, "encoded again", &y, &x)
	})
}

// BenchmarkScan reads a history of 2,000 games of a few hundred moves,
// as the game does at its start: without an index, and with the index of
// all but its last game.
func BenchmarkScan(b *testing.B) {
	path := filepath.Join(b.TempDir(), "history.jsonl")
	var data bytes.Buffer
	g := played(1, 5000, mixed)
	for i := range 2000 {
		g.ID = strings.Repeat("x", 15) + string(rune('a'+i%26))
		line, err := json.Marshal(g)
		if err != nil {
			b.Fatal(err)
		}
		data.Write(append(line, '\n'))
	}
	if err := os.WriteFile(path, data.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	full, err := Scan(f, nil)
	if err != nil {
		b.Fatal(err)
	}
	kept, err := full.MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			if _, err := Scan(f, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("indexed", func(b *testing.B) {
		for b.Loop() {
			old := &Index{}
			if err := old.UnmarshalBinary(kept); err != nil {
				b.Fatal(err)
			}
			if _, err := Scan(f, old); err != nil {
				b.Fatal(err)
			}
		}
	})
}
