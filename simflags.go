package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/tui/chart"
)

// compareDefaultDepth is the depth of the searching players of -compare
// when -depth is not given: that of minimax at the automatic depth, so
// that expectimax is compared with minimax as minimax plays by default.
const compareDefaultDepth = ai.MinimaxDepth

// parseSimFlags parses the command line of sim. It returns an error, having
// printed it, if the command is not to run.
func parseSimFlags(args []string, stdout, stderr io.Writer) (simOptions, error) {
	fs := newCommandFlags("2048 sim", simSynopsis, simAbout+"\n"+evaluatorList(), stdout, stderr)
	var o simOptions
	f := o.define(fs)
	if err := fs.parse(args); err != nil {
		return o, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *f.merge {
		return o, o.parseMerge(fs, set)
	}
	if err := o.apply(fs, set, f); err != nil {
		return o, err
	}
	if err := o.check(set); err != nil {
		return o, fs.usageError("%v", err)
	}
	if err := f.eval.check(); err != nil {
		return o, err
	}
	o.evalFlags = f.eval
	return o, nil
}

// simFlags are the flags of sim read into simOptions once parsed.
type simFlags struct {
	eval          *evalFlags
	depth         *depthFlag
	cutoff        *float64
	depths, shard *string
	merge         *bool
}

// define adds sim's flags to fs: those that set options as they are
// parsed, and those returned, which apply reads.
func (o *simOptions) define(fs *commandFlags) simFlags {
	p := &o.run.Player
	fs.IntVar(&o.run.Games, "games", 100, "play `N` games")
	fs.Uint64Var(&o.run.Seed, "seed", 1, "seed game i with `S`+i")
	fs.StringVar(&p.Kind, "player", sim.Expectimax, "the player: "+strings.Join(sim.Kinds(), ", "))
	var f simFlags
	f.eval = fs.evalFlags()
	f.depth = fs.depthFlag(ai.MaxDepth, "; minimax takes 3 for auto")
	fs.DurationVar(&p.Time, "time", 0, "expectimax: search ply by ply for at most `D` a move (the games then depend on the machine)")
	f.cutoff = fs.Float64("cutoff", 0, fmt.Sprintf("expectimax: evaluate rather than expand a branch less likely than `P` (default: the evaluator's, %g, or %g for a network); 0 expands every branch, as programs without a cut-off search",
		ai.DefaultCutoff, ntuple.SearchCutoff))
	fs.IntVar(&o.run.Workers, "workers", runtime.GOMAXPROCS(0), fmt.Sprintf("play `W` games at once, one search thread each (at most %d)", sim.MaxWorkers))
	fs.BoolVar(&o.json, "json", false, "print every game (with its moves) and the summary as one JSON document")
	fs.StringVar(&o.csvPath, "csv", "", "write one CSV row a game to `FILE`")
	fs.StringVar(&o.plotPath, "plot", "", "draw the reach rates and the score distribution to `FILE` (.png or .svg)")
	fs.BoolVar(&o.compare, "compare", false, "play several configurations on the same seeds and print them side by side")
	f.depths = fs.String("depths", "", "with -compare: play the -player at each depth from `A-B` plies (also N or a list like 1,3,5)")
	f.shard = fs.String("shard", "", "play the part `K/N` of the games: the K-th of N blocks of their seeds, for a batch job")
	f.merge = fs.Bool("merge", false, "report the games of the -json outputs given as arguments, the shards of one run")
	return f
}

// apply reads into o the flags of f, given the flags set, and the
// arguments, which sim refuses. It returns a usage error, printed, for a
// value that does not read.
func (o *simOptions) apply(fs *commandFlags, set map[string]bool, f simFlags) error {
	p := &o.run.Player
	p.Eval, p.Depth = f.eval.name, f.depth.plies
	if set["cutoff"] {
		if !(*f.cutoff >= 0 && *f.cutoff < 1) { // NaN too
			return fs.usageError("-cutoff %v: want a probability from 0 (no cut-off) to below 1", *f.cutoff)
		}
		p.Cutoff = *f.cutoff
		if p.Cutoff == 0 {
			p.Cutoff = -1 // none, as ai.Config says it
		}
	}
	if fs.NArg() > 0 {
		return fs.usageError("unexpected argument %q: sim takes only flags", fs.Arg(0))
	}
	if set["depths"] {
		ds, err := parseDepths(*f.depths)
		if err != nil {
			return fs.usageError("-depths %q: %v", *f.depths, err)
		}
		o.depths = ds
	}
	if o.compare && !set["depth"] {
		p.Depth = compareDefaultDepth
	}
	if set["shard"] && o.run.Games >= 1 { // check refuses -games 0
		k, n, err := parseShard(*f.shard)
		if err == nil {
			o.run, err = o.run.Part(k, n)
		}
		if err != nil {
			return fs.usageError("-shard %q: %v", *f.shard, err)
		}
	}
	return nil
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
	if o.plotPath != "" {
		if err := chart.CheckName(o.plotPath); err != nil {
			return fs.usageError("-plot %s: %v", o.plotPath, err)
		}
	}
	o.merge = fs.Args()
	return nil
}

// check reports what is wrong with the options, given the flags set: the
// first of simRules that refuses them, a -plot that cannot be drawn, or
// runs that would not fit in memory.
func (o *simOptions) check(set map[string]bool) error {
	for _, rule := range simRules {
		if err := rule(o, set); err != nil {
			return err
		}
	}
	if o.plotPath != "" {
		if err := chart.CheckName(o.plotPath); err != nil {
			return fmt.Errorf("-plot %s: %w", o.plotPath, err)
		}
	}
	memory := sim.PhysicalMemory()
	for _, r := range plannedRuns(*o) {
		if err := r.CheckMemory(memory); err != nil {
			return fmt.Errorf("-workers %d: %w", o.run.Workers, err)
		}
	}
	return nil
}

// allFour reports whether the options play the four players of -compare,
// whatever -player says.
func (o *simOptions) allFour(set map[string]bool) bool { return o.compare && !set["depths"] }

// simRules are the checks of sim's options, given the flags set, in
// order: each returns what is wrong, or nil.
var simRules = []func(o *simOptions, set map[string]bool) error{
	func(o *simOptions, _ map[string]bool) error {
		return refuse(o.run.Games < 1, "-games %d: want at least 1 game", o.run.Games)
	},
	func(o *simOptions, _ map[string]bool) error {
		return refuse(o.run.Workers < 1 || o.run.Workers > sim.MaxWorkers, "-workers %d: want 1 to %d workers", o.run.Workers, sim.MaxWorkers)
	},
	func(o *simOptions, _ map[string]bool) error {
		return refuse(!slices.Contains(sim.Kinds(), o.run.Player.Kind), "-player %q: want one of %s", o.run.Player.Kind, strings.Join(sim.Kinds(), ", "))
	},
	func(o *simOptions, _ map[string]bool) error {
		return refuse(o.run.Player.Time < 0, "-time %v: want a positive duration", o.run.Player.Time)
	},
	func(o *simOptions, set map[string]bool) error {
		return refuse(set["depths"] && !o.compare, "-depths needs -compare")
	},
	func(o *simOptions, set map[string]bool) error {
		return refuse(set["player"] && o.allFour(set), "-player with -compare needs -depths: -compare alone plays all four players")
	},
	func(o *simOptions, set map[string]bool) error {
		return refuse(set["depths"] && set["depth"], "-depths and -depth both set the depth: give one")
	},
	func(o *simOptions, set map[string]bool) error {
		return refuse(set["depths"] && !o.run.Player.Searches(), "-depths: the %s player does not search", o.run.Player.Kind)
	},
	func(o *simOptions, set map[string]bool) error {
		return refuse(!o.compare && !o.run.Player.Searches() && set["depth"], "-depth: the %s player does not search", o.run.Player.Kind)
	},
	func(o *simOptions, set map[string]bool) error {
		return refuse(!o.allFour(set) && o.run.Player.Kind != sim.Expectimax && set["time"], "-time: only the expectimax player has a time budget")
	},
	func(o *simOptions, set map[string]bool) error {
		return refuse(!o.allFour(set) && o.run.Player.Kind != sim.Expectimax && set["cutoff"], "-cutoff: only the expectimax player cuts branches off")
	},
	func(o *simOptions, set map[string]bool) error {
		return refuse(!o.compare && o.run.Player.Kind == sim.Random && set["eval"], "-eval: the random player evaluates nothing")
	},
}

// parseShard reads the -shard flag, K/N: the part K of N of the run.
// Config.Part checks the numbers.
func parseShard(s string) (k, n int, err error) {
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, errors.New("want K/N, the part K of N, with 1 ≤ K ≤ N")
	}
	return k, n, nil
}

