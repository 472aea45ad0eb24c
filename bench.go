package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

const benchSynopsis = "2048 bench [-json]"

const benchAbout = `Bench measures this machine on the project's fixed positions (50 boards
from random play, 20 mid-game and 20 late-game boards from strong play,
built into the program): the time of a move in each direction, of one
heuristic evaluation, and of a decision at fixed depths and at the auto
depth, each from an empty table, on one thread and on every core. Each
figure is the median of several runs, as the machine may be shared. It
takes under a minute.
`

// benchCommand runs "2048 bench": it times the engine and the search on the
// embedded positions and prints the figures to stdout, what it is timing to
// stderr. It returns 0 on success, 2 for a usage error and 130 if ctx is
// cancelled.
func benchCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newCommandFlags("bench", benchSynopsis, benchAbout, stderr)
	asJSON := fs.Bool("json", false, "print the figures as one JSON object")
	if status := fs.parse(args); status >= 0 {
		return status
	}
	if fs.NArg() > 0 {
		return fs.usageError("unexpected argument %q: bench takes only flags", fs.Arg(0))
	}
	return bench(ctx, defaultBench(), *asJSON, stdout, stderr)
}

// bench runs the workload c and prints its figures.
func bench(ctx context.Context, c benchConfig, asJSON bool, stdout, stderr io.Writer) int {
	ps, err := parsePositions(positionsText)
	if err != nil {
		fmt.Fprintf(stderr, "2048 bench: the built-in positions: %v\n", err)
		return 1
	}
	r, err := runBench(ctx, c, ps, func(step string) { fmt.Fprintf(stderr, "bench: %s\n", step) })
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		fmt.Fprintln(stderr, "2048 bench: interrupted")
		return 130
	}
	if err != nil {
		fmt.Fprintf(stderr, "2048 bench: %v\n", err)
		return 1
	}
	if asJSON {
		err = json.NewEncoder(stdout).Encode(r)
	} else {
		err = writeBenchText(stdout, r, c)
	}
	if err != nil {
		fmt.Fprintf(stderr, "2048 bench: %v\n", err)
		return 1
	}
	return 0
}

// A benchConfig is the workload of bench. The default is defaultBench; the
// tests use a tiny one.
type benchConfig struct {
	moveRounds int // passes over the positions per timing of the moves
	evalRounds int // passes over the positions per timing of the heuristic
	repeats    int // timings of a move or an evaluation; the median is kept
	searches   []benchSearch
}

// A benchSearch is a set of decisions to time: the positions of a source,
// searched depth plies deep (ai.Auto: each at its auto depth), repeats
// times on one thread and on all.
type benchSearch struct {
	source  string
	depth   int
	repeats int
}

// defaultBench is bench's workload: about 35 s on an idle 2-core machine.
// Plies 4 and 6 are the depths 3 and 5 of nneonneo's figures; the late
// positions at their auto depth, a third of the time, are timed once.
func defaultBench() benchConfig {
	return benchConfig{
		moveRounds: 100_000,
		evalRounds: 20_000,
		repeats:    5,
		searches: []benchSearch{
			{"random", 3, 5}, {"random", 4, 5}, {"random", 5, 3}, {"random", 6, 3},
			{"mid", ai.Auto, 3}, {"late", ai.Auto, 1},
		},
	}
}

// benchReport is what bench measured; it is also its JSON.
type benchReport struct {
	Machine   benchMachine       `json:"machine"`
	MoveNS    map[string]float64 `json:"move_ns"` // by direction
	EvalNS    float64            `json:"eval_ns"`
	Decisions []benchDecisions   `json:"decisions"`
	Seconds   float64            `json:"seconds"`
	sink      engine.Board       // keeps the timed work from being optimised away
}

// benchMachine describes the machine and the program.
type benchMachine struct {
	OS         string `json:"goos"`
	Arch       string `json:"goarch"`
	CPU        string `json:"cpu,omitempty"`
	CPUs       int    `json:"cpus"`
	GOMAXPROCS int    `json:"gomaxprocs"`
	Go         string `json:"go"`
}

