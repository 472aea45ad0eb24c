package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/tui/airace"
)

// A usageError is a mistake in the command line, which the command has
// printed with its short usage.
type usageError struct{ msg string }

// Error returns the mistake.
func (e *usageError) Error() string { return e.msg }

// A commandFlags is the flag set of a command and its help. A bad flag
// prints the error and a short usage, the synopsis, so that the error stays
// in sight; -h prints the whole help: the synopsis, about, and the flags.
type commandFlags struct {
	*flag.FlagSet
	synopsis string
	about    string
	stdout   io.Writer // where -h prints the help
}

// newCommandFlags returns the flags of the command name ("2048" for the
// game, "2048 sim" for sim). The help asked for with -h goes to stdout, to
// be read or piped to a pager; errors and the short usage after them go to
// stderr.
func newCommandFlags(name, synopsis, about string, stdout, stderr io.Writer) *commandFlags {
	c := &commandFlags{flag.NewFlagSet(name, flag.ContinueOnError), synopsis, about, stdout}
	c.SetOutput(stderr)
	c.Usage = func() {} // failed prints the usage that fits
	return c
}

// shortUsage prints the synopsis and where to find more.
func (c *commandFlags) shortUsage() {
	fmt.Fprintf(c.Output(), "usage: %s\nRun '%s -h' for help.\n", c.synopsis, c.Name())
}

// help prints the whole help on stdout.
func (c *commandFlags) help() {
	stderr := c.Output()
	c.SetOutput(c.stdout) // for PrintDefaults
	defer c.SetOutput(stderr)
	fmt.Fprintf(c.stdout, "usage: %s\n\n%s\nflags:\n", c.synopsis, c.about)
	c.PrintDefaults()
}

// parse parses args. It returns nil if the command is to run, else the
// error to return: flag.ErrHelp after printing the help for -h, a usage
// error after printing the flag's error and the short usage for a bad flag.
func (c *commandFlags) parse(args []string) error { return c.failed(c.parseQuietly(args)) }

// parseQuietly is Parse with the flag package's own message of a bad flag
// silenced: failed prints it, after the command's name, as the commands
// print their other errors.
func (c *commandFlags) parseQuietly(args []string) error {
	out := c.Output()
	c.SetOutput(io.Discard)
	defer c.SetOutput(out)
	return c.Parse(args)
}

// parseInterspersed is parse for flags anywhere among args, so that
// "2048 hint BOARD -json" works as well as "2048 hint -json BOARD". It also
// returns the other arguments; everything after "--" is one. A board
// written with "-" for its empty cells ("- 2 - - / …") is one of them, not
// a flag (see boardLike).
func (c *commandFlags) parseInterspersed(args []string) ([]string, error) {
	var rest []string
	for len(args) > 0 {
		if c.boardLike(args[0]) {
			rest, args = append(rest, args[0]), args[1:]
			continue
		}
		j := c.nextBoard(args)
		others, done, err := c.parseUpTo(args[:j])
		if err != nil {
			return nil, err
		}
		rest = append(rest, others...)
		if done {
			return append(rest, args[j:]...), nil
		}
		args = args[j:]
	}
	return rest, nil
}

// parseUpTo parses the flags of args, which holds no board like a flag,
// anywhere among them, and returns the other arguments; done reports that
// args ended with "--" or after it, the rest of the command line then
// being arguments too.
func (c *commandFlags) parseUpTo(args []string) (rest []string, done bool, err error) {
	for {
		if err := c.parseQuietly(args); err != nil {
			return nil, false, c.failed(err)
		}
		n := len(args) - c.NArg()
		if n > 0 && args[n-1] == "--" {
			return append(rest, c.Args()...), true, nil
		}
		args = c.Args()
		if len(args) == 0 {
			return rest, false, nil
		}
		rest, args = append(rest, args[0]), args[1:]
	}
}

