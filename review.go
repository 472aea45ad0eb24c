package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"sync/atomic"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/gamefile"
	"github.com/term2048/2048/tui/progress"
)

const reviewSynopsis = "2048 review [-depth N|auto] [-time D] [-eval NAME [-weights FILE]] [-workers W] [-worst N] [-json] FILE"

// reviewAbout returns the help of review, with the thresholds of the
// verdicts as package review has them.
func reviewAbout() string {
	return fmt.Sprintf(`Review rates every move of a game as a chess engine reviews a game: for
each move, the AI's value of each direction, the move played against the
best one, the loss (how far the played move's value falls behind the best's,
as the hint panel shows it) and a verdict:

	best        the AI's move, or one worth as much
	good        a loss under %s
	inaccuracy  a loss under %s
	mistake     a loss under %s
	blunder     a loss of %s or more, or a move that loses the game at
	            once while another move would not
	forced      the only legal move

The accuracy of the game measures the player's moves against chance: 100%%
if none was worse than good, 0%% if they were no better on the whole than
moves picked at random. Moves the AI made (autoplay, played hints), when
the file says which, are left out of it.

Each position is searched -depth plies deep (%d by default: a game of 2,000
moves takes seconds on two cores; %d with -eval ntuple, whose values are
points to come, so that the report tells each loss in points too), one
position a worker, so the review is the same on every machine; with -time,
for that long a move, which depends on the machine.

FILE is a game the game saved ($XDG_STATE_HOME/2048/game.json), a line of
the history of finished games ($XDG_DATA_HOME/2048/history.jsonl), the
output of 2048 sim -games 1 -json or one game line of 2048 sim -json, or
"-" to read one of these from stdin:
	2048 sim -games 1 -seed 7 -player greedy -json | 2048 review -
	tail -n 1 ~/.local/share/2048/history.jsonl | 2048 review -

The text report gives the accuracy, the count of each verdict and the worst
moves with their boards; -json prints one JSON document with the summary
and every move, one a line. Progress goes to stderr. Ctrl+C stops the
review and reports the moves reviewed so far, with exit status 130.
`, thresholdPercent(review.GoodLoss), thresholdPercent(review.InaccuracyLoss),
		thresholdPercent(review.MistakeLoss), thresholdPercent(review.MistakeLoss), review.DefaultDepth, review.NetworkDepth)
}

// thresholdPercent writes a threshold of the verdicts as a percentage with
// the digits it has: 0.1%, 5%.
func thresholdPercent(f float64) string { return strconv.FormatFloat(100*f, 'g', 4, 64) + "%" }

// reviewOptions is the parsed command line of review.
type reviewOptions struct {
	path    string
	setting review.Setting // its Eval opened after the flags are read
	eval    *evalFlags
	depth   bool // -depth given: else the evaluator's default depth
	workers int
	worst   int
	json    bool
}

// reviewCommand runs "2048 review": it reads the game in FILE, reviews it
// and prints the review on stdout. If ctx is cancelled (by ctrl+c) before
// the end, it reports the moves reviewed so far and returns an
// interruption.
func reviewCommand(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	opts, err := parseReviewFlags(args, stdout, stderr)
	if err != nil {
		return err
	}
	switch {
	case opts.path == "-" && stdin == nil:
		return badFile(stderr, errors.New("-: there is no stdin to read the game from"))
	case opts.path == "-" && isTerminalInput(stdin):
		return badFile(stderr, errors.New(stdinIsTerminal))
	}
	if opts.setting.Eval, err = opts.eval.open(); err != nil {
		return err
	}
	defer releaseEvaluator(opts.setting.Eval) // Run has returned: no search of it is left
	if !opts.depth && opts.setting.Time <= 0 {
		opts.setting.Depth = review.DefaultSetting(opts.setting.Eval).Depth
	}
	file, err := readGameFile(ctx, opts.path, stdin)
	if errors.Is(err, errInterrupted) {
		return err
	}
	if err != nil {
		return badFile(stderr, err)
	}

	var done atomic.Int64
	prog := progress.StartMoves(stderr, isTerminal(stderr), "review", len(file.Game.Moves), &done)
	rev, runErr := review.Run(ctx, file.Game, review.Options{Setting: opts.setting, Workers: opts.workers,
		OnMove: func(review.Move) { done.Add(1) }})
	prog.Stop()
	if rev == nil { // the game does not replay
		return badFile(stderr, fmt.Errorf("%s: %w", opts.path, runErr))
	}
	if opts.json {
		err = review.WriteJSON(stdout, file.About, rev)
	} else {
		err = writeReviewText(stdout, file, rev, opts.worst)
	}
	switch {
	case err != nil:
		return err
	case runErr != nil && ctx.Err() != nil:
		return fmt.Errorf("%w; the report covers the first %s of %s moves", errInterrupted,
			figures.Count(len(rev.Moves)), figures.Count(rev.Total))
	}
	return runErr
}

