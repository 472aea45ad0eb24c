package curve_test

import (
	"bytes"
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
	second := curve.NewPoint(st, 3, games(16384, 8192))
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
			p.Games != want.Games || p.Mean != want.Mean || p.Reach[0].Games != want.Reach[0].Games || p.Reach[2].Tile != 16384 {
			t.Errorf("point %d read back as %+v; want %+v", i+1, p, want)
		}
	}
	if second.Reach[1].Games != 2 || second.Reach[2].Games != 1 || second.Mean != 122880 {
		t.Errorf("the point of games reaching 16384 and 8192: %+v; want 8192 reached twice, 16384 once, mean 122880", second)
	}
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
		{"no plies", header + "\n" + strings.TrimSuffix(row, ",1\n") + ",0\n", `line 2: plies "0"`},
		{"an old row under the new header", header + "\n" + strings.TrimSuffix(row, ",1\n") + "\n", "line 2: wrong number of fields"},
	} {
		if points, err := curve.Read(strings.NewReader(c.file)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Read = %v, %v; want an error saying %q", c.name, points, err, c.want)
		}
	}
}

// TestReadOneHeader checks that a curve written before evaluations could
// search, without the plies column, reads as points played at one ply, and
// is written again with the column.
func TestReadOneHeader(t *testing.T) {
	var b bytes.Buffer
	if err := curve.Write(&b, []curve.Point{curve.NewPoint(ntuple.State{Episodes: 7}, 1, games(2048, 4096))}); err != nil {
		t.Fatal(err)
	}
	now := b.String()
	old := strings.ReplaceAll(strings.ReplaceAll(now, ",plies\n", "\n"), ",1\n", "\n")
	back, err := curve.Read(strings.NewReader(old))
	if err != nil || len(back) != 1 || back[0].Plies != 1 || back[0].Episodes != 7 {
		t.Fatalf("Read of\n%s= %+v, %v; want one point at one ply, of 7 episodes", old, back, err)
	}
	b.Reset()
	if err := curve.Write(&b, back); err != nil || b.String() != now {
		t.Errorf("the old curve read back writes\n%s\nnot\n%s(%v)", b.String(), now, err)
	}
}
