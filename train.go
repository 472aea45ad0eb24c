package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/tui/chart"
	"github.com/term2048/2048/tui/training"
)

const trainSynopsis = `2048 train (-time D | -episodes N) [-net 4x6|8x6] [-threads T] [-seed S]
             [-weights FILE] [-resume] [-init V] [-lambda L] [-coherence F] [-restart N]
             [-rate A] [-coherence-rate A]
             [-eval-every D] [-eval-games N] [-eval-depth N]
             [-checkpoint-every D] [-log FILE] [-plot FILE] [-init-from FILE]
             [-first FILE [-stage-tile N] [-starts N]]
       2048 train -export FILE [-weights FILE] [-first FILE [-stage-tile N] [-stage-shift P]]
             [-step P] [-tiers T] [-threads T]`

const trainAbout = `Train trains the learned evaluator, an n-tuple network, by playing games
against itself. Each game, once played, is walked backwards, each board
after a move moved toward its λ-return (-lambda; 0 learns after every move
instead, TD(0)); each weight learns at a rate of its own that falls as its
errors cancel out (temporal coherence, over the last fraction -coherence
of the run: all of it by default); every board starts at a value of 0
(-init), and long games are played again from their middle (-restart).
"-eval ntuple" then uses the network in hint, sim, bench and the game.

The network and the state of its training are kept in the weights file
(-weights, 256 MiB for 4x6, 512 MiB for 8x6), written atomically every few
minutes, at the end, and on ctrl+c, SIGTERM or SIGQUIT (a second ctrl+c
stops at once, keeping the last checkpoint); -resume continues from it.
A file that is not empty is never replaced by a new network without
-resume, and a second training of the same file is refused while one runs.

Every -eval-every, training pauses for a fixed evaluation: -eval-games
games at one ply (the move of highest points plus value), on the same seeds
each time, whose mean score and 2048, 8192, 16384 and 32768 rates, with 95%
intervals, are printed on stdout and kept in the learning curve (-log, a
CSV file beside the weights; -plot draws it). -eval-depth 3 plays them
with a search 3 plies deep instead, as the game's AI plays: the measure of
a training for play with search, a few hundred times as slow (fewer games:
-eval-games 100). If the values stop being numbers, or the mean score
falls below half its best at the same depth, training stops and the file
keeps the last good network. Progress goes to stderr: the games,
the moves a second, the mean score and the tile rates of the last minute,
the time left.

An hour on two cores is a good first network:
	2048 train -time 1h -plot curve.png

A network of two stages values the late game with a network of its own:
-first FILE trains the second stage, for the boards that hold 16384
(-stage-tile) or more, in games that start where the first stage FILE
first reaches it (-starts such boards), the network starting from the
first stage's weights (or -init-from's); its evaluations play both
stages, the second shifted to meet the first as -export shifts it.
-export with -first writes both stages as one play file, or with
-stage-tile any two networks, the second played from that tile on; it
plays the first stage until it holds the tile, 2,000 times, and raises
the second stage's values by what the two stages' values differ there,
so that a search weighs a move into the second stage fairly
(-stage-shift P shifts it by P points instead, 0 not at all):
	2048 train -weights first.weights -time 1h -restart 0
	2048 train -weights second.weights -first first.weights -time 1h
	2048 train -export both.play -weights second.weights -first first.weights

With -export FILE, train trains nothing: it writes the network of the
weights file as a play file, what a player needs of it and no more (tens of
megabytes, no training state), each weight rounded to a multiple of -step
points above its tuple's lowest, or of several steps for the weights play
adjusted least (-tiers; a smaller file, for a network to ship). The game, hint, sim and bench read either
kind of file; a play file put as ntuple.play in the game's data directory,
beside the weights file, is offered to a player who has no network of their
own.
`

// trainOptions is the parsed command line of train.
type trainOptions struct{ training.Options }

// Defaults of train's flags.
const (
	defaultEvalEvery       = 5 * time.Minute
	defaultEvalGames       = 1000
	defaultCheckpointEvery = 5 * time.Minute
	// defaultCoherence, defaultLambda and defaultInitial are the recipe of
	// ziap/2048-tdl: λ-returns with temporal coherence from the first game,
	// every weight starting at 0. On this project's 2-core machine it made
	// a network of 124,450 at one ply in 10 minutes and 142,068 in 20; the
	// earlier default (TD(0) from an optimistic 320,000, coherence over the
	// second half) had 30,781 at 10 minutes, 107,767 after an hour, and
	// flattened out at about 125,000 (docs/training.md).
	defaultCoherence = 1.0
	defaultLambda    = 0.5
	defaultInitial   = 0.0
	// maxRestart bounds -restart: a game of 2048 lasts at most about
	// 100,000 moves.
	maxRestart = 1 << 20
	// maxInitial bounds -init: no game of 2048 scores 4 million points.
	maxInitial = 4e6
)

