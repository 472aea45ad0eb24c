// Package bench measures this machine on the fixed benchmark positions
// (engine/positions): a move of the engine in each direction, one
// evaluation of the default heuristic (or of another evaluator), and decisions of the search at fixed
// depths and at the automatic depth, each from an empty table, on one
// thread and on every core. Each figure is the median of several runs, as
// the machine may be shared. It prints nothing: Run returns a Report, which
// "2048 bench" prints.
package bench

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/engine/positions"
)

// A Workload is what Run measures. Default is the workload of "2048 bench";
// a test can use a tiny one.
type Workload struct {
	MoveRounds int // passes over the positions per timing of the moves
	EvalRounds int // passes over the positions per timing of the evaluator
	Repeats    int // timings of a move or an evaluation; the median is kept
	Searches   []Search
	// Eval is the evaluator timed and searched with, EvalName its name;
	// nil means the default heuristic.
	Eval     ai.Evaluator
	EvalName string
}

// A Search is a set of decisions to time: the positions of a source,
// searched depth plies deep (ai.Auto: each at its auto depth), Repeats
// times on one thread and on all.
type Search struct {
	Source  string
	Depth   int
	Repeats int
}

// Default returns the workload of "2048 bench": about 35 s on an idle 2-core machine.
// Plies 4 and 6 are the depths 3 and 5 of nneonneo's figures; the late
// positions at their auto depth, a third of the time, are timed once.
func Default() Workload {
	return Workload{
		MoveRounds: 100_000,
		EvalRounds: 20_000,
		Repeats:    5,
		Searches: []Search{
			{positions.Random, 3, 5}, {positions.Random, 4, 5}, {positions.Random, 5, 3}, {positions.Random, 6, 3},
			{positions.Mid, ai.Auto, 3}, {positions.Late, ai.Auto, 1},
		},
	}
}

// A Report is what Run measured; it is also the JSON of "2048 bench -json".
type Report struct {
	Machine   Machine            `json:"machine"`
	MoveNS    map[string]float64 `json:"move_ns"` // by direction
	Eval      string             `json:"eval"`    // the evaluator's name
	EvalNS    float64            `json:"eval_ns"`
	Decisions []Decisions        `json:"decisions"`
	Seconds   float64            `json:"seconds"`
	sink      engine.Board       // keeps the timed work from being optimised away
}

// A Machine describes the machine and the program measured.
type Machine struct {
	OS         string `json:"goos"`
	Arch       string `json:"goarch"`
	CPU        string `json:"cpu,omitempty"`
	CPUs       int    `json:"cpus"`
	GOMAXPROCS int    `json:"gomaxprocs"`
	Go         string `json:"go"`
}

// Decisions are the timing of a set of decisions on some threads.
type Decisions struct {
	Positions      string  `json:"positions"`
	Boards         int     `json:"boards"`
	Depth          int     `json:"depth"` // plies; 0 for auto
	MeanDepth      float64 `json:"mean_depth"`
	Threads        int     `json:"threads"`
	Runs           int     `json:"runs"` // the figures are those of the median run
	MSPerDecision  float64 `json:"ms_per_decision"`
	EvalsPerSecond float64 `json:"evals_per_second"`
	EvalsPerMove   float64 `json:"evals_per_decision"`
	SpeedUp        float64 `json:"speed_up"` // against one thread
}

// Run measures c on the embedded benchmark positions, calling step (if not
// nil) with what it is about to time. It returns ctx's error if ctx is
// cancelled before the end.
func Run(ctx context.Context, c Workload, step func(string)) (*Report, error) {
	if step == nil {
		step = func(string) {}
	}
	start := time.Now()
	r := &Report{Machine: machine(), MoveNS: map[string]float64{}}
	boards := positions.Boards("")
	step("moves and evaluations")
	for d := range engine.Direction(engine.NumDirections) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r.MoveNS[d.String()] = medianOf(c.Repeats, func() float64 {
			return perItem(r.timeMoves(boards, d, c.MoveRounds), c.MoveRounds*len(boards))
		})
	}
	eval, name := c.Eval, c.EvalName
	if eval == nil {
		eval, name = ai.NneonneoHeuristic(), ai.Evaluators()[0].Name
	}
	r.Eval = name
	r.EvalNS = medianOf(c.Repeats, func() float64 {
		return perItem(r.timeEvals(boards, eval, c.EvalRounds), c.EvalRounds*len(boards))
	})
	for _, s := range c.Searches {
		step(fmt.Sprintf("decisions on the %s positions at depth %s", s.Source, depthName(s.Depth)))
		one, err := timeDecisions(ctx, positions.Boards(s.Source), s, eval, 1)
		if err != nil {
			return nil, err
		}
		all, err := timeDecisions(ctx, positions.Boards(s.Source), s, eval, 0)
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
func (r *Report) timeMoves(boards []engine.Board, d engine.Direction, rounds int) time.Duration {
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

// timeEvals times rounds passes of the evaluator e over boards; a line
// table is called directly, as the search calls it, not through the
// Evaluator interface.
func (r *Report) timeEvals(boards []engine.Board, e ai.Evaluator, rounds int) time.Duration {
	sum := 0.0
	start := time.Now()
	if lines, ok := e.(*ai.Lines); ok {
		for range rounds {
			for _, b := range boards {
				sum += lines.Evaluate(b)
			}
		}
	} else {
		for range rounds {
			for _, b := range boards {
				sum += e.Evaluate(b)
			}
		}
	}
	elapsed := time.Since(start)
	r.sink ^= engine.Board(sum)
	return elapsed
}

// timeDecisions times the decisions of s with eval on threads threads (0:
// all), each from an empty table, and keeps the run of median time.
func timeDecisions(ctx context.Context, boards []engine.Board, s Search, eval ai.Evaluator, threads int) (Decisions, error) {
	searcher := ai.NewSearcher(ai.Config{Eval: eval, Threads: threads})
	var runs []Decisions
	for range max(s.Repeats, 1) {
		var elapsed time.Duration
		var evals uint64
		plies := 0
		for _, b := range boards {
			searcher.Reset()
			res, err := searcher.Search(ctx, b, ai.Limits{Depth: s.Depth})
			if err != nil {
				return Decisions{}, err
			}
			elapsed += res.Elapsed
			evals += res.MovesTried
			plies += res.Depth
		}
		n := float64(len(boards))
		runs = append(runs, Decisions{
			Positions: s.Source, Boards: len(boards), Depth: s.Depth, MeanDepth: float64(plies) / n,
			Threads: searcher.Threads(), Runs: max(s.Repeats, 1), MSPerDecision: elapsed.Seconds() * 1e3 / n,
			EvalsPerSecond: float64(evals) / elapsed.Seconds(), EvalsPerMove: float64(evals) / n,
		})
	}
	slices.SortFunc(runs, func(a, b Decisions) int {
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
func machine() Machine {
	return Machine{
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

// DepthName returns the depth of the decisions as a command line writes it:
// plies, or auto.
func (d Decisions) DepthName() string { return depthName(d.Depth) }

// depthName writes a depth: plies, or auto.
func depthName(d int) string {
	if d == ai.Auto {
		return "auto"
	}
	return strconv.Itoa(d)
}
