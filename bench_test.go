package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// tinyBench is a workload of milliseconds, to check the output, not the
// machine.
func tinyBench() benchConfig {
	return benchConfig{moveRounds: 2, evalRounds: 2, repeats: 2,
		searches: []benchSearch{{"random", 2, 2}, {"late", 3, 1}}}
}

func TestBenchText(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := bench(context.Background(), tinyBench(), false, &out, &errOut); err != nil {
		t.Fatalf("bench: %v, stderr %q", err, errOut.String())
	}
	for _, want := range []string{"GOMAXPROCS", "\n  up ", "\n  down ", "\n  left ", "\n  right ", " ns\n",
		"heuristic evaluation", "ms/decision", "\n50 random      2    2.0       1    2 ", "\n20 late        3    3.0       1    1 ", "x\n", "bench took"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("bench printed\n%s\nwant it to contain %q", out.String(), want)
		}
	}
	if !strings.Contains(errOut.String(), "bench: decisions on the late positions at depth 3") {
		t.Errorf("bench stderr = %q; want a line a step", errOut.String())
	}
}

func TestBenchJSON(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := bench(context.Background(), tinyBench(), true, &out, &errOut); err != nil {
		t.Fatalf("bench -json: %v, stderr %q", err, errOut.String())
	}
	var r benchReport
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("bench -json printed %q: %v", out.String(), err)
	}
	if len(r.MoveNS) != 4 || r.MoveNS["left"] <= 0 || r.EvalNS <= 0 || r.Machine.CPUs < 1 || r.Machine.Go == "" {
		t.Errorf("bench -json = %+v; want 4 move times, an evaluation time and the machine", r)
	}
	if len(r.Decisions) != 4 {
		t.Fatalf("bench -json has %d decision rows; want 2 sets × 2 thread counts", len(r.Decisions))
	}
	for _, d := range r.Decisions {
		if d.Boards == 0 || d.MSPerDecision <= 0 || d.EvalsPerMove <= 0 || d.SpeedUp <= 0 || d.Runs < 1 {
			t.Errorf("decisions %+v; want boards, times, evaluations and a speed-up", d)
		}
	}
	if d := r.Decisions[0]; d.Threads != 1 || d.SpeedUp != 1 || d.Depth != 2 || d.MeanDepth != 2 {
		t.Errorf("first decisions %+v; want one thread at 2 plies", d)
	}
}

func TestBenchCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	if err := bench(ctx, tinyBench(), false, &out, &errOut); exitCode(err) != 130 || out.Len() != 0 {
		t.Errorf("bench with a cancelled context: %v, stdout %q; want an interruption and nothing", err, out.String())
	}
}

func TestBenchFlags(t *testing.T) {
	status, _, stderr := runCommand(context.Background(), "bench", "extra")
	if status != 2 || !strings.Contains(stderr, `unexpected argument "extra"`) || !strings.Contains(stderr, benchSynopsis) {
		t.Errorf("bench extra: status %d, stderr %q; want 2, the reason and the usage", status, stderr)
	}
	status, _, stderr = runCommand(context.Background(), "bench", "-depth", "3")
	if status != 2 || !strings.Contains(stderr, "flag provided but not defined: -depth") {
		t.Errorf("bench -depth 3: status %d, stderr %q; want 2", status, stderr)
	}
	status, _, stderr = runCommand(context.Background(), "bench", "-h")
	if status != 0 || !strings.Contains(stderr, "under a minute") {
		t.Errorf("bench -h: status %d, stderr %q; want 0 and the usage", status, stderr)
	}
}
