package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/bench"
	"github.com/term2048/2048/engine/positions"
)

// tinyBench is a workload of milliseconds, to check the output, not the
// machine.
func tinyBench() bench.Workload {
	return bench.Workload{MoveRounds: 2, EvalRounds: 2, Repeats: 2,
		Searches: []bench.Search{{Source: positions.Random, Depth: 2, Repeats: 2}, {Source: positions.Late, Depth: 3, Repeats: 1}}}
}

// TestBenchReport compares the text of a fixed report with
// testdata/TestBenchReport.golden.
func TestBenchReport(t *testing.T) {
	r := &bench.Report{
		Machine: bench.Machine{OS: "linux", Arch: "amd64", CPU: "Intel(R) Xeon(R) Processor", CPUs: 2, GOMAXPROCS: 2, Go: "go1.26.8"},
		MoveNS:  map[string]float64{"up": 4.52, "down": 4.21, "left": 3.21, "right": 3.05},
		EvalNS:  5.05,
		Decisions: []bench.Decisions{
			{Positions: "random", Boards: 50, Depth: 3, MeanDepth: 3, Threads: 1, Runs: 5, MSPerDecision: 0.026, EvalsPerSecond: 63.3e6, EvalsPerMove: 1658, SpeedUp: 1},
			{Positions: "random", Boards: 50, Depth: 3, MeanDepth: 3, Threads: 2, Runs: 5, MSPerDecision: 0.042, EvalsPerSecond: 41.0e6, EvalsPerMove: 1730, SpeedUp: 0.62},
			{Positions: "late", Boards: 20, Depth: ai.Auto, MeanDepth: 8.1, Threads: 1, Runs: 1, MSPerDecision: 227.48, EvalsPerSecond: 46.4e6, EvalsPerMove: 10564765, SpeedUp: 1},
			{Positions: "late", Boards: 20, Depth: ai.Auto, MeanDepth: 8.1, Threads: 2, Runs: 1, MSPerDecision: 132.297, EvalsPerSecond: 82.6e6, EvalsPerMove: 10930642, SpeedUp: 1.72},
		},
		Seconds: 20.1,
	}
	var b strings.Builder
	if err := writeBenchText(&b, r, bench.Default()); err != nil {
		t.Fatal(err)
	}
	golden.RequireEqual(t, b.String())
}

func TestBenchText(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := runBench(context.Background(), tinyBench(), false, &out, &errOut); err != nil {
		t.Fatalf("bench: %v, stderr %q", err, errOut.String())
	}
	for _, want := range []string{"GOMAXPROCS", "\n  up ", " ns\n", "ms/decision",
		"\n50 random      2    2.0       1    2 ", "\n20 late        3    3.0       1    1 ", "bench took"} {
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
	if err := runBench(context.Background(), tinyBench(), true, &out, &errOut); err != nil {
		t.Fatalf("bench -json: %v, stderr %q", err, errOut.String())
	}
	var r bench.Report
	if err := json.Unmarshal(out.Bytes(), &r); err != nil || len(r.Decisions) != 4 || len(r.MoveNS) != 4 {
		t.Errorf("bench -json printed %q (%v); want a report of 4 moves and 4 decision rows", out.String(), err)
	}
}

func TestBenchCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	if err := runBench(ctx, tinyBench(), false, &out, &errOut); exitCode(err) != 130 || out.Len() != 0 {
		t.Errorf("bench with a cancelled context: %v, stdout %q; want an interruption and nothing", err, out.String())
	}
}

func TestBenchFlags(t *testing.T) {
	status, _, stderr := runCommand(context.Background(), "bench", "extra")
	if status != 2 || !strings.Contains(stderr, `unexpected argument "extra"`) || !strings.Contains(stderr, benchSynopsis) {
		t.Errorf("bench extra: status %d, stderr %q; want 2, the reason and the usage", status, stderr)
	}
	status, _, stderr = runCommand(context.Background(), "bench", "-depth", "3")
	if status != 2 || !strings.HasPrefix(stderr, "2048 bench: flag provided but not defined: \"-depth\"\n") {
		t.Errorf("bench -depth 3: status %d, stderr %q; want 2, and the error after the command's name", status, stderr)
	}
	status, stdout, _ := runCommand(context.Background(), "bench", "-h")
	if status != 0 || !strings.Contains(stdout, "under a minute") {
		t.Errorf("bench -h: status %d, stdout %q; want 0 and the usage", status, stdout)
	}
}
