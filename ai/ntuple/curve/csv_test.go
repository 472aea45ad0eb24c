package curve_test

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/curve"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/engine"
)

// games returns the records of games that reached tiles: each reached
// every tile up to its own, at move 10 for each.
func games(tiles ...int) []sim.Game {
	var out []sim.Game
	for i, tile := range tiles {
		g := sim.Game{Transcript: engine.Transcript{Seed: uint64(i)}, Score: 10 * tile}
		top, _ := engine.RankOf(tile)
		for r := range g.First {
			g.First[r] = -1
			if r > 0 && r <= int(top) {
				g.First[r] = 10
			}
		}
		out = append(out, g)
	}
	return out
}

func TestReadWhatWriteWrote(t *testing.T) {
	st := ntuple.State{Episodes: 1500, Moves: 2_000_000, Elapsed: 90 * time.Second}
	first := curve.NewPoint(st, 1, games(1024, 2048, 2048, 8192))
	st.Episodes, st.Elapsed, st.Coherence = 3000, 200*time.Second, true
	second := curve.NewPoint(st, 3, games(32768, 16384, 8192))
	var b bytes.Buffer
	if err := curve.Write(&b, []curve.Point{first, second}); err != nil {
		t.Fatal(err)
	}
	written := b.String()
	back, err := curve.Read(&b)
	if err != nil {
		t.Fatal(err)
	}
	// The figures are written to 10 significant digits: what is read back
	// writes the same file, and the counts are exact.
	var again bytes.Buffer
	if err := curve.Write(&again, back); err != nil || again.String() != written {
		t.Errorf("the curve read back writes\n%s\nnot\n%s(%v)", again.String(), written, err)
	}
	for i, want := range []curve.Point{first, second} {
		p := back[i]
		if p.Plies != want.Plies || p.Training != want.Training || p.Episodes != want.Episodes || p.Moves != want.Moves || p.Coherence != want.Coherence ||
			p.Games != want.Games || math.Abs(p.Mean-want.Mean) > 1e-3 || !sameCounts(p.Reach, want.Reach) {
			t.Errorf("point %d read back as %+v; want %+v", i+1, p, want)
		}
	}
	if second.Reach[1].Games != 3 || second.Reach[2].Games != 2 || second.Reach[3].Games != 1 || !second.Known(3) || second.Median != 163840 {
		t.Errorf("the point of games reaching 32768, 16384 and 8192: %+v; want 8192 reached thrice, 16384 twice, 32768 once, median 163840", second)
	}
}

// sameCounts reports whether two points' rates are of the same tiles and
// counts of games (their shares are written to 10 digits).
func sameCounts(a, b [len(curve.Tiles)]sim.TileRate) bool {
	for i := range a {
		if a[i].Tile != b[i].Tile || a[i].Games != b[i].Games {
			return false
		}
	}
	return true
}

// fields returns the first n fields of a line of CSV, joined again.
func fields(line string, n int) string {
	return strings.Join(strings.Split(strings.TrimSuffix(line, "\n"), ",")[:n], ",")
}

// withField returns the line of CSV with its field i replaced by v.
func withField(line string, i int, v string) string {
	f := strings.Split(strings.TrimSuffix(line, "\n"), ",")
	f[i] = v
	return strings.Join(f, ",") + "\n"
}

func TestReadRefuses(t *testing.T) {
	var b bytes.Buffer
	if err := curve.Write(&b, []curve.Point{curve.NewPoint(ntuple.State{}, 1, games(2048))}); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	header, row, _ := strings.Cut(good, "\n")
	for _, c := range []struct{ name, file, want string }{
		{"empty", "", "line 1: not the header"},
		{"another header", "a,b\n", "line 1: not the header"},
		{"a bad phase", header + "\n" + strings.Replace(row, ",td,", ",xx,", 1), `line 2: phase "xx"`},
		{"a negative number", header + "\n" + "-5" + row, "line 2: training_seconds"},
		{"a field short", header + "\n" + row + strings.TrimSuffix(row, "\n")[:strings.LastIndex(row, ",")] + "\n", "line 3"},
		{"no plies", header + "\n" + withField(row, 18, "0"), `line 2: plies "0"`},
		{"a rate of 32768 in part", header + "\n" + withField(withField(row, 20, ""), 21, ""), `line 2: reach_32768_low ""`},
		{"an old row under the new header", header + "\n" + fields(row, 19) + "\n", "line 2: wrong number of fields"},
	} {
		if points, err := curve.Read(strings.NewReader(c.file)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Read = %v, %v; want an error saying %q", c.name, points, err, c.want)
		}
	}
}

// readOld writes p, keeps the first n columns of the file, as a curve of
// an older format has them, and reads that back. It returns what it read,
// and what Write must write of it: the header of now, and the columns kept
// with the rate of 32768 empty.
func readOld(t *testing.T, p curve.Point, n int) (back []curve.Point, old, rewritten string) {
	t.Helper()
	var b bytes.Buffer
	if err := curve.Write(&b, []curve.Point{p}); err != nil {
		t.Fatal(err)
	}
	header, row, _ := strings.Cut(b.String(), "\n")
	old = fields(header, n) + "\n" + fields(row, n) + "\n"
	back, err := curve.Read(strings.NewReader(old))
	if err != nil || len(back) != 1 {
		t.Fatalf("Read of\n%s= %+v, %v; want one point", old, back, err)
	}
	return back, old, header + "\n" + fields(row, 19) + ",,,\n"
}

// TestReadWithout32768 checks that a curve written before the rate of
// 32768 was followed reads as points that have none, which Write writes
// empty, and Read reads back so.
func TestReadWithout32768(t *testing.T) {
	back, old, want := readOld(t, curve.NewPoint(ntuple.State{Episodes: 9}, 3, games(4096, 4096)), 19)
	if p := back[0]; p.Plies != 3 || p.Known(3) || !p.Known(2) || p.Reach[0].Games != 2 {
		t.Fatalf("Read of\n%s= %+v; want a point at 3 plies, 2048 reached twice, no rate of 32768", old, p)
	}
	var b bytes.Buffer
	if err := curve.Write(&b, back); err != nil || b.String() != want {
		t.Errorf("the old curve read back writes\n%s\nnot\n%s(%v)", b.String(), want, err)
	}
	again, err := curve.Read(&b)
	if err != nil || len(again) != 1 || again[0].Known(3) || !sameCounts(again[0].Reach, back[0].Reach) {
		t.Errorf("read again: %+v, %v; want %+v", again, err, back)
	}
}

// TestReadOneHeader checks that a curve written before evaluations could
// search, without the plies column, reads as points played at one ply, and
// is written again with the column (and no rate of 32768).
func TestReadOneHeader(t *testing.T) {
	back, old, want := readOld(t, curve.NewPoint(ntuple.State{Episodes: 7}, 1, games(2048, 4096)), 18)
	if p := back[0]; p.Plies != 1 || p.Episodes != 7 || p.Known(3) {
		t.Fatalf("Read of\n%s= %+v; want a point at one ply, of 7 episodes, no rate of 32768", old, p)
	}
	var b bytes.Buffer
	if err := curve.Write(&b, back); err != nil || b.String() != want {
		t.Errorf("the old curve read back writes\n%s\nnot\n%s(%v)", b.String(), want, err)
	}
}
