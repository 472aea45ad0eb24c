package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/tui/atomicfile"
	"github.com/term2048/2048/tui/chart"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/outputs"
	"github.com/term2048/2048/tui/progress"
)

const simSynopsis = `2048 sim [-games N] [-seed S] [-player expectimax|minimax|greedy|random] [-eval NAME]
             [-weights FILE] [-depth N|auto] [-time D] [-cutoff P] [-workers W]
             [-shard K/N] [-json] [-csv FILE] [-plot FILE]
       2048 sim -compare [-depths A-B] [flags]
       2048 sim -merge [-json] [-csv FILE] [-plot FILE] FILE...`

const simAbout = `Sim plays games without a screen and prints their statistics: the score,
the moves, the speed, the share of games reaching each tile from 1024 to
32768 with its 95% Wilson score interval, and the milestone timeline (the
mean move at which each tile first appeared).

Game i is seeded S+i: its spawns, and the random player's moves, depend on
that seed alone. The games are shared out among W workers, each searching
on one thread with its own table, cleared at the start of each game, so the
same seed and flags give the same games whatever W is (except with -time,
whose searches depend on the speed of the machine).

Progress goes to stderr: a bar on a terminal, a line every few seconds
otherwise. Ctrl+C stops the run and reports the games that finished, with
exit status 130.

-compare plays several configurations on the same seeds and prints them side
by side: by default the four players, random, greedy (the best board one
move ahead), minimax (the worst spawn instead of the expected one) and
expectimax, at -depth 3 unless -depth says otherwise; with -depths A-B, the
-player (expectimax by default) at each depth from A to B plies, to see
what each ply adds in score and costs in time.

-json prints one JSON document: {"config", "games" (one a line, each with
its moves), "interrupted", "not_started", "wall_seconds", "summary"}, or
with -compare {"runs": [such documents]}. -csv writes one row a game; -plot
draws the reach rates and the scores (.png or .svg).

A study too long for one machine runs as the jobs of a batch system: with
-shard K/N a job plays the part K of N of the games (a block of their
seeds), and -merge reads the -json outputs of the N jobs and reports them as
the one run they make, as if one machine had played it. With GNU parallel,
on the cores of this machine or, with -S, of others over ssh:
	parallel 2048 sim -games 1000 -shard {}/8 -json '>' part{}.json ::: 1 2 3 4 5 6 7 8
	2048 sim -merge part*.json
As a Slurm job array (sbatch --array=1-100), each job writing its part:
	2048 sim -games 10000 -shard $SLURM_ARRAY_TASK_ID/100 -json > part$SLURM_ARRAY_TASK_ID.json
`

// simOptions is the parsed command line of sim.
type simOptions struct {
	run      sim.Config
	compare  bool
	depths   []int // with -depths, the depths to sweep
	json     bool
	csvPath  string
	plotPath string
	// evalFlags open the evaluator, a network read from its file for the
	// learned one, once the flags are known to be right.
	evalFlags *evalFlags
	merge     []string // with -merge, the files to merge
}

