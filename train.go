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
	"github.com/term2048/2048/ai/ntuple/schedule"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/chart"
	"github.com/term2048/2048/tui/dirlock"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/outputs"
	"github.com/term2048/2048/tui/progress"
	"github.com/term2048/2048/tui/trainfiles"
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
type trainOptions struct {
	duration        time.Duration // the run's length, or 0
	episodes        int64         // the run's games, or 0
	design          ntuple.Design
	threads         int
	seed            uint64
	weights         string
	log             string
	plot            string
	resume          bool
	export          string       // with -export, the play file to write, and nothing is trained
	first           string       // the first stage of the network whose second stage is trained or exported
	stageTile       int          // the tile from which the second stage values boards
	starts          int          // how many boards of the first stage's games the second's start from
	initFrom        string       // the file of the network a new training starts from
	step            float64      // -export's step, in points
	tiers           ntuple.Tiers // -export's rounding, by how much play adjusted each weight
	stageShift      *float64     // -export's shift of a second stage's values, or nil to measure it
	coherence       float64      // the last fraction of the run spent in the TC phase
	lambda          float64      // the λ of the λ-returns: 0 for TD(0)
	initial         float64      // the value of every board in a new network
	restart         int          // the length from which a game is played again from its middle
	rate            float64      // the learning rate of the TD phase
	coherenceRate   float64      // the learning rate of the TC phase
	evalEvery       time.Duration
	evalGames       int
	evalDepth       int // the plies of the evaluation's games
	checkpointEvery time.Duration
	set             map[string]bool // the flags given
}

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
// evaluation.
func trainCommand(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	opts, err := parseTrainFlags(args, stdout, stderr)
	if err != nil {
		return err
	}
	if opts.export != "" {
		return exportNetwork(ctx, opts, stdout, stderr)
	}
	lock, err := takeTrainFiles(opts, stderr)
	if err != nil {
		return err
	}
	defer lock.Release()
	// The networks go back to the system as the command returns, however
	// it ends, as they would with its process: run within another program
	// (the tests run it so), it would otherwise leave them mapped until
	// the collector, which does not see them, happens to run (see
	// ntuple.Network.Release).
	//
	// A new second stage starts from its first stage's weights; a resumed
	// one is read, and refused if it is not the stage asked for, first.
	var first *ntuple.Network
	defer func() {
		if first != nil {
			first.Release()
		}
	}()
	if !opts.resume {
		if first, err = openFirstStage(opts); err != nil {
			return err
		}
	}
	checkpoint, history, err := startTraining(opts, first, stderr)
	if err != nil {
		return err
	}
	defer checkpoint.Release()
	if opts.resume {
		if first, err = openFirstStage(opts); err != nil {
			return err
		}
	}
	opts.setState(&checkpoint.State)
	trainer, err := newTrainer(opts, checkpoint)
	if err != nil {
		return err
	}
	// With the coherence tables the schedule may add, which checkpoint
	// does not hold; schedule.Run leaves no goroutine behind.
	defer func() { trainer.Checkpoint().Release() }()
	announceTraining(stderr, opts, trainer, first)
	earlier, meetOn, err := prepareStage(ctx, opts, first, trainer, stderr)
	if err != nil {
		return err
	}
	prog := progress.NewTraining(stderr, isTerminal(stderr), time.Now())
	err = schedule.Run(ctx, trainer, opts.plan(earlier, meetOn), history, trainHooks(opts, stdout, prog))
	prog.End()
	return trainError(err, opts.weights)
}

// newTrainer returns the trainer of the checkpoint c, on the options'
// threads and with their λ.
func newTrainer(o trainOptions, c *ntuple.Checkpoint) (*ntuple.Trainer, error) {
	t, err := ntuple.NewTrainer(c, o.threads)
	if err != nil {
		return nil, err
	}
	return t, t.SetLambda(float32(o.lambda))
}

// plan returns the schedule of the training; earlier and meetOn are the
// first stage of a second stage and the boards where they meet (see
// prepareStage).
func (o *trainOptions) plan(earlier []ntuple.Stage, meetOn []engine.Board) schedule.Plan {
	return schedule.Plan{Duration: o.duration, Episodes: o.episodes, Coherence: o.coherence,
		EvalEvery: o.evalEvery, EvalGames: o.evalGames, EvalPlies: o.evalDepth, Workers: o.threads, CheckpointEvery: o.checkpointEvery,
		Earlier: earlier, MeetOn: meetOn}
}

