package ntuple

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"
)

// newTestTrainer returns a trainer of a new 4×6 network with seed 1 and the
// given state's hyper-parameters. Its memory is given back at the end of the
// test.
func newTestTrainer(t *testing.T, threads int, adjust func(*State)) *Trainer {
	t.Helper()
	c, err := NewCheckpoint(FourBySix, 1)
	if err != nil {
		t.Fatal(err)
	}
	if adjust != nil {
		adjust(&c.State)
	}
	tr, err := NewTrainer(c, threads)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tr.Checkpoint().Release() })
	return tr
}

// run trains tr for episodes games and fails the test on an error.
func run(t *testing.T, tr *Trainer, episodes int64) Stats {
	t.Helper()
	s, err := tr.Run(context.Background(), episodes)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// sameWeights reports whether two networks have the same weights, bit for
// bit.
func sameWeights(a, b *Network) bool {
	if a.design != b.design {
		return false
	}
	for k := range a.weights {
		if !bytes.Equal(a.weights[k].bytes(), b.weights[k].bytes()) {
			return false
		}
	}
	return true
}

// TestResumeIsExact checks that a training on one goroutine stopped, saved,
// read back and resumed ends with the same weights, bit for bit, as one
// that never stopped: the checkpoint holds everything training needs.
func TestResumeIsExact(t *testing.T) {
	const half = 50
	// One training at a time beside the checkpoint read back: 512 MiB.
	first := newTestTrainer(t, 1, nil)
	run(t, first, half)
	c, _, err := writeAndRead(first.Checkpoint())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Release)
	first.Checkpoint().Release() // let its 256 MiB go
	resumed, err := NewTrainer(c, 1)
	if err != nil {
		t.Fatal(err)
	}
	run(t, resumed, half)

	straight := newTestTrainer(t, 1, nil)
	run(t, straight, 2*half)

	if !sameWeights(straight.net, resumed.net) {
		t.Error("the resumed training ended with other weights than the one that never stopped")
	}
	a, b := straight.State(), resumed.State()
	if a.Episodes != b.Episodes || a.Moves != b.Moves || !slices.Equal(a.Generators, b.Generators) {
		t.Errorf("resumed state %d episodes, %d moves, generators %v; want %d, %d, %v",
			b.Episodes, b.Moves, b.Generators, a.Episodes, a.Moves, a.Generators)
	}
}

// TestConcurrentTraining trains on several goroutines, which share the
// network by design without synchronisation (see Trainer): it checks that
// every episode is counted once, in both phases. Under the race detector,
// which does not watch the weights (see Trainer), it checks the rest of
// what the learners share.
func TestConcurrentTraining(t *testing.T) {
	tr := newTestTrainer(t, 3, nil)
	s := run(t, tr, 60)
	if s.Episodes != 60 || tr.State().Episodes != 60 {
		t.Errorf("3 learners played %d episodes (state %d); want 60", s.Episodes, tr.State().Episodes)
	}
	var games uint64
	for _, n := range s.Highest {
		games += n
	}
	if games != 60 || s.Moves == 0 || s.Score == 0 {
		t.Errorf("stats count %d games, %d moves, %d points; want 60 games and some moves and points", games, s.Moves, s.Score)
	}
	tr.StartCoherence()
	if s := run(t, tr, 30); s.Episodes != 30 {
		t.Errorf("with coherence, 3 learners played %d episodes; want 30", s.Episodes)
	}
}

// TestRunStopsWithContext checks that a cancelled context stops training at
// once: no episode starts.
func TestRunStopsWithContext(t *testing.T) {
	tr := newTestTrainer(t, 2, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, err := tr.Run(ctx, 0)
	if err != nil || s.Episodes != 0 {
		t.Errorf("Run with a cancelled context = %d episodes, %v; want 0, nil", s.Episodes, err)
	}
}

// TestDivergence checks that a learning rate far too high makes Run fail
// with ErrDiverged, and stop, instead of training on infinities.
func TestDivergence(t *testing.T) {
	tr := newTestTrainer(t, 1, func(s *State) { s.Rate = 1e30 })
	s, err := tr.Run(context.Background(), 1000)
	if !errors.Is(err, ErrDiverged) {
		t.Fatalf("Run with rate 1e30 = %v; want ErrDiverged", err)
	}
	if s.Episodes == 1000 {
		t.Error("Run went on for all 1000 episodes after diverging")
	}
}

// TestRestarts checks that a long game is played again from its middle:
// the first segment is the same game with restarts as without, so it scores
// the same, and the restarts add about as many moves again.
func TestRestarts(t *testing.T) {
	with := run(t, newTestTrainer(t, 1, nil), 1)
	without := run(t, newTestTrainer(t, 1, func(s *State) { s.Restart = 0 }), 1)
	if with.Score != without.Score || with.Highest != without.Highest {
		t.Errorf("the game scored %d with restarts and %d without; want the same game", with.Score, without.Score)
	}
	if with.Moves < without.Moves*3/2 {
		t.Errorf("restarts trained on %d moves, the game alone on %d; want half as many again at least", with.Moves, without.Moves)
	}
}