// simCommand runs "2048 sim": it plays the games args ask for and reports
// them on stdout. If ctx is cancelled (by ctrl+c) before the end, it
// reports the games that finished and returns an interruption.
func simCommand(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	opts, err := parseSimFlags(args, stdout, stderr)
	if err != nil {
		return err
	}
	var inputs []outputs.File
	if e := opts.evalFlags; e != nil && e.name == ntupleEval { // nil for -merge
		if e.weights != "" {
			inputs = append(inputs, outputs.File{Flag: "-weights", Path: e.weights})
		} else { // the files evaluators.Open reads the network from
			inputs = append(inputs, outputs.File{Flag: "-weights", Path: evaluators.DefaultWeightsPath()}, outputs.File{Flag: "-weights", Path: evaluators.DefaultPlayPath()})
		}
	}
	for _, m := range opts.merge {
		inputs = append(inputs, outputs.File{Flag: "-merge", Path: m})
	}
	if err := outputs.Check([]outputs.File{{Flag: "-csv", Path: opts.csvPath}, {Flag: "-plot", Path: opts.plotPath}}, inputs); err != nil {
		return err
	}
	csvFile, err := outputs.Create("-csv", opts.csvPath)
	if err != nil {
		return err
	}
	defer csvFile.Abort()
	plotFile, err := outputs.Create("-plot", opts.plotPath)
	if err != nil {
		return err
	}
	defer plotFile.Abort()
	if opts.merge != nil {
		return mergeCommand(ctx, stdout, opts, csvFile, plotFile)
	}

	if opts.evalFlags.name == ntupleEval && (opts.compare || opts.run.Player.Kind != sim.Random) {
		net, err := opts.evalFlags.open()
		if err != nil {
			return err
		}
		defer releaseEvaluator(net) // the games have ended: sim.Run leaves no goroutine behind
		opts.run.Player.Evaluator = net
	}
	runs := plannedRuns(opts)
	outcomes, runErr := playRuns(ctx, runs, stderr)
	if err := writeReports(stdout, opts, len(runs), outcomes, csvFile, plotFile); err != nil {
		return err
	}
	if errors.Is(runErr, context.Canceled) || errors.Is(runErr, context.DeadlineExceeded) {
		n := finishedGames(outcomes)
		return fmt.Errorf("%w; the report covers the %d finished %s", errInterrupted, n, figures.Plural(n, "game"))
	}
	return runErr
}

// writeReports prints the report of outcomes, planned runs asked for, on
// stdout and writes the files of -csv and -plot, if any.
func writeReports(stdout io.Writer, opts simOptions, planned int, outcomes []sim.Outcome, csvFile, plotFile *atomicfile.File) error {
	var err error
	switch {
	case opts.json:
		_, err = sim.Document{Runs: outcomes, Compare: opts.compare}.WriteTo(stdout)
	case opts.compare:
		err = writeCompare(stdout, outcomes, planned)
	default:
		err = writeSummary(stdout, outcomes[0])
	}
	if err != nil {
		return err
	}
	if csvFile != nil {
		if err := sim.WriteCSV(csvFile, outcomes); err != nil {
			return fmt.Errorf("-csv %s: %w", opts.csvPath, err)
		}
		if err := csvFile.Commit(false); err != nil {
			return fmt.Errorf("-csv: %w", err)
		}
	}
	if plotFile != nil {
		if err := chart.WriteRuns(plotFile, filepath.Ext(opts.plotPath), outcomes); err != nil {
			return fmt.Errorf("-plot %s: %w", opts.plotPath, err)
		}
		if err := plotFile.Commit(false); err != nil {
			return fmt.Errorf("-plot: %w", err)
		}
	}
	return nil
}

// playRuns plays runs one after the other, showing the progress on stderr,
// until one is stopped. It returns the runs played, the stopped one
// included, and the error that stopped it.
func playRuns(ctx context.Context, runs []sim.Config, stderr io.Writer) ([]sim.Outcome, error) {
	tty := isTerminal(stderr)
	var outcomes []sim.Outcome
	for _, r := range runs {
		label := "sim"
		if len(runs) > 1 {
			label = "sim " + r.Player.String()
		}
		prog := progress.StartGames(stderr, tty, label, r.Games)
		o, err := sim.Run(ctx, r, &prog.Counts)
		prog.Stop()
		outcomes = append(outcomes, o)
		if err != nil {
			return outcomes, err
		}
	}
	return outcomes, nil
}

// finishedGames returns the number of games finished in outcomes.
func finishedGames(outcomes []sim.Outcome) int {
	n := 0
	for _, o := range outcomes {
		n += len(o.Games)
	}
	return n
}

// plannedRuns returns the runs opts asks for: one, or the configurations of
// -compare.
func plannedRuns(opts simOptions) []sim.Config {
	if !opts.compare {
		return []sim.Config{opts.run}
	}
	return opts.run.Comparison(opts.depths)
}