// trainCommand runs "2048 train": it trains a network, or goes on training
// one, as args say, and reports on stderr; stdout gets the summary of each
// evaluation. With -export it writes a play file instead (see
// training.Export).
func trainCommand(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	opts, err := parseTrainFlags(args, stdout, stderr)
	if err != nil {
		return err
	}
	if opts.Export != "" {
		return training.Export(ctx, opts.Options, stdout, stderr)
	}
	return training.Run(ctx, opts.Options, stdout, stderr, isTerminal(stderr))
}

// parseTrainFlags parses the command line of train. It returns an error,
// having printed it, if the command is not to run.
func parseTrainFlags(args []string, stdout, stderr io.Writer) (trainOptions, error) {
	fs := newCommandFlags("2048 train", trainSynopsis, trainAbout, stdout, stderr)
	var o trainOptions
	net := o.define(fs)
	if err := fs.parse(args); err != nil {
		return o, err
	}
	o.Given = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { o.Given[f.Name] = true })
	if fs.NArg() > 0 {
		return o, fs.usageError("unexpected argument %q: train takes only flags", fs.Arg(0))
	}
	d, err := ntuple.ParseDesign(*net)
	if err != nil {
		return o, fs.usageError("-net: %v", err)
	}
	o.Design = d
	if o.Weights == "" {
		o.Weights = evaluators.DefaultWeightsPath()
	}
	if o.Export != "" {
		if err := o.checkExport(); err != nil {
			return o, fs.usageError("%v", err)
		}
		return o, nil
	}
	if o.Curve == "" {
		o.Curve = strings.TrimSuffix(o.Weights, ".weights") + ".curve.csv"
	}
	if err := o.check(); err != nil {
		return o, fs.usageError("%v", err)
	}
	if err := o.checkStage(); err != nil {
		return o, fs.usageError("%v", err)
	}
	return o, nil
}

// define adds train's flags to fs, setting o as they are parsed, and
// returns -net, which parseTrainFlags reads.
func (o *trainOptions) define(fs *commandFlags) (net *string) {
	fs.DurationVar(&o.Duration, "time", 0, "train for `D` (like 1h or 90m), evaluations and checkpoints included")
	fs.Int64Var(&o.Episodes, "episodes", 0, "train on `N` games")
	net = fs.String("net", ntuple.FourBySix.String(), "the network `NET` of a new training: 4x6 (256 MiB) or 8x6 (512 MiB, stronger, slower)")
	fs.IntVar(&o.Threads, "threads", runtime.GOMAXPROCS(0), "train on `T` goroutines, which share the network (with -export and -first: play the games that measure where the stages meet)")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed the games of a new training with `S`")
	fs.StringVar(&o.Weights, "weights", "", "keep the network in `FILE` (default "+displayPath(evaluators.DefaultWeightsPath())+")")
	fs.BoolVar(&o.Resume, "resume", false, "go on training the network in the weights file")
	fs.Float64Var(&o.Initial, "init", defaultInitial, "start a new network valuing every board at `V` points (0 as ziap/2048-tdl; 320000 is TDL2048's optimistic start)")
	fs.Float64Var(&o.Lambda, "lambda", defaultLambda, "learn from λ-returns with λ = `L`, each game walked backwards once played (0: TD(0), after every move)")
	fs.Float64Var(&o.Coherence, "coherence", defaultCoherence, "spend the last fraction `F` of the run in the temporal-coherence phase (0: none; it triples the memory)")
	fs.IntVar(&o.Restart, "restart", ntuple.DefaultRestart, "play a game of `N` moves or more again from its middle, and that one too (0: never); kept in the weights file")
	fs.Float64Var(&o.Rate, "rate", ntuple.DefaultRate, "move each value the fraction `A` of the way to its target, outside the temporal-coherence phase; kept in the weights file")
	fs.Float64Var(&o.CoherenceRate, "coherence-rate", ntuple.DefaultCoherenceRate, "in the temporal-coherence phase, move each value the fraction `A` of the way to its target, times each weight's coherence; kept in the weights file")
	fs.DurationVar(&o.EvalEvery, "eval-every", defaultEvalEvery, "evaluate the network every `D` (0: only at the end)")
	fs.IntVar(&o.EvalGames, "eval-games", defaultEvalGames, "evaluate on `N` games")
	fs.IntVar(&o.EvalDepth, "eval-depth", 1, "play the evaluation's games at `N` plies: 1, the move of highest points plus value, or a search so deep")
	fs.DurationVar(&o.CheckpointEvery, "checkpoint-every", defaultCheckpointEvery, "write the weights file every `D`")
	fs.StringVar(&o.Curve, "log", "", "keep the learning curve in the CSV file `FILE` (default: the weights file's name with .curve.csv)")
	fs.StringVar(&o.Plot, "plot", "", "draw the learning curve to `FILE` (.png or .svg) after each evaluation")
	fs.StringVar(&o.First, "first", "", "train (or -export) the second stage of the network whose first stage is in `FILE` (a weights or play file)")
	fs.IntVar(&o.StageTile, "stage-tile", ntuple.DefaultStageTile, "with -first: the second stage values the boards that hold tile `N` or more")
	fs.IntVar(&o.Starts, "starts", defaultStarts, "with -first: start games from `N` boards where the first stage's games first hold -stage-tile")
	fs.StringVar(&o.InitFrom, "init-from", "", "start a new network from the weights of the network in `FILE` (a weights or play file), not from -init")
	fs.StringVar(&o.Export, "export", "", "train nothing: write the network of the weights file as the play file `FILE`")
	fs.Float64Var(&o.Step, "step", ntuple.DefaultPlayStep, "with -export: round each weight to a multiple of `P` points above its tuple's lowest (0: the finest that fits 16 bits)")
	o.Tiers = ntuple.DefaultTiers()
	fs.Func("tiers", "with -export: the rounding, tier by tier, `SHARE:FACTOR,…`: the share of a tuple's weights, those play adjusted most first, and the multiple of the step they are rounded to (default "+
		o.Tiers.String()+"; 1:1: every weight to the step)", func(s string) error {
		t, err := ntuple.ParseTiers(s)
		o.Tiers = t
		return err
	})
	fs.Func("stage-shift", "with -export and -first: raise the second stage's values by `P` points to meet the first's where it takes over (default auto: by the gap measured on the first stage's games; 0: as trained)", func(s string) error {
		p, err := parseStageShift(s)
		o.StageShift = p
		return err
	})
	return net
}