// errMergeFlags is the error of -merge with flags that play games.
var errMergeFlags = errors.New("-merge reads games played before: it takes only -json, -csv and -plot")

// parseDepths reads the -depths flag: a depth in plies, a range A-B, or a
// comma-separated list of them, each from 1 to ai.MaxDepth.
func parseDepths(s string) ([]int, error) {
	var out []int
	for part := range strings.SplitSeq(s, ",") {
		a, b, isRange := strings.Cut(strings.TrimSpace(part), "-")
		lo, err := parsePly(a)
		if err != nil {
			return nil, err
		}
		hi := lo
		if isRange {
			if hi, err = parsePly(b); err != nil {
				return nil, err
			}
			if hi < lo {
				return nil, fmt.Errorf("the range %q runs backwards; want LOW-HIGH, like %d-%d", part, hi, lo)
			}
		}
		for d := lo; d <= hi; d++ {
			out = append(out, d)
		}
	}
	return out, nil
}

// parsePly reads a depth of -depths.
func parsePly(s string) (int, error) {
	if s == "" {
		return 0, errors.New("want depths like 1-6, 3 or 1,3,5")
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > ai.MaxDepth {
		return 0, fmt.Errorf("%q is not a depth: want a number of plies from 1 to %d", s, ai.MaxDepth)
	}
	return n, nil
}
