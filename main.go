// Command 2048 is the game 2048 in a terminal, with an AI at your side.
//
// With no arguments it opens the game; 2048 practice opens it on the
// practice, puzzles from the player's own games. Its other subcommands
// are for people who study the AI:
//
//	2048 hint BOARD   the AI's choice for one position
//	2048 sim          plays many games and prints statistics
//	2048 bench        measures this machine on fixed positions
//	2048 review FILE  rates every move of a game against the AI
//	2048 train        trains the learned evaluator, an n-tuple network
//
// and 2048 serve plays the game over SSH, in a build with -tags serve.
//
// Run "2048 -h" or "2048 help COMMAND" for the flags, "2048 --version" for
// the version.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	// A closed terminal (SIGHUP: a closed window, a dropped SSH session),
	// kill, kill -QUIT, and ctrl+c or ctrl+\ outside the game's raw mode
	// end the program as q does: the game saves and restores the terminal
	// before it exits, a training writes its checkpoint, sim reports the
	// games it finished. Go's own handler of SIGQUIT would end the program
	// at once with its goroutines' stacks, the terminal left raw and the
	// game unsaved; SIGABRT still does that, for debugging.
	//
	// Once one of them has come, the signals are the system's again: a
	// second ctrl+c ends a program that takes too long to end (a training
	// writing its checkpoint) at once, and the files it was writing stay
	// as they were before (they are written atomically).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	context.AfterFunc(ctx, stop)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// A headless command runs with the arguments after its name, reads stdin
// if it reads anything (stdin is nil when there is none), and writes its
// results to stdout, its progress and errors to stderr.
type headless func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error

// commands are the headless commands by name.
var commands = map[string]headless{
	"hint":   hintCommand,
	"sim":    simCommand,
	"bench":  benchCommand,
	"review": reviewCommand,
	"train":  trainCommand,
	"serve":  serveCommand,
}

// run runs the command line args and returns the exit status (see
// exitCode). The game reads its keys from stdin.
func run(ctx context.Context, args []string, stdin *os.File, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "help" { // "2048 help [COMMAND]" is "2048 [COMMAND] -h"
		args = append(args[1:min(len(args), 2)], "-h")
	}
	name, err := "2048", error(nil)
	if firstArg(args) == "practice" {
		name, err = "2048 practice", practiceCommand(ctx, args[1:], stdin, stdout, stderr)
	} else if cmd, ok := commands[firstArg(args)]; ok {
		name += " " + args[0]
		var in io.Reader
		if stdin != nil {
			in = stdin // not a nil *os.File in an interface
		}
		err = cmd(ctx, args[1:], in, stdout, stderr)
	} else {
		err = playCommand(ctx, args, stdin, stdout, stderr)
	}
	var usage *usageError
	if err != nil && !errors.Is(err, flag.ErrHelp) && !errors.As(err, &usage) {
		fmt.Fprintf(stderr, "%s: %v\n", name, err) // a usage error is printed with the usage
	}
	return exitCode(err)
}

// firstArg returns args[0], or "" if there is none.
func firstArg(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}