// nextBoard returns the index of the first argument of args that is a board
// like a flag and not the value of the flag before it, len(args) if none
// comes before "--".
func (c *commandFlags) nextBoard(args []string) int {
	for k := 0; k < len(args); k++ {
		a := args[k]
		switch {
		case a == "--":
			return len(args)
		case c.boardLike(a):
			return k
		case strings.HasPrefix(a, "-") && !strings.Contains(a, "="):
			if f := c.Lookup(strings.TrimLeft(a, "-")); f != nil && !isBoolFlag(f) {
				k++ // its value
			}
		}
	}
	return len(args)
}

// boardLike reports whether arg, which the flag package would take for a
// flag, is a board with "-" for its empty cells: it begins with "-", holds
// a space or a "/", and names no flag of c.
func (c *commandFlags) boardLike(arg string) bool {
	if !strings.HasPrefix(arg, "-") || arg == "--" || !strings.ContainsAny(arg, " /") {
		return false
	}
	name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
	return c.Lookup(name) == nil
}

// isBoolFlag reports whether f takes no value, as -json does.
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// failed returns what parse returns for an error of Parse.
func (c *commandFlags) failed(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		c.help()
		return err
	}
	msg := flagProblem(err)
	fmt.Fprintf(c.Output(), "%s: %s\n", c.Name(), msg)
	c.shortUsage()
	return &usageError{msg}
}

// flagProblem returns the flag package's message of a bad flag with the
// name the user typed quoted, as Go writes a string: a name holding an
// escape sequence or an invisible character shows what it holds, instead
// of its escape reaching the terminal. The package quotes bad values
// itself.
func flagProblem(err error) string {
	msg := err.Error()
	for _, prefix := range []string{"flag provided but not defined: ", "flag needs an argument: ", "bad flag syntax: "} {
		if name, ok := strings.CutPrefix(msg, prefix); ok {
			return prefix + strconv.Quote(name)
		}
	}
	return msg
}

// usageError prints the command's name and the message, then the short
// usage, and returns the message as a usage error.
func (c *commandFlags) usageError(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	fmt.Fprintf(c.Output(), "%s: %s\n", c.Name(), msg)
	c.shortUsage()
	return &usageError{msg}
}

// refuse returns the error of format and args if bad holds, else nil: a
// line of a table of the checks of a command's options.
func refuse(bad bool, format string, args ...any) error {
	if bad {
		return fmt.Errorf(format, args...)
	}
	return nil
}

// depthFlag is a -depth flag: plies from 1 to max, or "auto" for ai.Auto,
// which lets each position decide.
type depthFlag struct {
	plies int // the depth, or ai.Auto
	max   int // the deepest depth Set accepts
}

// newDepthFlag adds to c a -depth flag set to auto that accepts up to max
// plies, with the usage the commands share and extra appended.
func (c *commandFlags) depthFlag(max int, extra string) *depthFlag {
	return c.depthFlagFrom(ai.Auto, max, extra)
}

// depthFlagFrom is depthFlag with the default plies, ai.Auto or a depth.
func (c *commandFlags) depthFlagFrom(plies, max int, extra string) *depthFlag {
	d := &depthFlag{plies: plies, max: max}
	if plies == ai.Auto {
		extra += " (default auto)" // the flag package writes no default that is the zero value
	}
	c.Var(d, "depth", fmt.Sprintf("search `N` plies deep (N player moves and N-1 spawn layers), 1 to %d, or auto: "+
		"nneonneo's rule, max(3, distinct tiles - 2) + 1; with -eval ntuple, %d, and %d from %d distinct tiles%s",
		max, ntuple.AutoPlies, ntuple.LatePlies, ntuple.LateTiles, extra))
	return d
}

// String returns the depth as the flag is written.
func (d *depthFlag) String() string {
	if d == nil || d.plies == ai.Auto {
		return "auto"
	}
	return strconv.Itoa(d.plies)
}

