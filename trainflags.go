package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/tui/chart"
	"github.com/term2048/2048/tui/figures"
)

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

// defaultStarts is how many boards of the first stage's games a second
// stage's games start from (-starts): enough that no start comes back
// often (a game from one lasts thousands of moves, with random tiles), and
// found in about a minute on two cores.
const defaultStarts = 10_000

// checkStage reports what is wrong with the options of a second stage:
// -stage-tile and -starts go with -first, and -init-from with a new
// network, not with -init.
func (o *trainOptions) checkStage() error {
	switch {
	case o.First == "" && (o.Given["stage-tile"] || o.Given["starts"]):
		return errors.New("-stage-tile and -starts go with -first FILE, the first stage of the network whose second stage is trained")
	case o.First != "":
		if err := checkStageTile(o.StageTile); err != nil {
			return err
		}
		if o.Starts < 1 || o.Starts > maxStarts {
			return fmt.Errorf("-starts %d: want 1 to %s boards", o.Starts, figures.Count(maxStarts))
		}
	}
	switch {
	case o.InitFrom != "" && o.Resume:
		return errors.New("-init-from: a resumed training goes on with the network of its file")
	case o.InitFrom != "" && o.Given["init"]:
		return errors.New("-init and -init-from both say where a new network starts: give one")
	}
	return nil
}

// checkStageTile reports a -stage-tile that is not a tile a second stage
// can begin at.
func checkStageTile(tile int) error {
	if tile < 4 || tile > 32768 || tile&(tile-1) != 0 {
		return fmt.Errorf("-stage-tile %d: want a tile from 4 to 32768", tile)
	}
	return nil
}

// maxStarts bounds -starts: each costs a game of the first stage.
const maxStarts = 1_000_000

// parseStageShift parses -stage-shift: auto, nil, or a number of points.
func parseStageShift(s string) (*float64, error) {
	if s == "auto" {
		return nil, nil
	}
	p, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(p) || math.Abs(p) > maxInitial {
		return nil, fmt.Errorf("want auto, or a number of points from %g to %g", -maxInitial, maxInitial)
	}
	return &p, nil
}

// exportFlags are the flags -export accepts.
var exportFlags = []string{"export", "first", "stage-tile", "stage-shift", "step", "threads", "tiers", "weights"}

// exportOnlyFlags are the flags that only -export takes.
var exportOnlyFlags = []string{"stage-shift", "step", "tiers"}

// checkExport reports what is wrong with the options of -export: only
// exportFlags go with it, and -stage-tile and -stage-shift only with
// -first.
func (o *trainOptions) checkExport() error {
	for name := range o.Given {
		if !slices.Contains(exportFlags, name) {
			return fmt.Errorf("-%s: -export writes the network of the weights file and trains nothing: it takes only -weights, -first, -stage-tile, -stage-shift, -step, -tiers and -threads", name)
		}
	}
	if (o.Given["stage-tile"] || o.Given["stage-shift"]) && o.First == "" {
		return errors.New("-stage-tile and -stage-shift go with -first FILE, the first stage of the network exported")
	}
	if o.Threads < 1 || o.Threads > sim.MaxWorkers {
		return fmt.Errorf("-threads %d: want 1 to %d", o.Threads, sim.MaxWorkers)
	}
	if err := checkStageTile(o.StageTile); err != nil {
		return err
	}
	if math.IsNaN(o.Step) || o.Step < 0 || o.Step > math.MaxFloat32 {
		return fmt.Errorf("-step %g: want a number of points, 0 or above (0: the finest step that fits)", o.Step)
	}
	return nil
}