// takeTrainFiles checks the files the training writes, before anything
// is read or trained, removes what trainings stopped while writing them
// left, and returns the lock of the weights file (see
// trainfiles.LockWeights).
func takeTrainFiles(opts trainOptions, stderr io.Writer) (*dirlock.Lock, error) {
	if err := outputs.Check([]outputs.File{{Flag: "-weights", Path: opts.weights}, {Flag: "-log", Path: opts.log}, {Flag: "-plot", Path: opts.plot}},
		[]outputs.File{{Flag: "-first", Path: opts.first}, {Flag: "-init-from", Path: opts.initFrom}}); err != nil {
		return nil, err
	}
	if err := outputs.Check([]outputs.File{{Flag: "-log", Path: opts.log}, {Flag: "-plot", Path: opts.plot}}, []outputs.File{{Flag: "-weights", Path: opts.weights}}); err != nil {
		return nil, err
	}
	if err := opts.files().Check(); err != nil {
		return nil, err
	}
	lock, err := trainfiles.LockWeights(opts.weights, stderr)
	if err != nil {
		return nil, err
	}
	opts.files().RemoveStale(stderr)
	return lock, nil
}

// files returns the files the training writes.
func (o *trainOptions) files() trainfiles.Files {
	return trainfiles.Files{Weights: o.weights, Curve: o.log, Plot: o.plot}
}

// setState sets in st, the state of the training read or begun, the
// settings of the flags given that the weights file keeps.
func (o *trainOptions) setState(st *ntuple.State) {
	if o.set["restart"] {
		st.Restart = uint32(o.restart)
	}
	if o.set["rate"] {
		st.Rate = float32(o.rate)
	}
	if o.set["coherence-rate"] {
		st.CoherenceRate = float32(o.coherenceRate)
	}
}

// announceTraining says what the training trains and the memory it takes,
// on stderr; first is the first stage of a second stage, or nil.
func announceTraining(stderr io.Writer, o trainOptions, t *ntuple.Trainer, first *ntuple.Network) {
	st := t.State()
	what := fmt.Sprintf("a new %v network", t.Network().Design())
	switch {
	case o.initFrom != "":
		what += " from the weights of " + o.initFrom
	case o.first != "" && !o.set["init"]:
		what += " from the weights of " + o.first
	}
	if st.Episodes > 0 {
		what = fmt.Sprintf("the %v network of %s", t.Network().Design(), describeState(st))
	}
	if st.StageTile != 0 {
		what += fmt.Sprintf(", the second stage (boards from %d) of %s", st.StageTile, o.first)
	}
	fmt.Fprintf(stderr, "train: %s in %s, on %d %s\n", what, o.weights, o.threads, figures.Plural(o.threads, "thread"))
	d := t.Network().Design()
	tc := st.Coherence || o.coherence >= 1 // a phase of the whole run begins with its first game
	size := "train: the network takes " + mebibytes(d.FileBytes(tc)) + " on disk and in memory"
	if o.coherence > 0 && !tc {
		size += ", " + mebibytes(d.FileBytes(true)) + " from the temporal-coherence phase on"
	}
	if first != nil {
		size += "; its first stage " + mebibytes(first.Bytes()) + " more in memory"
	}
	fmt.Fprintln(stderr, size)
}

// mebibytes writes n bytes in MiB, as the sizes of networks are given.
func mebibytes(n int64) string { return figures.Count(n>>20) + " MiB" }

