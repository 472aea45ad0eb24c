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

// A commandFlags is the flag set of a command and its help. A bad flag
// prints the error and a short usage, the synopsis, so that the error stays
// in sight; -h prints the whole help: the synopsis, about, and the flags.
type commandFlags struct {
	*flag.FlagSet
	synopsis string
	about    string
}

// newCommandFlags returns the flags of the command name. Errors and help go
// to stderr.
func newCommandFlags(name, synopsis, about string, stderr io.Writer) *commandFlags {
	c := &commandFlags{flag.NewFlagSet("2048 "+name, flag.ContinueOnError), synopsis, about}
	c.SetOutput(stderr)
	c.Usage = func() {} // status prints the usage that fits
	return c
}

// shortUsage prints the synopsis and where to find more.
func (c *commandFlags) shortUsage() {
	fmt.Fprintf(c.Output(), "usage: %s\nRun '%s -h' for help.\n", c.synopsis, c.Name())
}

// help prints the whole help.
func (c *commandFlags) help() {
	fmt.Fprintf(c.Output(), "usage: %s\n\n%s\nflags:\n", c.synopsis, c.about)
	c.PrintDefaults()
}

// parse parses args and returns -1 if the command is to run, else its exit
// status (see status).
func (c *commandFlags) parse(args []string) int { return c.status(c.Parse(args)) }

// parseInterspersed is parse for flags anywhere among args, so that
// "2048 hint BOARD -json" works as well as "2048 hint -json BOARD". It also
// returns the other arguments; everything after "--" is one.
func (c *commandFlags) parseInterspersed(args []string) ([]string, int) {
	var rest []string
	for {
		if err := c.Parse(args); err != nil {
			return nil, c.status(err)
		}
		n := len(args) - c.NArg()
		if n > 0 && args[n-1] == "--" {
			return append(rest, c.Args()...), -1
		}
		args = c.Args()
		if len(args) == 0 {
			return rest, -1
		}
		rest, args = append(rest, args[0]), args[1:]
	}
}

// status returns -1 for a nil error of Parse, else the exit status: 0 after
// printing the help for -h, 2 after the short usage for a bad flag, whose
// error the flag package has printed.
func (c *commandFlags) status(err error) int {
	switch {
	case err == nil:
		return -1
	case errors.Is(err, flag.ErrHelp):
		c.help()
		return 0
	}
	c.shortUsage()
	return 2
}

// usageError prints the command's name and the message, then the short
// usage, and returns the exit status of a usage error.
func (c *commandFlags) usageError(format string, args ...any) int {
	fmt.Fprintf(c.Output(), "%s: %s\n", c.Name(), fmt.Sprintf(format, args...))
	c.shortUsage()
	return 2
}

// depthFlag is a -depth flag: plies from 1 to max, or "auto" for ai.Auto,
// which lets each position decide.
type depthFlag struct {
	plies int // the depth, or ai.Auto
	max   int // the deepest depth Set accepts
}

// newDepthFlag returns a depth flag set to auto that accepts up to max plies.
func newDepthFlag(max int) *depthFlag { return &depthFlag{plies: ai.Auto, max: max} }

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

// depthUsage returns the usage of a -depth flag of the headless commands.
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
