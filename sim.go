package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/tui/atomicfile"
)

const simSynopsis = `2048 sim [-games N] [-seed S] [-player expectimax|minimax|greedy|random] [-eval NAME]
             [-depth N|auto] [-time D] [-workers W] [-json] [-csv FILE] [-plot FILE]
       2048 sim -compare [-depths A-B] [flags]`

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
by side: by default the four players of seed 003 (random, greedy, minimax
and expectimax) at -depth 3 unless -depth says otherwise; with -depths A-B,
the -player (expectimax by default) at each depth from A to B plies, as in
seed 000's table.

-json prints one JSON document: {"config", "games" (one a line), "interrupted",
"summary"}, or with -compare {"runs": [such documents]}. -csv writes one row
a game; -plot draws the reach rates and the scores (.png, .svg or .pdf).
`

// simOptions is the parsed command line of sim.
type simOptions struct {
	run      simRun
	compare  bool
	depths   []int // with -depths, the depths to sweep
	json     bool
	csvPath  string
	plotPath string
}

// simCommand runs "2048 sim": it plays the games args ask for and reports
// them on stdout. It returns 0 on success, 1 if a run or an output fails, 2
// for a usage error, and 130 if ctx is cancelled (by ctrl+c) before the end,
// after reporting the games that finished.
func simCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	opts, status := parseSimFlags(args, stderr)
	if status >= 0 {
		return status
	}
	csvFile, err := createOutput("-csv", opts.csvPath)
	if err != nil {
		fmt.Fprintf(stderr, "2048 sim: %v\n", err)
		return 1
	}
	defer csvFile.Abort()
	plotFile, err := createOutput("-plot", opts.plotPath)
	if err != nil {
		fmt.Fprintf(stderr, "2048 sim: %v\n", err)
		return 1
	}
	defer plotFile.Abort()

	runs := plannedRuns(opts)
	results, runErr := playRuns(ctx, runs, stderr)
	if err := writeReports(stdout, opts, len(runs), results, csvFile, plotFile); err != nil {
		fmt.Fprintf(stderr, "2048 sim: %v\n", err)
		return 1
	}
	switch {
	case runErr == nil:
		return 0
	case errors.Is(runErr, context.Canceled), errors.Is(runErr, context.DeadlineExceeded):
		fmt.Fprintf(stderr, "2048 sim: interrupted; the report covers the %d finished %s\n",
			finishedGames(results), plural(finishedGames(results), "game"))
		return 130
	default:
		fmt.Fprintf(stderr, "2048 sim: %v\n", runErr)
		return 1
	}
}

// writeReports prints the report of results, planned runs asked for, on
// stdout and writes the files of -csv and -plot, if any.
func writeReports(stdout io.Writer, opts simOptions, planned int, results []runResult, csvFile, plotFile *atomicfile.File) error {
	var err error
	switch {
	case opts.json:
		err = writeSimJSON(stdout, results, opts.compare)
	case opts.compare:
		err = writeCompare(stdout, results, planned)
	default:
		err = writeSummary(stdout, results[0])
	}
	if err != nil {
		return err
	}
	if csvFile != nil {
		if err := writeCSV(csvFile, results); err != nil {
			return fmt.Errorf("-csv %s: %w", opts.csvPath, err)
		}
		if err := csvFile.Commit(false); err != nil {
			return fmt.Errorf("-csv: %w", err)
		}
	}
	if plotFile != nil {
		if err := writePlot(plotFile, filepath.Ext(opts.plotPath), results); err != nil {
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
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, fmt.Errorf("%s %s: %w", flag, path, pe.Err)
	}
	return f, err
}

// A runResult is a run of games as played: the finished games, in seed
// order, and what stopped the others.
type runResult struct {
	run         simRun
	games       []gameResult
	interrupted int // games cut short by a cancellation
	notStarted  int
	wall        time.Duration
	summary     summary
}

// playRuns plays runs one after the other, showing the progress on stderr,
// until one is stopped. It returns the runs played, the stopped one
// included, and the error that stopped it.
func playRuns(ctx context.Context, runs []simRun, stderr io.Writer) ([]runResult, error) {
	tty := isTerminal(stderr)
	var results []runResult
	for _, r := range runs {
		label := "sim"
		if len(runs) > 1 {
			label = "sim " + r.player.String()
		}
		start := time.Now()
		prog := startProgress(stderr, tty, label, r.games)
		games, interrupted, err := runGames(ctx, r, prog)
		prog.stop()
		results = append(results, runResult{
			run: r, games: games, interrupted: interrupted,
			notStarted: r.games - len(games) - interrupted,
			wall:       time.Since(start), summary: summarize(games),
		})
		if err != nil {
			return results, err
		}
	}
	return results, nil
}

// finishedGames returns the number of games finished in rs.
func finishedGames(rs []runResult) int {
	n := 0
	for _, r := range rs {
		n += len(r.games)
	}
	return n
}

// plannedRuns returns the runs opts asks for: one, or the configurations of
// -compare.
func plannedRuns(opts simOptions) []simRun {
	if !opts.compare {
		return []simRun{opts.run}
	}
	var runs []simRun
	add := func(kind string, depth int) {
		r := opts.run
		r.player.kind, r.player.depth = kind, depth
		runs = append(runs, r)
	}
	if opts.depths != nil {
		for _, d := range opts.depths {
			add(opts.run.player.kind, d)
		}
		return runs
	}
	for _, kind := range []string{playerRandom, playerGreedy, playerMinimax, playerExpectimax} {
		add(kind, opts.run.player.depth)
	}
	return runs
}

// compareDefaultDepth is the depth of the searching players of -compare
// when -depth is not given: seed 003 compared its players at depth 3.
const compareDefaultDepth = 3

// parseSimFlags parses the command line of sim. It returns status -1 if the
// command is to run, else the exit status, having printed why.
func parseSimFlags(args []string, stderr io.Writer) (simOptions, int) {
	fs := newCommandFlags("sim", simSynopsis, simAbout+"\n"+evaluatorList(), stderr)
	var o simOptions
	fs.IntVar(&o.run.games, "games", 100, "play `N` games")
	fs.Uint64Var(&o.run.seed, "seed", 1, "seed game i with `S`+i")
	player := fs.String("player", playerExpectimax, "the player: "+strings.Join(playerNames(), ", "))
	evalName := fs.String("eval", defaultEval(), evalUsage)
	depth := newDepthFlag(ai.MaxDepth)
	fs.Var(depth, "depth", depthUsage()+"; minimax takes 3 for auto")
	fs.DurationVar(&o.run.player.time, "time", 0, "expectimax: search ply by ply for at most `D` a move (the games then depend on the machine)")
	fs.IntVar(&o.run.workers, "workers", runtime.GOMAXPROCS(0), "play `W` games at once, one search thread each")
	fs.BoolVar(&o.json, "json", false, "print every game and the summary as one JSON document")
	fs.StringVar(&o.csvPath, "csv", "", "write one CSV row a game to `FILE`")
	fs.StringVar(&o.plotPath, "plot", "", "draw the reach rates and the score distribution to `FILE` (.png, .svg or .pdf)")
	fs.BoolVar(&o.compare, "compare", false, "play several configurations on the same seeds and print them side by side")
	depths := fs.String("depths", "", "with -compare: play the -player at each depth from `A-B` plies (also N or a list like 1,3,5)")
	if status := fs.parse(args); status >= 0 {
		return o, status
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	p := &o.run.player
	p.kind, p.evalName, p.depth = *player, *evalName, depth.plies
	if fs.NArg() > 0 {
		return o, fs.usageError("unexpected argument %q: sim takes only flags", fs.Arg(0))
	}
	if err := o.check(set); err != nil {
		return o, fs.usageError("%v", err)
	}
	if set["depths"] {
		ds, err := parseDepths(*depths)
		if err != nil {
			return o, fs.usageError("-depths %s: %v", *depths, err)
		}
		o.depths = ds
	}
	if o.compare && !set["depth"] {
		p.depth = compareDefaultDepth
	}
	eval, err := ai.NewEvaluator(p.evalName)
	if err != nil {
		return o, fs.usageError("-eval: %v", err)
	}
	p.eval = eval
	return o, -1
}

// check reports what is wrong with the options, given the flags set.
func (o *simOptions) check(set map[string]bool) error {
	p := o.run.player
	allFour := o.compare && !set["depths"] // the four players, whatever -player says
	switch {
	case o.run.games < 1:
		return fmt.Errorf("-games %d: want at least 1 game", o.run.games)
	case o.run.workers < 1:
		return fmt.Errorf("-workers %d: want at least 1 worker", o.run.workers)
	case !slices.Contains(playerNames(), p.kind):
		return fmt.Errorf("-player %q: want one of %s", p.kind, strings.Join(playerNames(), ", "))
	case p.time < 0:
		return fmt.Errorf("-time %v: want a positive duration", p.time)
	case set["depths"] && !o.compare:
		return errors.New("-depths needs -compare")
	case set["player"] && allFour:
		return errors.New("-player with -compare needs -depths: -compare alone plays all four players")
	case set["depths"] && set["depth"]:
		return errors.New("-depths and -depth both set the depth: give one")
	case set["depths"] && !p.searches():
		return fmt.Errorf("-depths: the %s player does not search", p.kind)
	case !o.compare && !p.searches() && set["depth"]:
		return fmt.Errorf("-depth: the %s player does not search", p.kind)
	case !allFour && p.kind != playerExpectimax && set["time"]:
		return errors.New("-time: only the expectimax player has a time budget")
	case !o.compare && p.kind == playerRandom && set["eval"]:
		return errors.New("-eval: the random player evaluates nothing")
	}
	if ext := strings.ToLower(filepath.Ext(o.plotPath)); o.plotPath != "" && !slices.Contains(plotFormats(), ext) {
		return fmt.Errorf("-plot %s: want a file name ending in %s", o.plotPath, strings.Join(plotFormats(), ", "))
	}
	return nil
}
