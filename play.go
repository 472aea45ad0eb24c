package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/term2048/2048/theme"
	"github.com/term2048/2048/tui"
)

const playUsage = `Usage:
  2048 [flags]           play in the terminal (the saved game resumes)
  2048 hint [flags] BOARD   the AI's choice for one position
  2048 sim [flags]          play many games and print statistics
  2048 bench [flags]        measure this machine on fixed positions

Keys: arrows move, h hint, space plays the hint, a autoplay, + - 0 depth,
[ ] autoplay speed, u undo, n new game, t theme, ? help, q quit.

Flags:
`

// playCommand opens the game in the terminal.
func playCommand(ctx context.Context, args []string, stdin *os.File, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("2048", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), playUsage)
		fs.PrintDefaults()
	}
	seed := fs.Uint64("seed", 0, "play the game of this `seed` (starts a new game)")
	depth := newDepthFlag(tui.MaxDepth)
	fs.Var(depth, "depth", fmt.Sprintf("the AI's search `depth` in plies: a number from 1 to %d, or auto (default auto)", tui.MaxDepth))
	themeName := fs.String("theme", theme.Default().Name, "colour `theme`: "+strings.Join(theme.Names(), ", "))
	colorName := fs.String("color", "auto", "colours: auto, truecolor, 256, 16 or none (NO_COLOR in the environment means none)")
	fresh := fs.Bool("new", false, "start a new game instead of resuming the saved one")
	autoplay := fs.Bool("autoplay", false, "let the AI play from the start")
	speed := fs.Duration("speed", 200*time.Millisecond, "the least time between two moves of the AI (0: as fast as it thinks)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	usageError := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "2048: "+format+"\n\n", a...)
		fs.Usage()
		return 2
	}
	if fs.NArg() > 0 {
		return usageError("unknown command %q", fs.Arg(0))
	}
	th, err := theme.ByName(*themeName)
	if err != nil {
		return usageError("-theme: %v", err)
	}
	color, err := tui.ParseColor(*colorName)
	if err != nil {
		return usageError("-color: %v", err)
	}
	if color == tui.ColorAuto && os.Getenv("NO_COLOR") != "" {
		color = tui.ColorNone // no-color.org: any non-empty value
	}
	if *speed < 0 {
		return usageError("-speed %v: want a duration of 0 or more", *speed)
	}
	if !term.IsTerminal(int(stdin.Fd())) {
		fmt.Fprintln(stderr, "2048: the game needs a terminal, and standard input is not one.\n"+
			"Without a terminal, try 2048 hint, 2048 sim or 2048 bench (2048 -h says more).")
		return 1
	}
	store := tui.DefaultStore()
	cfg := tui.Config{
		Seed: *seed, NewGame: *fresh || *seed != 0, Depth: depth.plies, Theme: th, Color: color,
		Autoplay: *autoplay, Speed: *speed, Store: &store,
	}
	if err := tui.Run(ctx, cfg, stdin, stdout); err != nil {
		fmt.Fprintln(stderr, "2048:", err)
		return 1
	}
	return 0
}
