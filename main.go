// Command 2048 is the game 2048 in a terminal, with an AI at your side.
//
// With no arguments it opens the game. Its subcommands are for people who
// study the AI:
//
//	2048 hint BOARD   the AI's choice for one position
//	2048 sim          plays many games and prints statistics
//	2048 bench        measures this machine on fixed positions
//
// Run "2048 -h" or "2048 COMMAND -h" for the flags.
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run runs the command line args and returns the exit status: 0 for
// success, 1 for a failure, 2 for a usage error.
func run(ctx context.Context, args []string, stdin *os.File, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "hint":
			return hintCommand(ctx, args[1:], stdout, stderr)
		case "sim":
			return simCommand(ctx, args[1:], stdout, stderr)
		case "bench":
			return benchCommand(ctx, args[1:], stdout, stderr)
		}
	}
	return playCommand(ctx, args, stdin, stdout, stderr)
}
