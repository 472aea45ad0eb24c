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
	first := curve.NewPoint(st, games(1024, 2048, 2048, 8192))
	st.Episodes, st.Elapsed, st.Coherence = 3000, 200*time.Second, true
	second := curve.NewPoint(st, games(16384, 8192))
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
		if p.Training != want.Training || p.Episodes != want.Episodes || p.Moves != want.Moves || p.Coherence != want.Coherence ||
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
	if err := curve.Write(&b, []curve.Point{curve.NewPoint(ntuple.State{}, games(2048))}); err != nil {
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
	} {
		if points, err := curve.Read(strings.NewReader(c.file)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Read = %v, %v; want an error saying %q", c.name, points, err, c.want)
		}
	}
}