// stdinIsTerminal is the error of "review -" typed at a terminal, which
// would wait for a game to be typed.
const stdinIsTerminal = `- reads a game from standard input, which is a terminal here: pipe one in, e.g.
	2048 sim -games 1 -json | 2048 review -
	tail -n 1 ~/.local/share/2048/history.jsonl | 2048 review -
or give the game's FILE`

// badFile prints what is wrong with the game file and returns it as an
// error of status 2, as for a bad argument: the file is at fault, not the
// program.
func badFile(stderr io.Writer, err error) error {
	fmt.Fprintf(stderr, "2048 review: %v\n", err)
	return &usageError{err.Error()}
}

// parseReviewFlags parses the command line of review. It returns an error
// if the command is not to run, having printed why.
func parseReviewFlags(args []string, stdout, stderr io.Writer) (reviewOptions, error) {
	fs := newCommandFlags("2048 review", reviewSynopsis, reviewAbout(), stdout, stderr)
	depth := fs.depthFlagFrom(review.DefaultDepth, ai.MaxDepth, "")
	budget := fs.Duration("time", 0, "search each position ply by ply for at most `D` (like 50ms), no deeper than -depth if set")
	o := reviewOptions{eval: fs.evalFlags()}
	fs.IntVar(&o.workers, "workers", runtime.GOMAXPROCS(0), "search `W` positions at once, one thread each")
	fs.IntVar(&o.worst, "worst", 5, "show the `N` worst moves with their boards")
	fs.BoolVar(&o.json, "json", false, "print the review and every move as one JSON document")
	rest, err := fs.parseInterspersed(args)
	if err != nil {
		return o, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case len(rest) == 0:
		return o, fs.usageError("no game file given")
	case len(rest) > 1:
		return o, fs.usageError("review takes one game file; got %d arguments", len(rest))
	case *budget < 0:
		return o, fs.usageError("-time %v: want a positive duration", *budget)
	case o.workers < 1 || o.workers > maxReviewWorkers:
		return o, fs.usageError("-workers %d: want 1 to %d", o.workers, maxReviewWorkers)
	case o.worst < 0:
		return o, fs.usageError("-worst %d: want 0 or more", o.worst)
	}
	if err := o.eval.check(); err != nil {
		return o, err
	}
	o.path = rest[0]
	o.depth = set["depth"]
	o.setting = review.Setting{Depth: depth.plies, Time: *budget}
	if set["time"] && !set["depth"] {
		o.setting.Depth = ai.Auto // -time alone deepens as far as the time allows
	}
	return o, nil
}

// readGameFile reads the game in the file at path, or in stdin for "-",
// until ctx is done. Every error says what is wrong with the file.
func readGameFile(ctx context.Context, path string, stdin io.Reader) (gamefile.File, error) {
	var data []byte
	var err error
	if path == "-" {
		data, err = readStdin(ctx, stdin, gamefile.MaxSize)
	} else {
		data, err = regularfile.ReadFile(path, gamefile.MaxSize)
	}
	switch {
	case errors.Is(err, errInterrupted):
		return gamefile.File{}, err
	case errors.Is(err, regularfile.ErrTooLarge):
		return gamefile.File{}, fmt.Errorf("%s is larger than %d MB: not a game", path, gamefile.MaxSize>>20)
	case err != nil:
		return gamefile.File{}, fmt.Errorf("%s: %w", path, withoutPath(err))
	}
	g, err := gamefile.Parse(data)
	if err != nil {
		return gamefile.File{}, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// maxReviewWorkers bounds -workers: each worker has a small table of its
// own, and more workers than cores only share them.
const maxReviewWorkers = 256