// parseTrainFlags parses the command line of train. It returns an error,
// having printed it, if the command is not to run.
func parseTrainFlags(args []string, stdout, stderr io.Writer) (trainOptions, error) {
	fs := newCommandFlags("2048 train", trainSynopsis, trainAbout, stdout, stderr)
	var o trainOptions
	net := o.define(fs)
	if err := fs.parse(args); err != nil {
		return o, err
	}
	o.set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { o.set[f.Name] = true })
	if fs.NArg() > 0 {
		return o, fs.usageError("unexpected argument %q: train takes only flags", fs.Arg(0))
	}
	d, err := ntuple.ParseDesign(*net)
	if err != nil {
		return o, fs.usageError("-net: %v", err)
	}
	o.design = d
	if o.weights == "" {
		o.weights = evaluators.DefaultWeightsPath()
	}
	if o.export != "" {
		if err := o.checkExport(); err != nil {
			return o, fs.usageError("%v", err)
		}
		return o, nil
	}
	if o.log == "" {
		o.log = strings.TrimSuffix(o.weights, ".weights") + ".curve.csv"
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
	fs.DurationVar(&o.duration, "time", 0, "train for `D` (like 1h or 90m), evaluations and checkpoints included")
	fs.Int64Var(&o.episodes, "episodes", 0, "train on `N` games")
	net = fs.String("net", ntuple.FourBySix.String(), "the network `NET` of a new training: 4x6 (256 MiB) or 8x6 (512 MiB, stronger, slower)")
	fs.IntVar(&o.threads, "threads", runtime.GOMAXPROCS(0), "train on `T` goroutines, which share the network (with -export and -first: play the games that measure where the stages meet)")
	fs.Uint64Var(&o.seed, "seed", 1, "seed the games of a new training with `S`")
	fs.StringVar(&o.weights, "weights", "", "keep the network in `FILE` (default "+displayPath(evaluators.DefaultWeightsPath())+")")
	fs.BoolVar(&o.resume, "resume", false, "go on training the network in the weights file")
	fs.Float64Var(&o.initial, "init", defaultInitial, "start a new network valuing every board at `V` points (0 as ziap/2048-tdl; 320000 is TDL2048's optimistic start)")
	fs.Float64Var(&o.lambda, "lambda", defaultLambda, "learn from λ-returns with λ = `L`, each game walked backwards once played (0: TD(0), after every move)")
	fs.Float64Var(&o.coherence, "coherence", defaultCoherence, "spend the last fraction `F` of the run in the temporal-coherence phase (0: none; it triples the memory)")
	fs.IntVar(&o.restart, "restart", ntuple.DefaultRestart, "play a game of `N` moves or more again from its middle, and that one too (0: never); kept in the weights file")
	fs.Float64Var(&o.rate, "rate", ntuple.DefaultRate, "move each value the fraction `A` of the way to its target, outside the temporal-coherence phase; kept in the weights file")
	fs.Float64Var(&o.coherenceRate, "coherence-rate", ntuple.DefaultCoherenceRate, "in the temporal-coherence phase, move each value the fraction `A` of the way to its target, times each weight's coherence; kept in the weights file")
	fs.DurationVar(&o.evalEvery, "eval-every", defaultEvalEvery, "evaluate the network every `D` (0: only at the end)")
	fs.IntVar(&o.evalGames, "eval-games", defaultEvalGames, "evaluate on `N` games")
	fs.IntVar(&o.evalDepth, "eval-depth", 1, "play the evaluation's games at `N` plies: 1, the move of highest points plus value, or a search so deep")
	fs.DurationVar(&o.checkpointEvery, "checkpoint-every", defaultCheckpointEvery, "write the weights file every `D`")
	fs.StringVar(&o.log, "log", "", "keep the learning curve in the CSV file `FILE` (default: the weights file's name with .curve.csv)")
	fs.StringVar(&o.plot, "plot", "", "draw the learning curve to `FILE` (.png or .svg) after each evaluation")
	fs.StringVar(&o.first, "first", "", "train (or -export) the second stage of the network whose first stage is in `FILE` (a weights or play file)")
	fs.IntVar(&o.stageTile, "stage-tile", ntuple.DefaultStageTile, "with -first: the second stage values the boards that hold tile `N` or more")
	fs.IntVar(&o.starts, "starts", defaultStarts, "with -first: start games from `N` boards where the first stage's games first hold -stage-tile")
	fs.StringVar(&o.initFrom, "init-from", "", "start a new network from the weights of the network in `FILE` (a weights or play file), not from -init")
	fs.StringVar(&o.export, "export", "", "train nothing: write the network of the weights file as the play file `FILE`")
	fs.Float64Var(&o.step, "step", ntuple.DefaultPlayStep, "with -export: round each weight to a multiple of `P` points above its tuple's lowest (0: the finest that fits 16 bits)")
	o.tiers = ntuple.DefaultTiers()
	fs.Func("tiers", "with -export: the rounding, tier by tier, `SHARE:FACTOR,…`: the share of a tuple's weights, those play adjusted most first, and the multiple of the step they are rounded to (default "+
		o.tiers.String()+"; 1:1: every weight to the step)", func(s string) error {
		t, err := ntuple.ParseTiers(s)
		o.tiers = t
		return err
	})
	fs.Func("stage-shift", "with -export and -first: raise the second stage's values by `P` points to meet the first's where it takes over (default auto: by the gap measured on the first stage's games; 0: as trained)", func(s string) error {
		p, err := parseStageShift(s)
		o.stageShift = p
		return err
	})
	return net
}

