package bench_test

import (
	"context"
	"errors"
	"testing"

	"github.com/term2048/2048/ai/bench"
	"github.com/term2048/2048/engine/positions"
)

// tiny is a workload of milliseconds, to check the report, not the machine.
func tiny() bench.Workload {
	return bench.Workload{MoveRounds: 2, EvalRounds: 2, Repeats: 2,
		Searches: []bench.Search{{Source: positions.Random, Depth: 2, Repeats: 2}, {Source: positions.Late, Depth: 3, Repeats: 1}}}
}

func TestRun(t *testing.T) {
	var steps []string
	r, err := bench.Run(context.Background(), tiny(), func(s string) { steps = append(steps, s) })
	if err != nil {
		t.Fatal(err)
	}
	if len(r.MoveNS) != 4 || r.MoveNS["left"] <= 0 || r.EvalNS <= 0 || r.Machine.CPUs < 1 || r.Machine.Go == "" || r.Seconds <= 0 {
		t.Errorf("Run(tiny) = %+v; want 4 move times, an evaluation time, the machine and the time taken", r)
	}
	if len(r.Decisions) != 4 {
		t.Fatalf("Run(tiny) has %d decision rows; want 2 sets × 2 thread counts", len(r.Decisions))
	}
	for _, d := range r.Decisions {
		if d.Boards == 0 || d.MSPerDecision <= 0 || d.EvalsPerMove <= 0 || d.SpeedUp <= 0 || d.Runs < 1 {
			t.Errorf("decisions %+v; want boards, times, evaluations and a speed-up", d)
		}
	}
	if d := r.Decisions[0]; d.Threads != 1 || d.SpeedUp != 1 || d.Depth != 2 || d.MeanDepth != 2 || d.Boards != 50 || d.DepthName() != "2" {
		t.Errorf("first decisions %+v; want the 50 random boards on one thread at 2 plies", d)
	}
	if d := r.Decisions[2]; d.Positions != positions.Late || d.Boards != 20 || d.Runs != 1 {
		t.Errorf("third decisions %+v; want the 20 late boards, once", d)
	}
	want := []string{"moves and evaluations", "decisions on the random positions at depth 2", "decisions on the late positions at depth 3"}
	if len(steps) != len(want) || steps[0] != want[0] || steps[1] != want[1] || steps[2] != want[2] {
		t.Errorf("steps %q; want %q", steps, want)
	}
	if _, err := bench.Run(context.Background(), tiny(), nil); err != nil {
		t.Errorf("Run with no step function: %v", err)
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r, err := bench.Run(ctx, tiny(), nil); !errors.Is(err, context.Canceled) || r != nil {
		t.Errorf("Run with a cancelled context = %v, %v; want nil, context.Canceled", r, err)
	}
}

func TestDefault(t *testing.T) {
	w := bench.Default()
	if w.Repeats < 3 || len(w.Searches) == 0 {
		t.Errorf("Default() = %+v; want medians of 3 or more runs and some searches", w)
	}
	for _, s := range w.Searches {
		if len(positions.Boards(s.Source)) == 0 {
			t.Errorf("Default() searches the positions %q, of which there are none", s.Source)
		}
	}
}