// check reports what is wrong with the options: the first of trainRules
// that refuses them, or a -plot that cannot be drawn.
func (o *trainOptions) check() error {
	for _, name := range exportOnlyFlags {
		if o.Given[name] {
			return fmt.Errorf("-%s goes with -export FILE: a training writes a weights file, not a play file", name)
		}
	}
	for _, rule := range trainRules {
		if err := rule(o); err != nil {
			return err
		}
	}
	if o.Plot != "" {
		if err := chart.CheckName(o.Plot); err != nil {
			return fmt.Errorf("-plot %s: %w", o.Plot, err)
		}
	}
	return nil
}

// trainRules are the checks of a training's options, in order, one a
// line: each returns what is wrong, or nil.
var trainRules = []func(o *trainOptions) error{
	func(o *trainOptions) error {
		return refuse(o.Duration == 0 && o.Episodes == 0, "give the length of the run: -time D or -episodes N")
	},
	func(o *trainOptions) error {
		return refuse(o.Given["time"] && o.Given["episodes"], "-time and -episodes both set the length of the run: give one")
	},
	func(o *trainOptions) error {
		return refuse(o.Duration < 0 || o.Given["time"] && o.Duration == 0, "-time %v: want a positive duration", o.Duration)
	},
	func(o *trainOptions) error {
		return refuse(o.Episodes < 0 || o.Given["episodes"] && o.Episodes == 0, "-episodes %d: want at least 1 game", o.Episodes)
	},
	func(o *trainOptions) error {
		return refuse(o.Threads < 1 || o.Threads > sim.MaxWorkers, "-threads %d: want 1 to %d", o.Threads, sim.MaxWorkers)
	},
	func(o *trainOptions) error {
		return refuse(math.IsNaN(o.Lambda) || o.Lambda < 0 || o.Lambda > 1, "-lambda %g: want a number from 0 to 1", o.Lambda)
	},
	func(o *trainOptions) error {
		return refuse(o.Restart < 0 || o.Restart > maxRestart, "-restart %d: want 0 (never) to %d moves", o.Restart, maxRestart)
	},
	func(o *trainOptions) error {
		return refuse(!(o.Rate > 0 && o.Rate <= 1), "-rate %g: want a fraction above 0, at most 1", o.Rate)
	},
	func(o *trainOptions) error {
		return refuse(!(o.CoherenceRate > 0 && o.CoherenceRate <= 1), "-coherence-rate %g: want a fraction above 0, at most 1", o.CoherenceRate)
	},
	func(o *trainOptions) error {
		return refuse(math.IsNaN(o.Coherence) || o.Coherence < 0 || o.Coherence > 1, "-coherence %g: want a fraction from 0 to 1", o.Coherence)
	},
	func(o *trainOptions) error {
		return refuse(o.EvalEvery < 0, "-eval-every %v: want a positive duration, or 0", o.EvalEvery)
	},
	func(o *trainOptions) error {
		return refuse(o.EvalGames < 1, "-eval-games %d: want at least 1 game", o.EvalGames)
	},
	func(o *trainOptions) error {
		return refuse(o.EvalDepth < 1 || o.EvalDepth > ai.MaxDepth, "-eval-depth %d: want 1 to %d plies", o.EvalDepth, ai.MaxDepth)
	},
	func(o *trainOptions) error {
		return refuse(o.CheckpointEvery <= 0, "-checkpoint-every %v: want a positive duration", o.CheckpointEvery)
	},
	func(o *trainOptions) error {
		return refuse(o.Resume && o.Given["seed"], "-seed: a resumed training goes on with the generators of its file")
	},
	func(o *trainOptions) error {
		return refuse(o.Resume && o.Given["init"], "-init: a resumed training goes on with the network of its file")
	},
	func(o *trainOptions) error {
		return refuse(math.IsNaN(o.Initial) || math.Abs(o.Initial) > maxInitial, "-init %g: want a value from %g to %g points", o.Initial, -maxInitial, maxInitial)
	},
}
