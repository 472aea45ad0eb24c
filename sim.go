package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/tui/atomicfile"
	"github.com/term2048/2048/tui/figures"
)

const simSynopsis = `2048 sim [-games N] [-seed S] [-player expectimax|minimax|greedy|random] [-eval NAME]
             [-weights FILE] [-depth N|auto] [-time D] [-workers W] [-shard K/N]
             [-json] [-csv FILE] [-plot FILE]
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
by side: by default the four players the Python simulator report compared
(random, greedy, minimax and expectimax) at -depth 3 unless -depth says
otherwise; with -depths A-B, the -player (expectimax by default) at each
depth from A to B plies, as the snake-path Go bot's table does.

-json prints one JSON document: {"config", "games" (one a line, each with
its moves), "interrupted", "not_started", "wall_seconds", "summary"}, or
with -compare {"runs": [such documents]}. -csv writes one row a game; -plot
draws the reach rates and the scores (.png, .svg or .pdf).

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
	run      sim.Run
	compare  bool
	depths   []int // with -depths, the depths to sweep
	json     bool
	csvPath  string
	plotPath string
	// evalFlags open the evaluator, a network read from its file for the
	// learned one, once the flags are known to be right.
	evalFlags *evalFlags
	merge     []string   // with -merge, the files to merge
	shard     *shardJSON // with -shard, the part of the run played
}

// simCommand runs "2048 sim": it plays the games args ask for and reports
// them on stdout. If ctx is cancelled (by ctrl+c) before the end, it
// reports the games that finished and returns an interruption.
func simCommand(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	opts, err := parseSimFlags(args, stdout, stderr)
	if err != nil {
		return err
	}
	csvFile, err := createOutput("-csv", opts.csvPath)
	if err != nil {
		return err
	}
	defer csvFile.Abort()
	plotFile, err := createOutput("-plot", opts.plotPath)
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

// mergeCommand runs "2048 sim -merge": it reports the runs the files of
// opts.merge make together, writing the -csv and -plot files begun.
func mergeCommand(ctx context.Context, stdout io.Writer, opts simOptions, csvFile, plotFile *atomicfile.File) error {
	outcomes, compare, err := mergeOutcomes(ctx, opts.merge)
	if errors.Is(err, errInterrupted) {
		return err
	}
	if err != nil {
		return fmt.Errorf("-merge: %w", err)
	}
	opts.compare = compare
	return writeReports(stdout, opts, len(outcomes), outcomes, csvFile, plotFile)
}

// writeReports prints the report of outcomes, planned runs asked for, on
// stdout and writes the files of -csv and -plot, if any.
func writeReports(stdout io.Writer, opts simOptions, planned int, outcomes []sim.Outcome, csvFile, plotFile *atomicfile.File) error {
	var err error
	switch {
	case opts.json:
		err = writeSimJSON(stdout, outcomes, opts.compare, opts.shard)
	case opts.compare:
		err = writeCompare(stdout, outcomes, planned)
	default:
		err = writeSummary(stdout, outcomes[0])
	}
	if err != nil {
		return err
	}
	if csvFile != nil {
		if err := writeCSV(csvFile, outcomes); err != nil {
			return fmt.Errorf("-csv %s: %w", opts.csvPath, err)
		}
		if err := csvFile.Commit(false); err != nil {
			return fmt.Errorf("-csv: %w", err)
		}
	}
	if plotFile != nil {
		if err := writePlot(plotFile, filepath.Ext(opts.plotPath), outcomes); err != nil {
			return fmt.Errorf("-plot %s: %w", opts.plotPath, err)
		}
		if err := plotFile.Commit(false); err != nil {
			return fmt.Errorf("-plot: %w", err)
		}
	}
	return nil
}

// createOutput starts writing the file named by flag at path, so that a bad
// path fails before the games are played; the file gets its name when the
// report is written. An empty path asks for no file: nil, which Abort
// accepts.
func createOutput(flag, path string) (*atomicfile.File, error) {
	if path == "" {
		return nil, nil
	}
	f, err := atomicfile.Create(path, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", flag, path, withoutPath(err))
	}
	return f, nil
}

// playRuns plays runs one after the other, showing the progress on stderr,
// until one is stopped. It returns the runs played, the stopped one
// included, and the error that stopped it.
func playRuns(ctx context.Context, runs []sim.Run, stderr io.Writer) ([]sim.Outcome, error) {
	tty := isTerminal(stderr)
	var outcomes []sim.Outcome
	for _, r := range runs {
		label := "sim"
		if len(runs) > 1 {
			label = "sim " + r.Player.String()
		}
		prog := startProgress(stderr, tty, label, r.Games)
		o, err := sim.Play(ctx, r, &prog.counts)
		prog.stop()
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
func plannedRuns(opts simOptions) []sim.Run {
	if !opts.compare {
		return []sim.Run{opts.run}
	}
	var runs []sim.Run
	add := func(kind string, depth int) {
		r := opts.run
		r.Player.Kind, r.Player.Depth = kind, depth
		runs = append(runs, r)
	}
	if opts.depths != nil {
		for _, d := range opts.depths {
			add(opts.run.Player.Kind, d)
		}
		return runs
	}
	for _, kind := range []string{sim.Random, sim.Greedy, sim.Minimax, sim.Expectimax} {
		add(kind, opts.run.Player.Depth)
	}
	return runs
}

// compareDefaultDepth is the depth of the searching players of -compare
// when -depth is not given: the Python simulator report compared its
// players at depth 3.
const compareDefaultDepth = 3

// parseSimFlags parses the command line of sim. It returns an error, having
// printed it, if the command is not to run.
func parseSimFlags(args []string, stdout, stderr io.Writer) (simOptions, error) {
	fs := newCommandFlags("2048 sim", simSynopsis, simAbout+"\n"+evaluatorList(), stdout, stderr)
	var o simOptions
	p := &o.run.Player
	fs.IntVar(&o.run.Games, "games", 100, "play `N` games")
	fs.Uint64Var(&o.run.Seed, "seed", 1, "seed game i with `S`+i")
	fs.StringVar(&p.Kind, "player", sim.Expectimax, "the player: "+strings.Join(sim.Kinds(), ", "))
	evalFlags := fs.evalFlags()
	depth := fs.depthFlag(ai.MaxDepth, "; minimax takes 3 for auto")
	fs.DurationVar(&p.Time, "time", 0, "expectimax: search ply by ply for at most `D` a move (the games then depend on the machine)")
	fs.IntVar(&o.run.Workers, "workers", runtime.GOMAXPROCS(0), fmt.Sprintf("play `W` games at once, one search thread each (at most %d)", maxWorkers))
	fs.BoolVar(&o.json, "json", false, "print every game (with its moves) and the summary as one JSON document")
	fs.StringVar(&o.csvPath, "csv", "", "write one CSV row a game to `FILE`")
	fs.StringVar(&o.plotPath, "plot", "", "draw the reach rates and the score distribution to `FILE` (.png, .svg or .pdf)")
	fs.BoolVar(&o.compare, "compare", false, "play several configurations on the same seeds and print them side by side")
	depths := fs.String("depths", "", "with -compare: play the -player at each depth from `A-B` plies (also N or a list like 1,3,5)")
	shardFlag := fs.String("shard", "", "play the part `K/N` of the games: the K-th of N blocks of their seeds, for a batch job")
	merge := fs.Bool("merge", false, "report the games of the -json outputs given as arguments, the shards of one run")
	if err := fs.parse(args); err != nil {
		return o, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *merge {
		return o, o.parseMerge(fs, set)
	}

	p.Eval, p.Depth = evalFlags.name, depth.plies
	if fs.NArg() > 0 {
		return o, fs.usageError("unexpected argument %q: sim takes only flags", fs.Arg(0))
	}
	if set["depths"] {
		ds, err := parseDepths(*depths)
		if err != nil {
			return o, fs.usageError("-depths %q: %v", *depths, err)
		}
		o.depths = ds
	}
	if o.compare && !set["depth"] {
		p.Depth = compareDefaultDepth
	}
	if set["shard"] {
		sh, err := parseShard(*shardFlag)
		if err != nil {
			return o, fs.usageError("-shard %v", err)
		}
		if sh.n > o.run.Games {
			return o, fs.usageError("-shard %q: %d games cannot make %d parts", *shardFlag, o.run.Games, sh.n)
		}
		o.shard = &shardJSON{Part: sh.k, Of: sh.n, Games: o.run.Games, Seed: o.run.Seed}
		o.run.Seed, o.run.Games = sh.of(o.run.Games, o.run.Seed)
	}
	if err := o.check(set); err != nil {
		return o, fs.usageError("%v", err)
	}
	if err := evalFlags.check(); err != nil {
		return o, err
	}
	o.evalFlags = evalFlags
	return o, nil
}

// parseMerge checks the command line of -merge, whose arguments are the
// files to merge, and keeps them.
func (o *simOptions) parseMerge(fs *commandFlags, set map[string]bool) error {
	for name := range set {
		if !slices.Contains([]string{"merge", "json", "csv", "plot"}, name) {
			return fs.usageError("-%s: %v", name, errMergeFlags)
		}
	}
	if fs.NArg() == 0 {
		return fs.usageError("-merge: give the -json outputs to merge")
	}
	if ext := strings.ToLower(filepath.Ext(o.plotPath)); o.plotPath != "" && !slices.Contains(plotFormats(), ext) {
		return fs.usageError("-plot %s: want a file name ending in %s", o.plotPath, strings.Join(plotFormats(), ", "))
	}
	o.merge = fs.Args()
	return nil
}

// check reports what is wrong with the options, given the flags set.
func (o *simOptions) check(set map[string]bool) error {
	p := o.run.Player
	allFour := o.compare && !set["depths"] // the four players, whatever -player says
	switch {
	case o.run.Games < 1:
		return fmt.Errorf("-games %d: want at least 1 game", o.run.Games)
	case o.run.Workers < 1 || o.run.Workers > maxWorkers:
		return fmt.Errorf("-workers %d: want 1 to %d workers", o.run.Workers, maxWorkers)
	case !slices.Contains(sim.Kinds(), p.Kind):
		return fmt.Errorf("-player %q: want one of %s", p.Kind, strings.Join(sim.Kinds(), ", "))
	case p.Time < 0:
		return fmt.Errorf("-time %v: want a positive duration", p.Time)
	case set["depths"] && !o.compare:
		return errors.New("-depths needs -compare")
	case set["player"] && allFour:
		return errors.New("-player with -compare needs -depths: -compare alone plays all four players")
	case set["depths"] && set["depth"]:
		return errors.New("-depths and -depth both set the depth: give one")
	case set["depths"] && !p.Searches():
		return fmt.Errorf("-depths: the %s player does not search", p.Kind)
	case !o.compare && !p.Searches() && set["depth"]:
		return fmt.Errorf("-depth: the %s player does not search", p.Kind)
	case !allFour && p.Kind != sim.Expectimax && set["time"]:
		return errors.New("-time: only the expectimax player has a time budget")
	case !o.compare && p.Kind == sim.Random && set["eval"]:
		return errors.New("-eval: the random player evaluates nothing")
	}
	if ext := strings.ToLower(filepath.Ext(o.plotPath)); o.plotPath != "" && !slices.Contains(plotFormats(), ext) {
		return fmt.Errorf("-plot %s: want a file name ending in %s", o.plotPath, strings.Join(plotFormats(), ", "))
	}
	return o.checkMemory(physicalMemory())
}
