package ai_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/term2048/2048/engine"

	"github.com/term2048/2048/ai"
)

func TestRandomPlaysLegalMoves(t *testing.T) {
	run := func(seed uint64) []engine.Direction {
		p := ai.Random{rand.New(rand.NewPCG(seed, 0))}
		var ds []engine.Direction
		for _, b := range ai.RandomBoards(500) {
			r, err := p.Play(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			if r.HasMove() != b.HasMove() || r.HasMove() && !b.CanMove(r.Best) {
				t.Fatalf("Random chose %v on %v", r.Best, b)
			}
			ds = append(ds, r.Best)
		}
		return ds
	}
	a, b := run(1), run(1)
	for i := range a {
		if a[i] != b[i] {
			t.Fatal("the same seed gave different moves")
		}
	}
}

func TestGreedyIsOnePly(t *testing.T) {
	g := ai.Greedy{ai.NneonneoHeuristic()}
	s := ai.NewSearcher(ai.Config{Threads: 1})
	for _, b := range ai.RandomBoards(500) {
		rg, err := g.Play(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := s.Search(context.Background(), b, ai.Limits{Depth: 1})
		if err != nil {
			t.Fatal(err)
		}
		if rg.Legal != rs.Legal {
			t.Fatalf("%v: greedy and search disagree on legal moves", b)
		}
		for d, ok := range rg.Legal {
			if ok && math.Abs(rg.Value[d]-rs.Value[d]) > 0.5 {
				t.Fatalf("%v: greedy values %v, 1-ply search %v", b, rg.Value, rs.Value)
			}
		}
	}
}

// plainMinimax is minimax without pruning, to check the pruning against.
func plainMinimax(e ai.Evaluator, b engine.Board, moves int, spawn bool) float64 {
	if spawn {
		if moves == 0 {
			return e.Evaluate(b)
		}
		worst := math.Inf(1)
		for _, o := range b.Outcomes() {
			worst = min(worst, plainMinimax(e, o.Board, moves, false))
		}
		return worst
	}
	best := e.Lost()
	for _, n := range b.Next() {
		if n != b {
			best = max(best, plainMinimax(e, n, moves-1, true))
		}
	}
	return best
}

func TestMinimaxPruningIsExact(t *testing.T) {
	e := ai.NneonneoHeuristic()
	for _, depth := range []int{1, 2, 3} {
		p := ai.Minimax{e, depth}
		for _, b := range ai.RandomBoards(40) {
			r, err := p.Play(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			for d, n := range b.Next() {
				if !r.Legal[d] {
					continue
				}
				if want := plainMinimax(e, n, depth-1, true); math.Abs(r.Value[d]-want) > 1e-6 {
					t.Fatalf("depth %d, %v, %v: alpha-beta %f, plain minimax %f", depth, b, engine.Direction(d), r.Value[d], want)
				}
			}
		}
	}
}

func TestPlayersStopWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := ai.MustParse(t, ai.Hard)
	for name, p := range map[string]ai.Player{
		"random":     ai.Random{rand.New(rand.NewPCG(1, 1))},
		"greedy":     ai.Greedy{ai.NneonneoHeuristic()},
		"minimax":    ai.Minimax{ai.NneonneoHeuristic(), 4},
		"expectimax": ai.Expectimax{ai.NewSearcher(ai.Config{}), ai.Limits{}},
	} {
		if _, err := p.Play(ctx, b); err == nil {
			t.Errorf("%s played with a cancelled context", name)
		}
	}
}
