package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/bench"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/engine/positions"
	"github.com/term2048/2048/tui/figures"
)

const benchSynopsis = "2048 bench [-eval NAME [-weights FILE]] [-json]"

const benchAbout = `Bench measures this machine on the project's fixed positions (50 boards
from random play, 20 mid-game and 20 late-game boards from strong play,
built into the program): the time of a move in each direction, of one
evaluation (of nneonneo's heuristic, or of -eval's evaluator), and of a
decision at fixed depths and at the auto depth, each from an empty table,
on one thread and on every core. Each figure is the median of several runs,
as the machine may be shared. It takes under a minute.
`

// benchCommand runs "2048 bench": it times the engine and the search on the
// embedded positions and prints the figures to stdout, what it is timing to
// stderr.
func benchCommand(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newCommandFlags("2048 bench", benchSynopsis, benchAbout+"\n"+evaluatorList(), stdout, stderr)
	evalFlags := fs.evalFlags()
	asJSON := fs.Bool("json", false, "print the figures as one JSON object")
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fs.usageError("unexpected argument %q: bench takes only flags", fs.Arg(0))
	}
	if err := evalFlags.check(); err != nil {
		return err
	}
	w := bench.Default()
	eval, err := evalFlags.open()
	if err != nil {
		return err
	}
	w.Eval, w.EvalName = eval, evalFlags.name
	return runBench(ctx, w, *asJSON, stdout, stderr)
}

// runBench runs the workload c and prints its figures.
func runBench(ctx context.Context, c bench.Workload, asJSON bool, stdout, stderr io.Writer) error {
	r, err := bench.Run(ctx, c, func(step string) { fmt.Fprintf(stderr, "bench: %s\n", step) })
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return errInterrupted
	}
	if err != nil {
		return err
	}
	if asJSON {
		return json.NewEncoder(stdout).Encode(r)
	}
	return writeBenchText(stdout, r, c)
}

// writeBenchText prints r as tables.
func writeBenchText(w io.Writer, r *bench.Report, c bench.Workload) error {
	m := r.Machine
	cpu := m.CPU
	if cpu == "" {
		cpu = "unknown CPU"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s/%s, %s, %d CPUs, GOMAXPROCS %d, %s\n", m.OS, m.Arch, cpu, m.CPUs, m.GOMAXPROCS, m.Go)
	fmt.Fprintf(&b, "\na move by table lookup, board only (Board.Slide; median of %d runs over the %d positions)\n",
		c.Repeats, len(positions.All()))
	for d := range engine.Direction(engine.NumDirections) {
		fmt.Fprintf(&b, "  %-6s %6.2f ns\n", d, r.MoveNS[d.String()])
	}
	if r.Eval == "" || r.Eval == ai.Evaluators()[0].Name {
		fmt.Fprintf(&b, "heuristic evaluation (nneonneo's, 8 lookups and a transpose): %.2f ns\n", r.EvalNS)
	} else {
		fmt.Fprintf(&b, "evaluation (%s): %.2f ns\n", r.Eval, r.EvalNS)
	}
	fmt.Fprintf(&b, "\ndecisions, each from an empty table (the run of median time)\n")
	fmt.Fprintf(&b, "%-10s %5s %6s %7s %4s %12s %15s %8s %8s\n",
		"boards", "depth", "plies", "threads", "runs", "ms/decision", "evals/decision", "evals/s", "speed-up")
	for _, d := range r.Decisions {
		fmt.Fprintf(&b, "%-10s %5s %6.1f %7d %4d %12.3f %15s %8s %7.2fx\n", fmt.Sprintf("%d %s", d.Boards, d.Positions),
			d.DepthName(), d.MeanDepth, d.Threads, d.Runs, d.MSPerDecision, figures.Decimal(d.EvalsPerMove, 0),
			figures.Rate(d.EvalsPerSecond), d.SpeedUp)
	}
	fmt.Fprintf(&b, "\nplies: N player moves and N-1 spawn layers (nneonneo's depth d is d+1 plies); cut-off %g\n", ai.DefaultCutoff)
	fmt.Fprintf(&b, "bench took %.1f s\n", r.Seconds)
	_, err := io.WriteString(w, b.String())
	return err
}
