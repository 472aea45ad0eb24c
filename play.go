package main

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/term2048/2048/theme"
	"github.com/term2048/2048/tui"
)

const playSynopsis = `2048 [-seed N] [-depth N|auto] [-theme NAME] [-color auto|truecolor|256|16|none]
            [-new] [-autoplay] [-speed D]`

const playAbout = `2048 plays in the terminal; the saved game resumes. Other commands:
  2048 hint [flags] BOARD   the AI's choice for one position
  2048 sim [flags]          play many games and print statistics
  2048 bench [flags]        measure this machine on fixed positions

Keys: arrows move, h hint, space plays the hint, a autoplay, + - 0 depth,
[ ] autoplay speed, u undo, n new game, t theme, ? help, q quit.
`

// playCommand opens the game in the terminal.
func playCommand(ctx context.Context, args []string, stdin *os.File, stdout, stderr io.Writer) error {
	fs := newCommandFlags("2048", playSynopsis, playAbout, stderr)
	seed := fs.Uint64("seed", 0, "play the game of this `seed` (starts a new game)")
	depth := fs.depthFlag(tui.MaxDepth, "")
	themeName := fs.String("theme", theme.Default().Name, "colour `theme`: "+strings.Join(theme.Names(), ", "))
	colorName := fs.String("color", "auto", "colours: auto, truecolor, 256, 16 or none (NO_COLOR in the environment means none)")
	fresh := fs.Bool("new", false, "start a new game instead of resuming the saved one")
	autoplay := fs.Bool("autoplay", false, "let the AI play from the start")
	speed := fs.Duration("speed", 200*time.Millisecond, "the least time between two moves of the AI (0: as fast as it thinks)")
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fs.usageError("unknown command %q", fs.Arg(0))
	}
	th, err := theme.ByName(*themeName)
	if err != nil {
		return fs.usageError("-theme: %v", err)
	}
	color, err := tui.ParseColor(*colorName)
	if err != nil {
		return fs.usageError("-color: %v", err)
	}
	if color == tui.ColorAuto && os.Getenv("NO_COLOR") != "" {
		color = tui.ColorNone // no-color.org: any non-empty value
	}
	if *speed < 0 {
		return fs.usageError("-speed %v: want a duration of 0 or more", *speed)
	}
	if stdin == nil || !term.IsTerminal(int(stdin.Fd())) {
		return errors.New("the game needs a terminal, and standard input is not one.\n" +
			"Without a terminal, try 2048 hint, 2048 sim or 2048 bench (2048 -h says more).")
	}
	store := tui.DefaultStore()
	cfg := tui.Config{
		Seed: *seed, NewGame: *fresh || *seed != 0, Depth: depth.plies, Theme: th, Color: color,
		Autoplay: *autoplay, Speed: *speed, Store: &store,
	}
	return tui.Run(ctx, cfg, stdin, stdout)
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