// Set reads a depth written as a number of plies or "auto".
func (d *depthFlag) Set(s string) error {
	if s == "auto" {
		d.plies = ai.Auto
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > d.max {
		return fmt.Errorf("want a number of plies from 1 to %d, or auto", d.max)
	}
	d.plies = n
	return nil
}

// evalFlags are the -eval and -weights flags of a command whose AI
// evaluates boards.
type evalFlags struct {
	name    string // the evaluator: one of ai.Evaluators, or ntupleEval
	weights string // the weights file of ntupleEval
	flags   *commandFlags
}

// evalFlags adds to c the -eval and -weights flags.
func (c *commandFlags) evalFlags() *evalFlags {
	e := &evalFlags{flags: c}
	c.StringVar(&e.name, "eval", ai.Evaluators()[0].Name, "score the leaves of the search with the evaluator `NAME` (listed above)")
	c.StringVar(&e.weights, "weights", "", "with -eval "+ntupleEval+": read the network from `FILE` (default "+displayPath(evaluators.DefaultWeightsPath())+")")
	return e
}

// check returns a usage error, printed, if the flags name no evaluator, or
// if -weights is given to another than the network.
func (e *evalFlags) check() error {
	if e.weights != "" && e.name != ntupleEval {
		return e.flags.usageError("-weights: only -eval %s reads weights", ntupleEval)
	}
	if e.name == ntupleEval {
		return nil
	}
	if _, err := ai.LookupEvaluator(e.name); err != nil { // open builds it
		return e.flags.usageError("-eval: %v, or %s", err, ntupleEval)
	}
	return nil
}

// open returns the evaluator the flags name, which check has accepted:
// for the network, the one read from its weights file, or an error that
// says how to train one or what is wrong with the file.
func (e *evalFlags) open() (ai.Evaluator, error) {
	eval, err := evaluators.Open(e.name, e.weights)
	if errors.Is(err, evaluators.ErrNoWeights) {
		return nil, fmt.Errorf("%w, or give -weights FILE", err)
	}
	return eval, err
}

// evaluatorList returns the evaluators' names and summaries, for the usage
// text of the commands that take -eval.
func evaluatorList() string {
	var sb strings.Builder
	sb.WriteString("Evaluators:\n")
	for _, e := range ai.Evaluators() {
		fmt.Fprintf(&sb, "\t%-8s  %s\n", e.Name, e.Summary)
	}
	fmt.Fprintf(&sb, "\t%-8s  %s\n", ntupleEval, ntupleSummary)
	return sb.String()
}

// raceAIFlag is the -race-ai flag: alone, a race against an AI as
// accurate as the player; with a depth, against the AI searching that
// many plies.
type raceAIFlag struct {
	on    bool
	depth int // 0: as accurate as the player
}

// raceAIFlag adds to c the -race-ai flag.
func (c *commandFlags) raceAIFlag() *raceAIFlag {
	r := &raceAIFlag{}
	c.Var(r, "race-ai", fmt.Sprintf("race the AI from the start, on the same tiles; -race-ai=N: the AI searches N plies, %d to %d "+
		"(alone: as accurate as your last reviewed games; v in the game races it too)", airace.MinDepth, airace.MaxDepth))
	return r
}

// IsBoolFlag lets -race-ai stand alone.
func (r *raceAIFlag) IsBoolFlag() bool { return true }

// String returns the flag as it is written.
func (r *raceAIFlag) String() string {
	switch {
	case r == nil || !r.on:
		return "false"
	case r.depth == 0:
		return "true"
	}
	return strconv.Itoa(r.depth)
}

// Set reads true (alone), false, or a depth.
func (r *raceAIFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if b, berr := strconv.ParseBool(s); err != nil && berr == nil { // true or false, not 1 or 0: depths
		r.on, r.depth = b, 0
		return nil
	}
	if err != nil || n < airace.MinDepth || n > airace.MaxDepth {
		return fmt.Errorf("want a depth from %d to %d plies, or none for an AI as accurate as you", airace.MinDepth, airace.MaxDepth)
	}
	r.on, r.depth = true, n
	return nil
}

// code returns what the game types at the race's prompt: the depth, or
// nothing.
func (r *raceAIFlag) code() string {
	if r.depth == 0 {
		return ""
	}
	return strconv.Itoa(r.depth)
}