// check reports what is wrong with the options: the first of trainRules
// that refuses them, or a -plot that cannot be drawn.
func (o *trainOptions) check() error {
	for _, name := range exportOnlyFlags {
		if o.set[name] {
			return fmt.Errorf("-%s goes with -export FILE: a training writes a weights file, not a play file", name)
		}
	}
	for _, rule := range trainRules {
		if err := rule(o); err != nil {
			return err
		}
	}
	if o.plot != "" {
		if err := chart.CheckName(o.plot); err != nil {
			return fmt.Errorf("-plot %s: %w", o.plot, err)
		}
	}
	return nil
}

// trainRules are the checks of a training's options, in order, one a
// line: each returns what is wrong, or nil.
var trainRules = []func(o *trainOptions) error{
	func(o *trainOptions) error {
		return refuse(o.duration == 0 && o.episodes == 0, "give the length of the run: -time D or -episodes N")
	},
	func(o *trainOptions) error {
		return refuse(o.set["time"] && o.set["episodes"], "-time and -episodes both set the length of the run: give one")
	},
	func(o *trainOptions) error {
		return refuse(o.duration < 0 || o.set["time"] && o.duration == 0, "-time %v: want a positive duration", o.duration)
	},
	func(o *trainOptions) error {
		return refuse(o.episodes < 0 || o.set["episodes"] && o.episodes == 0, "-episodes %d: want at least 1 game", o.episodes)
	},
	func(o *trainOptions) error {
		return refuse(o.threads < 1 || o.threads > sim.MaxWorkers, "-threads %d: want 1 to %d", o.threads, sim.MaxWorkers)
	},
	func(o *trainOptions) error {
		return refuse(math.IsNaN(o.lambda) || o.lambda < 0 || o.lambda > 1, "-lambda %g: want a number from 0 to 1", o.lambda)
	},
	func(o *trainOptions) error {
		return refuse(o.restart < 0 || o.restart > maxRestart, "-restart %d: want 0 (never) to %d moves", o.restart, maxRestart)
	},
	func(o *trainOptions) error {
		return refuse(!(o.rate > 0 && o.rate <= 1), "-rate %g: want a fraction above 0, at most 1", o.rate)
	},
	func(o *trainOptions) error {
		return refuse(!(o.coherenceRate > 0 && o.coherenceRate <= 1), "-coherence-rate %g: want a fraction above 0, at most 1", o.coherenceRate)
	},
	func(o *trainOptions) error {
		return refuse(math.IsNaN(o.coherence) || o.coherence < 0 || o.coherence > 1, "-coherence %g: want a fraction from 0 to 1", o.coherence)
	},
	func(o *trainOptions) error {
		return refuse(o.evalEvery < 0, "-eval-every %v: want a positive duration, or 0", o.evalEvery)
	},
	func(o *trainOptions) error {
		return refuse(o.evalGames < 1, "-eval-games %d: want at least 1 game", o.evalGames)
	},
	func(o *trainOptions) error {
		return refuse(o.evalDepth < 1 || o.evalDepth > ai.MaxDepth, "-eval-depth %d: want 1 to %d plies", o.evalDepth, ai.MaxDepth)
	},
	func(o *trainOptions) error {
		return refuse(o.checkpointEvery <= 0, "-checkpoint-every %v: want a positive duration", o.checkpointEvery)
	},
	func(o *trainOptions) error {
		return refuse(o.resume && o.set["seed"], "-seed: a resumed training goes on with the generators of its file")
	},
	func(o *trainOptions) error {
		return refuse(o.resume && o.set["init"], "-init: a resumed training goes on with the network of its file")
	},
	func(o *trainOptions) error {
		return refuse(math.IsNaN(o.initial) || math.Abs(o.initial) > maxInitial, "-init %g: want a value from %g to %g points", o.initial, -maxInitial, maxInitial)
	},
}
