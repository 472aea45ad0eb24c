package ntuple_test

import (
	"context"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/engine"
)

// meanScore returns the mean score of games played at one ply with e from
// the seeds 1 to games: the move of highest points plus value.
func meanScore(t *testing.T, e ai.Evaluator, games int) float64 {
	t.Helper()
	p := ai.Greedy{Eval: e}
	total := 0
	for seed := range uint64(games) {
		g := engine.NewGame(seed + 1)
		for !g.Over() {
			r, err := p.Play(context.Background(), g.Board())
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := g.Move(r.Best); !ok {
				t.Fatalf("game %d: the player chose %v, which changes nothing on %v", seed+1, r.Best, g.Board())
			}
		}
		total += g.Score()
	}
	return float64(total) / float64(games)
}

// newTrainer returns a trainer of a new 4×6 network with seed 1. Its
// memory is given back at the end of the test.
func newTrainer(t *testing.T, threads int) *ntuple.Trainer {
	t.Helper()
	c, err := ntuple.NewCheckpoint(ntuple.FourBySix, 1)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := ntuple.NewTrainer(c, threads)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tr.Checkpoint().Release() })
	return tr
}

// TestTrainingImproves trains a network on one goroutine from a fixed seed,
// which is deterministic, and checks that it then plays better at one ply
// than the untrained network, on the same games.
func TestTrainingImproves(t *testing.T) {
	tr := newTrainer(t, 1)
	const games = 100
	before := meanScore(t, tr.Network(), games)
	s, err := tr.Run(context.Background(), trainingEpisodes)
	if err != nil {
		t.Fatal(err)
	}
	after := meanScore(t, tr.Network(), games)
	t.Logf("%d episodes, %d moves: mean score at one ply %.0f → %.0f", s.Episodes, s.Moves, before, after)
	if s.Episodes != trainingEpisodes {
		t.Errorf("Run played %d episodes; want %d", s.Episodes, trainingEpisodes)
	}
	if after < 1.2*before {
		t.Errorf("after %d episodes the mean score at one ply is %.0f; want well above the untrained %.0f", trainingEpisodes, after, before)
	}
}
