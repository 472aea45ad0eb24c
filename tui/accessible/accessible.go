// Package accessible plays the game by ear: in lines of plain text, for a
// screen reader, or for a script that reads the game's output and sends it
// keys. Nothing is drawn: no alternate screen, no cursor movement, no
// colour, no box drawing, no spinner. Each move says the move, its new
// tile, the board a row a line and the score; the hint is a sentence with
// the verdicts of the game's own; the screens of the game (the help, the
// statistics, the review) are said as lines.
//
// It is the same game as the full screen's, played through its model (see
// tui.RunFront): the player's data taken for this game alone, the game
// saved after every move and recorded in the history when left.
package accessible

import (
	"context"
	"io"
	"os"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/tui"
)

// Wanted reports whether the environment getenv reads asks for this mode,
// as Charm's huh reads it: ACCESSIBLE set to a true value ("1", "true").
func Wanted(getenv func(string) string) bool {
	on, err := strconv.ParseBool(getenv("ACCESSIBLE"))
	return err == nil && on
}

// Run plays the game of cfg by ear, reading keys from in and saying the
// game on out, until the player quits, in comes to its end, or ctx is
// done (the caller cancels it on the signals that end the program). On a
// terminal, in is read a key at a time, and its mode given back however
// the game ends; from a pipe, keys are read as they come, and the game
// quits once the answer to the last key has been said. The game is saved
// whichever way it ends, as tui.Run saves it.
func Run(ctx context.Context, cfg tui.Config, in io.Reader, out io.Writer) error {
	cfg.Animate, cfg.Still, cfg.Color = false, true, tui.ColorNone
	return tui.RunFront(ctx, cfg, out, "run 2048 -accessible", func(s *tui.Session) error {
		return play(ctx, s, cfg, in, out)
	})
}

// play runs the program of the session s, said in lines on out.
func play(ctx context.Context, s *tui.Session, cfg tui.Config, in io.Reader, out io.Writer) error {
	eol := "\n"
	if f, ok := in.(*os.File); ok && isTerminal(f) {
		restore, err := rawMode(f)
		if err != nil {
			return err
		}
		defer restore()
		if isTerminal(out) {
			eol = "\r\n" // a terminal in raw mode only moves down on a newline
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // the review under way
	say := newPrinter(out, eol)
	f := newFront(ctx, s, cfg.Store, say)
	var p *tea.Program
	if !isTerminal(in) {
		in = &endReader{r: in, ended: func() { p.Send(inputEndedMsg{}) }}
	}
	p = tea.NewProgram(f, tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithoutRenderer(), tea.WithoutSignalHandler(),
		tea.WithWindowSize(modelWidth, modelHeight))
	stopQuitting := context.AfterFunc(ctx, p.Quit)
	defer stopQuitting()
	_, err := p.Run()
	if sayErr := say.close(); err == nil && sayErr != nil {
		return sayErr
	}
	return err
}