// benchDecisions is the timing of a set of decisions on some threads.
type benchDecisions struct {
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

// runBench measures c on the positions ps, calling step before each part.
// It returns ctx's error if ctx is cancelled before the end.
func runBench(ctx context.Context, c benchConfig, ps []position, step func(string)) (*benchReport, error) {
	start := time.Now()
	r := &benchReport{Machine: machine(), MoveNS: map[string]float64{}}
	boards := boardsFrom(ps, "")
	step("moves and evaluations")
	for d := range engine.Direction(engine.NumDirections) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r.MoveNS[d.String()] = medianOf(c.repeats, func() float64 {
			return perItem(r.timeMoves(boards, d, c.moveRounds), c.moveRounds*len(boards))
		})
	}
	eval := ai.Default()
	r.EvalNS = medianOf(c.repeats, func() float64 {
		return perItem(r.timeEvals(boards, eval, c.evalRounds), c.evalRounds*len(boards))
	})
	for _, s := range c.searches {
		step(fmt.Sprintf("decisions on the %s positions at depth %s", s.source, depthName(s.depth)))
		one, err := timeDecisions(ctx, boardsFrom(ps, s.source), s, 1)
		if err != nil {
			return nil, err
		}
		all, err := timeDecisions(ctx, boardsFrom(ps, s.source), s, 0)
		if err != nil {
			return nil, err
		}
		one.SpeedUp, all.SpeedUp = 1, one.MSPerDecision/all.MSPerDecision
		r.Decisions = append(r.Decisions, one, all)
	}
	r.Seconds = time.Since(start).Seconds()
	return r, nil
}

// timeMoves times rounds passes of move d over boards.
func (r *benchReport) timeMoves(boards []engine.Board, d engine.Direction, rounds int) time.Duration {
	var sink engine.Board
	start := time.Now()
	for range rounds {
		for _, b := range boards {
			n, _, _ := b.Move(d)
			sink ^= n
		}
	}
	elapsed := time.Since(start)
	r.sink ^= sink
	return elapsed
}

// timeEvals times rounds passes of the heuristic e over boards.
func (r *benchReport) timeEvals(boards []engine.Board, e ai.Evaluator, rounds int) time.Duration {
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
			evals += res.Evals
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
		return cmpFloat(a.MSPerDecision, b.MSPerDecision)
	})
	return runs[len(runs)/2], nil
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// medianOf returns the median of n results of f.
func medianOf(n int, f func() float64) float64 {
	xs := make([]float64, max(n, 1))
	for i := range xs {
		xs[i] = f()
	}
	slices.Sort(xs)
	if len(xs)%2 == 1 {
		return xs[len(xs)/2]
	}
	return (xs[len(xs)/2-1] + xs[len(xs)/2]) / 2
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

// writeBenchText prints r as tables.
func writeBenchText(w io.Writer, r *benchReport, c benchConfig) error {
	m := r.Machine
	cpu := m.CPU
	if cpu == "" {
		cpu = "unknown CPU"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s/%s, %s, %d CPUs, GOMAXPROCS %d, %s\n", m.OS, m.Arch, cpu, m.CPUs, m.GOMAXPROCS, m.Go)
	fmt.Fprintf(&b, "\nmove by table lookup (median of %d runs over the 90 positions)\n", c.repeats)
	for d := range engine.Direction(engine.NumDirections) {
		fmt.Fprintf(&b, "  %-6s %6.2f ns\n", d, r.MoveNS[d.String()])
	}
	fmt.Fprintf(&b, "heuristic evaluation (nneonneo's, 8 lookups and a transpose): %.2f ns\n", r.EvalNS)
	fmt.Fprintf(&b, "\ndecisions, each from an empty table (the run of median time)\n")
	fmt.Fprintf(&b, "%-10s %5s %6s %7s %4s %12s %15s %8s %8s\n",
		"boards", "depth", "plies", "threads", "runs", "ms/decision", "evals/decision", "evals/s", "speed-up")
	for _, d := range r.Decisions {
		fmt.Fprintf(&b, "%-10s %5s %6.1f %7d %4d %12.3f %15s %8s %7.2fx\n", fmt.Sprintf("%d %s", d.Boards, d.Positions),
			depthName(d.Depth), d.MeanDepth, d.Threads, d.Runs, d.MSPerDecision, decimal(d.EvalsPerMove, 0),
			metric(d.EvalsPerSecond), d.SpeedUp)
	}
	fmt.Fprintf(&b, "\nplies: N player moves and N-1 spawn layers (nneonneo's depth d is d+1 plies); cut-off %g\n", ai.DefaultCutoff)
	fmt.Fprintf(&b, "bench took %.1f s\n", r.Seconds)
	_, err := io.WriteString(w, b.String())
	return err
}
