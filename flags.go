package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/term2048/2048/ai"
)

// newFlagSet returns the flag set of the command name, whose usage prints
// synopsis, then about, then the flags. Errors and usage go to stderr.
func newFlagSet(name, synopsis, about string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("2048 "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: %s\n\n%s\nflags:\n", synopsis, about)
		fs.PrintDefaults()
	}
	return fs
}

// parseStatus returns the exit status for an error of fs.Parse, which has
// already printed the error and the usage: 0 for -h, 2 for anything else.
func parseStatus(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}

// usageError prints the command's name and the message, then its usage, and
// returns the exit status of a usage error.
func usageError(fs *flag.FlagSet, format string, args ...any) int {
	fmt.Fprintf(fs.Output(), "%s: %s\n", fs.Name(), fmt.Sprintf(format, args...))
	fs.Usage()
	return 2
}

// parseInterspersed parses flags wherever they are among args, so that
// "2048 hint BOARD -json" works as well as "2048 hint -json BOARD", and
// returns the other arguments. Everything after "--" is an argument.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		n := len(args) - fs.NArg()
		if n > 0 && args[n-1] == "--" {
			return append(rest, fs.Args()...), nil
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		rest, args = append(rest, args[0]), args[1:]
	}
}

// depthFlag is a -depth flag: plies from 1 to ai.MaxDepth, or "auto" for
// ai.Auto, which lets each position decide.
type depthFlag int

// String returns the depth as the flag is written.
func (d *depthFlag) String() string {
	if *d == ai.Auto {
		return "auto"
	}
	return strconv.Itoa(int(*d))
}

// Set reads a depth written as a number of plies or "auto".
func (d *depthFlag) Set(s string) error {
	if s == "auto" {
		*d = ai.Auto
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > ai.MaxDepth {
		return fmt.Errorf("want a number of plies from 1 to %d, or auto", ai.MaxDepth)
	}
	*d = depthFlag(n)
	return nil
}

// depthUsage returns the usage of a -depth flag.
func depthUsage() string {
	return fmt.Sprintf("search `N` plies deep (N player moves and N-1 spawn layers), 1 to %d, or auto: "+
		"nneonneo's rule, max(3, distinct tiles - 2) + 1", ai.MaxDepth)
}

// evalUsage is the usage of an -eval flag.
const evalUsage = "score the leaves of the search with the evaluator `NAME` (listed above)"

// evaluatorList returns the evaluators' names and summaries, for the usage
// text of the commands that take -eval.
func evaluatorList() string {
	var sb strings.Builder
	sb.WriteString("Evaluators:\n")
	for _, e := range ai.Evaluators() {
		fmt.Fprintf(&sb, "\t%-8s  %s\n", e.Name, e.Summary)
	}
	return sb.String()
}

// defaultEval is the name of the default evaluator.
func defaultEval() string { return ai.Evaluators()[0].Name }
