package main

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/engine/positions"
)

// runBench measures c on the embedded benchmark positions, calling step
// before each part. It returns ctx's error if ctx is cancelled before the end.
func runBench(ctx context.Context, c benchConfig, step func(string)) (*benchReport, error) {
	start := time.Now()
	r := &benchReport{Machine: machine(), MoveNS: map[string]float64{}}
	boards := positions.Boards("")
	step("moves and evaluations")
	for d := range engine.Direction(engine.NumDirections) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r.MoveNS[d.String()] = medianOf(c.repeats, func() float64 {
			return perItem(r.timeMoves(boards, d, c.moveRounds), c.moveRounds*len(boards))
		})
	}
	eval := ai.NneonneoHeuristic()
	r.EvalNS = medianOf(c.repeats, func() float64 {
		return perItem(r.timeEvals(boards, eval, c.evalRounds), c.evalRounds*len(boards))
	})
	for _, s := range c.searches {
		step(fmt.Sprintf("decisions on the %s positions at depth %s", s.source, depthName(s.depth)))
		one, err := timeDecisions(ctx, positions.Boards(s.source), s, 1)
		if err != nil {
			return nil, err
		}
		all, err := timeDecisions(ctx, positions.Boards(s.source), s, 0)
		if err != nil {
			return nil, err
		}
		one.SpeedUp, all.SpeedUp = 1, one.MSPerDecision/all.MSPerDecision
		r.Decisions = append(r.Decisions, one, all)
	}
	r.Seconds = time.Since(start).Seconds()
	return r, nil
}

// timeMoves times rounds passes of move d over boards with Board.Slide, the
// board-only move the search makes, as nneonneo's execute_move is.
func (r *benchReport) timeMoves(boards []engine.Board, d engine.Direction, rounds int) time.Duration {
	var sink engine.Board
	start := time.Now()
	for range rounds {
		for _, b := range boards {
			sink ^= b.Slide(d)
		}
	}
	elapsed := time.Since(start)
	r.sink ^= sink
	return elapsed
}

// timeEvals times rounds passes of the heuristic e over boards, called
// directly as the search calls it, not through the Evaluator interface.
func (r *benchReport) timeEvals(boards []engine.Board, e *ai.Lines, rounds int) time.Duration {
	sum := 0.0
	start := time.Now()
	for range rounds {
		for _, b := range boards {
			sum += e.Evaluate(b)
		}
	}
	elapsed := time.Since(start)
	r.sink ^= engine.Board(sum)
	return elapsed
}

// timeDecisions times the decisions of s on threads threads (0: all), each
// from an empty table, and keeps the run of median time.
func timeDecisions(ctx context.Context, boards []engine.Board, s benchSearch, threads int) (benchDecisions, error) {
	searcher := ai.NewSearcher(ai.Config{Threads: threads})
	var runs []benchDecisions
	for range max(s.repeats, 1) {
		var elapsed time.Duration
		var evals uint64
		plies := 0
		for _, b := range boards {
			searcher.Reset()
			res, err := searcher.Search(ctx, b, ai.Limits{Depth: s.depth})
			if err != nil {
				return benchDecisions{}, err
			}
			elapsed += res.Elapsed
			evals += res.MovesTried
			plies += res.Depth
		}
		n := float64(len(boards))
		runs = append(runs, benchDecisions{
			Positions: s.source, Boards: len(boards), Depth: s.depth, MeanDepth: float64(plies) / n,
			Threads: searcher.Threads(), Runs: max(s.repeats, 1), MSPerDecision: elapsed.Seconds() * 1e3 / n,
			EvalsPerSecond: float64(evals) / elapsed.Seconds(), EvalsPerMove: float64(evals) / n,
		})
	}
	slices.SortFunc(runs, func(a, b benchDecisions) int {
		return cmp.Compare(a.MSPerDecision, b.MSPerDecision)
	})
	return runs[len(runs)/2], nil
}

// medianOf returns the median of n results of f.
func medianOf(n int, f func() float64) float64 {
	xs := make([]float64, max(n, 1))
	for i := range xs {
		xs[i] = f()
	}
	return sim.Median(xs)
}

// perItem returns the nanoseconds of d for each of n items.
func perItem(d time.Duration, n int) float64 { return float64(d.Nanoseconds()) / float64(n) }

// machine describes this machine and program.
func machine() benchMachine {
	return benchMachine{
		OS: runtime.GOOS, Arch: runtime.GOARCH, CPU: cpuModel(),
		CPUs: runtime.NumCPU(), GOMAXPROCS: runtime.GOMAXPROCS(0), Go: runtime.Version(),
	}
}

// cpuModel returns the processor's name as Linux gives it, or "" if it
// cannot be read.
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	for line := range strings.Lines(string(data)) {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
