package schedule_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/curve"
	"github.com/term2048/2048/ai/ntuple/schedule"
	"github.com/term2048/2048/engine"
)

// newTrainer returns a trainer of a new 4×6 network on one thread. Its
// memory, the coherence tables of its run included, is given back at the
// end of the test (see ntuple.Checkpoint.Release).
func newTrainer(t *testing.T) *ntuple.Trainer {
	t.Helper()
	c, err := ntuple.NewCheckpoint(ntuple.FourBySix, 1)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := ntuple.NewTrainer(c, 1)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tr.Checkpoint().Release() })
	return tr
}

// recorder keeps what the hooks of a run were told.
type recorder struct {
	played      int64
	last        schedule.Status
	coherence   int
	evaluating  []int
	curves      [][]curve.Point
	interrupted int
	checkpoints []ntuple.State
}

func (r *recorder) hooks() schedule.Hooks {
	return schedule.Hooks{
		Slice:           func(s ntuple.Stats, st schedule.Status) { r.played += int64(s.Episodes); r.last = st },
		CoherenceBegins: func() { r.coherence++ },
		Evaluating:      func(games int) { r.evaluating = append(r.evaluating, games) },
		Evaluated: func(c []curve.Point, _ time.Duration) error {
			r.curves = append(r.curves, c)
			return nil
		},
		Interrupted: func() { r.interrupted++ },
		Checkpoint: func(c *ntuple.Checkpoint) error {
			r.checkpoints = append(r.checkpoints, c.State)
			return nil
		},
	}
}

// plan is a run of 30 games, half of them in the coherence phase,
// evaluated at the end on 3 games.
var plan = schedule.Plan{Episodes: 30, Coherence: 0.5, EvalGames: 3, Workers: 1, CheckpointEvery: time.Hour}

// TestRun: a run plays its games, begins the coherence phase on time, and
// at the end evaluates the network, adding the point to the curve, and
// keeps a checkpoint.
func TestRun(t *testing.T) {
	var r recorder
	history := []curve.Point{{Episodes: 0, Games: 3, Mean: 1}}
	if err := schedule.Run(context.Background(), newTrainer(t), plan, history, r.hooks()); err != nil {
		t.Fatal(err)
	}
	if r.played != 30 || r.last.Played != 30 || r.last.Done != 1 || r.coherence != 1 {
		t.Errorf("played %d games (status %+v), %d coherence phases; want 30, done, 1", r.played, r.last, r.coherence)
	}
	if len(r.evaluating) != 1 || r.evaluating[0] != 3 || len(r.curves) != 1 || len(r.curves[0]) != 2 {
		t.Fatalf("evaluations of %v games, curves %v; want one of 3 games, after the earlier point", r.evaluating, r.curves)
	}
	if p := r.curves[0][1]; p.Episodes != 30 || !p.Coherence || p.Games != 3 || p.Mean <= 0 {
		t.Errorf("the new point is %+v; want 3 games after 30 in the coherence phase", p)
	}
	if len(r.checkpoints) != 1 || r.checkpoints[0].Episodes != 30 || r.interrupted != 0 {
		t.Errorf("checkpoints %+v, %d interruptions; want one, after 30 games, and none", r.checkpoints, r.interrupted)
	}
}

// TestRunCollapse: a score that falls below half the best of the curve
// stops the run without a checkpoint, so that the last one keeps the good
// network.
func TestRunCollapse(t *testing.T) {
	var r recorder
	history := []curve.Point{{Plies: 1, Episodes: 0, Games: 3, Mean: 1e9}}
	err := schedule.Run(context.Background(), newTrainer(t), plan, history, r.hooks())
	var collapse *schedule.CollapseError
	if !errors.As(err, &collapse) || collapse.Best != 1e9 || len(r.checkpoints) != 0 {
		t.Errorf("Run after a best mean of 1e9: %v, %d checkpoints; want a collapse from 1e9 and none", err, len(r.checkpoints))
	}
}

// TestRunCollapseAtItsDepth: a score is compared with the best of the
// points played at its own depth, a search scoring far more than one ply.
func TestRunCollapseAtItsDepth(t *testing.T) {
	var r recorder
	history := []curve.Point{{Plies: 3, Episodes: 0, Games: 3, Mean: 1e9}}
	tr := newTrainer(t)
	if err := schedule.Run(context.Background(), tr, plan, history, r.hooks()); err != nil {
		t.Errorf("Run at one ply after a best mean of 1e9 at three plies: %v; want no collapse", err)
	}
	tr.Checkpoint().Release() // one trainer at a time
	var r2 recorder
	deeper := plan
	deeper.EvalPlies = 2
	err := schedule.Run(context.Background(), newTrainer(t), deeper, nil, r2.hooks())
	if err != nil || len(r2.curves) != 1 || len(r2.curves[0]) != 1 || r2.curves[0][0].Plies != 2 {
		t.Errorf("Run with evaluations at two plies: %v, curves %+v; want one point, at two plies", err, r2.curves)
	}
}

// TestRunCancelled: a cancelled run keeps a checkpoint and returns the
// cancellation.
func TestRunCancelled(t *testing.T) {
	var r recorder
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := schedule.Run(ctx, newTrainer(t), plan, nil, r.hooks())
	if !errors.Is(err, context.Canceled) || r.interrupted != 1 || len(r.checkpoints) != 1 || len(r.evaluating) != 0 {
		t.Errorf("a cancelled Run: %v, %d interruptions, %d checkpoints, %d evaluations; want context.Canceled, 1, 1, 0",
			err, r.interrupted, len(r.checkpoints), len(r.evaluating))
	}
}

func TestRunRefusesPlans(t *testing.T) {
	for _, c := range []struct {
		plan schedule.Plan
		want string
	}{
		{schedule.Plan{EvalGames: 1, CheckpointEvery: time.Hour}, "neither a length nor a number of games"},
		{schedule.Plan{Episodes: 1, CheckpointEvery: time.Hour}, "0 evaluation games"},
		{schedule.Plan{Episodes: 1, EvalGames: 1}, "a checkpoint every 0s"},
		{schedule.Plan{Episodes: 1, EvalGames: 1, CheckpointEvery: time.Hour, Coherence: 2}, "coherence 2"},
		{schedule.Plan{Episodes: 1, EvalGames: 1, CheckpointEvery: time.Hour, MeetOn: []engine.Board{1}}, "boards where stages meet, for a network of one stage"},
	} {
		if err := schedule.Run(context.Background(), nil, c.plan, nil, schedule.Hooks{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Run(%+v) = %v; want an error saying %q", c.plan, err, c.want)
		}
	}
}
