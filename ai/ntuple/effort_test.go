package ntuple

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// TestNetworkSearchEffort checks that a Searcher with a network takes the
// network's cut-off and its own automatic depth, from the opening to a
// board of every tile: AutoPlies, then LatePlies from LateTiles distinct
// tiles.
func TestNetworkSearchEffort(t *testing.T) {
	n, err := New(FourBySix, DefaultInitialValue)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Release)
	s := ai.NewSearcher(ai.Config{Eval: n, Threads: 1})
	if got := s.Cutoff(); got != SearchCutoff {
		t.Errorf("Cutoff() with a network = %g; want %g", got, SearchCutoff)
	}
	for _, c := range []struct {
		b    engine.Board
		want int
	}{
		{0x0000_0100_0000_0001, AutoPlies}, // the opening
		{0x1234_5678_9a00_0000, AutoPlies}, // 10 distinct tiles
		{0x1234_5678_9ab0_0000, LatePlies}, // 11
		{0x0123_4567_89ab_cdef, LatePlies}, // every tile
	} {
		if got := s.AutoDepth(c.b); got != c.want || AutoDepthOf(c.b) != c.want {
			t.Errorf("AutoDepth(%v) with a network = %d, AutoDepthOf %d; want %d", c.b, got, AutoDepthOf(c.b), c.want)
		}
	}
	b := engine.Board(0x1212_2301_0000_0000)
	r, err := s.Search(context.Background(), b, ai.Limits{Depth: ai.Auto})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Auto || r.Depth != AutoPlies {
		t.Errorf("Search(%v, Auto) with a network: depth %d, auto %v; want %d, true", b, r.Depth, r.Auto, AutoPlies)
	}
}

// BenchmarkAutoDepth times decisions at ai.Auto, each from an empty table,
// on every 100th position of the fixed game of package ai
// (ai/testdata/game.txt: 12,161 moves to a 16384, played by the heuristic),
// with the heuristic, with a network as it searches (its own cut-off and
// automatic depth, see effort.go), with a network at its cut-off a ply
// less than the heuristic's depth (its rule before it had its own), and
// with a network at the heuristic's settings. The network is
// untrained: the time of a search depends on the boards it visits, not on
// the values it reads. The four take turns, ten positions at a time, so
// that all see the machine in the same state (see ai's
// BenchmarkSecondThread). It reports the mean time a decision of each over
// the game, and the network's over the heuristic's over the whole game and
// over its late positions (9 distinct tiles or more, where a hint takes
// longest). An iteration takes about two minutes: run it with -benchtime 1x.
func BenchmarkAutoDepth(b *testing.B) {
	boards := gameBoards(b, "../testdata/game.txt", 100)
	n, err := New(FourBySix, DefaultInitialValue)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(n.Release)
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			evals := []autoEval{
				{name: "heuristic", s: ai.NewSearcher(ai.Config{Threads: threads})},
				{name: "network", s: ai.NewSearcher(ai.Config{Eval: n, Threads: threads})},
				{name: "network-ply-less", depth: func(b engine.Board) int { return ai.DepthOf(b) - 1 },
					s: ai.NewSearcher(ai.Config{Eval: n, Threads: threads})},
				{name: "network-before", depth: ai.DepthOf,
					s: ai.NewSearcher(ai.Config{Eval: n, Cutoff: ai.DefaultCutoff, Threads: threads})},
			}
			const block = 10
			for b.Loop() {
				for i := 0; i < len(boards); i += block {
					for k := range evals {
						evals[k].decide(b, boards[i:min(i+block, len(boards))])
					}
				}
			}
			h, net := evals[0], evals[1]
			for _, e := range evals {
				b.ReportMetric(e.all.Seconds()*1e3/float64(e.decisions), "ms/"+e.name)
			}
			b.ReportMetric(net.all.Seconds()/h.all.Seconds(), "network/heuristic")
			b.ReportMetric(net.late.Seconds()/h.late.Seconds(), "network/heuristic-late")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// An autoEval is a searcher of BenchmarkAutoDepth and the time it took.
type autoEval struct {
	name      string
	s         *ai.Searcher
	depth     func(engine.Board) int // the depth of a decision; nil: ai.Auto
	all, late time.Duration          // over every position, and the late ones
	decisions int
}

// decide searches each of boards from an empty table and adds up the time.
func (e *autoEval) decide(b *testing.B, boards []engine.Board) {
	for _, x := range boards {
		l := ai.Limits{Depth: ai.Auto}
		if e.depth != nil {
			l.Depth = e.depth(x)
		}
		e.s.Reset()
		r, err := e.s.Search(context.Background(), x, l)
		if err != nil {
			b.Fatal(err)
		}
		e.all += r.Elapsed
		e.decisions++
		if x.DistinctTiles() >= 9 {
			e.late += r.Elapsed
		}
	}
}

// gameBoards returns the positions before moves 1, every+1, 2·every+1, …
// of the game in the file at path, written as package ai's
// testdata/game.txt is: a line "seed S" and a line "moves" followed by a
// letter a move.
func gameBoards(tb testing.TB, path string, every int) []engine.Board {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var seed uint64
	var moves string
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "seed "); ok {
			if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
				tb.Fatalf("%s: %v", path, err)
			}
		}
		if v, ok := strings.CutPrefix(line, "moves "); ok {
			moves = v
		}
	}
	g := engine.NewGame(seed)
	var boards []engine.Board
	for i := range len(moves) {
		if i%every == 0 {
			boards = append(boards, g.Board())
		}
		d, err := engine.ParseDirection(moves[i : i+1])
		if err != nil {
			tb.Fatalf("%s: move %d: %v", path, i+1, err)
		}
		g.Move(d)
	}
	return boards
}
