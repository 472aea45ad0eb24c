package tui

import (
	"context"
	"errors"
	"fmt"
	"io"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/tui/dirlock"
	"github.com/term2048/2048/tui/playerdata"
)

// A RunningError says that another game holds the store: only one game at
// a time may use its files.
type RunningError struct {
	PID int    // the other game's process ID; 0 if unknown
	Dir string // the state directory it holds
}

// Error says that a game is already running, and which.
func (e *RunningError) Error() string {
	who := "a game is already running"
	if e.PID != 0 {
		who = fmt.Sprintf("a game is already running (PID %d)", e.PID)
	}
	return who + ": quit it first; only one game at a time can use " + e.Dir
}

// A ColorMode says which colours to draw with.
type ColorMode int

// The colour modes of the -color flag.
const (
	ColorAuto ColorMode = iota // as the terminal says
	ColorTrue                  // 24-bit colour
	Color256                   // the xterm 256-colour palette
	Color16                    // the 16 ANSI colours
	ColorNone                  // no colour: tiles in boxes
)

var colorNames = []string{"auto", "truecolor", "256", "16", "none"}

// ParseColor returns the mode named by s: auto, truecolor, 256, 16 or none.
func ParseColor(s string) (ColorMode, error) {
	for i, n := range colorNames {
		if s == n {
			return ColorMode(i), nil
		}
	}
	return 0, fmt.Errorf("unknown colour mode %q: want auto, truecolor, 256, 16 or none", s)
}

// String returns the mode as the -color flag writes it.
func (c ColorMode) String() string { return colorNames[c] }

// profile returns the colour profile c forces, and whether it forces one.
func (c ColorMode) profile() (colorprofile.Profile, bool) {
	switch c {
	case ColorTrue:
		return colorprofile.TrueColor, true
	case Color256:
		return colorprofile.ANSI256, true
	case Color16:
		return colorprofile.ANSI, true
	case ColorNone:
		return colorprofile.ASCII, true
	}
	return colorprofile.TrueColor, false
}

// maxFPS is the highest frame rate Bubble Tea allows.
const maxFPS = 120

// measureWidths measures the width of a box-drawing line as the renderer
// will, for the sake of what that costs the first time: a terminal that does
// not report Unicode widths has every cell above U+02FF measured by a table
// of all Unicode that the width library fills on first use, about 8 ms that
// delayed the first frame. Run starts it on its own goroutine, which ends
// with it, while the screen is set up; the renderer waits for the table only
// if it is not yet filled.
//
// It only warms a cache: if it panicked, the renderer would measure the
// same line later, under Bubble Tea's recovery, which restores the
// terminal; so a panic here is dropped rather than left to end the program
// with the terminal raw.
func measureWidths() {
	defer func() { _ = recover() }()
	ansi.StringWidthWc("╭─╮│")
}

// Run plays the game on the terminal in and out until the player quits or
// ctx is done (the caller cancels it on the signals that end the program),
// and saves it whichever way it ends. The terminal is restored,
// even after a panic.
//
// With a Store, Run first takes the player's data for this game alone
// (playerdata.Store.Lock): if another game holds it, Run returns a
// *RunningError at once, having read and written nothing.
func Run(ctx context.Context, cfg Config, in io.Reader, out io.Writer) error {
	return run(ctx, cfg, in, out, nil)
}

// run is Run, on the terminal of a player across a network (see RunRemote)
// if remote is not nil.
func run(ctx context.Context, cfg Config, in io.Reader, out io.Writer, remote *Terminal) error {
	go measureWidths()
	return playSession(ctx, cfg, out, remote, comeBack(remote), func(m *Model) error {
		var link *remoteLink
		if remote != nil {
			link = newRemoteLink(remote)
			link.adapt(m)
		}
		return runProgram(ctx, m, programOptions(cfg.Color, in, out, link), link)
	})
}

// playSession takes the player's data, plays the game of cfg with play, which
// runs the model's program, and saves it and says goodbye on out whichever
// way it ends, with again for how to come back (see Run).
func playSession(ctx context.Context, cfg Config, out io.Writer, remote *Terminal, again string, play func(*Model) error) error {
	release, lockErr := lockStore(cfg.Store)
	var held *RunningError
	if errors.As(lockErr, &held) {
		return held
	}
	defer release()
	m := New(ctx, cfg)
	if lockErr != nil {
		m.warn("Another 2048 started now could overwrite this game's files: " + lockErr.Error())
	}
	err := play(m)
	m.shutdown()
	// A setting changed just before the end may not be written yet: its
	// write's command may be under way, or never have run.
	if prefsErr := m.writes.Flush(); prefsErr != nil {
		fmt.Fprintln(out, "Preferences not saved: "+prefsErr.Error())
	}
	// The screen said so while the game went on; the terminal the game
	// leaves behind must say it too, and its exit status, or the game is
	// lost in silence.
	var unsaved error
	if m.saveErr != nil {
		unsaved = fmt.Errorf("the game was not saved: %w", m.saveErr)
	}
	if unsaved = errors.Join(unsaved, m.unrecordedError()); unsaved != nil {
		return unsaved
	}
	switch {
	case remote == nil:
		fmt.Fprintln(out, m.farewell(again))
	case ctx.Err() == nil: // else the server ended the game, and its own line says why
		// Wrapped at the player's width, between words: their terminal
		// would cut the line wherever it reaches the edge.
		w, _ := m.look.size()
		fmt.Fprintln(out, ansi.Wordwrap(m.farewell(again), w, "")) // on a terminal closed already, it goes nowhere
	}
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil // interrupted from outside: saved, nothing to report
	}
	if err != nil {
		return fmt.Errorf("running the game: %w", err)
	}
	return nil
}

// comeBack says how a player comes back to the game: "run 2048", or,
// on a remote terminal, "connect again".
func comeBack(remote *Terminal) string {
	if remote != nil {
		return "connect again"
	}
	return "run 2048"
}

// lockStore takes the player's data for this game alone (see
// playerdata.Store.Lock), and returns the function that gives it back. If
// another game holds it, the error is a *RunningError; if it cannot be
// taken at all, the error says why, and the game plays on, unguarded, with
// the player told.
func lockStore(s playerdata.Store) (release func(), err error) {
	if s == nil {
		return func() {}, nil
	}
	release, err = s.Lock()
	var held *dirlock.HeldError
	if errors.As(err, &held) {
		return func() {}, &RunningError{PID: held.PID, Dir: held.Path}
	}
	return release, err
}

// runProgram runs the Bubble Tea program of m on the terminal in and out
// until the player quits or ctx is done.
//
// The signals are ctx's: the command cancels it on SIGINT, SIGTERM, SIGHUP
// and SIGQUIT, and the game then quits as q does. Bubble Tea's own handler
// of SIGINT and SIGTERM would race with it: when ctx won, the handler
// blocked on sending its quit message to a program that had stopped
// reading, and the program never exited. Nor is ctx given to Bubble Tea: a
// program whose context ends is killed, and a killed program closes its
// input while its reading goroutine may still be in a read (a data race in
// Bubble Tea v2.1.1 the race detector saw on SIGHUP). A quit lets that
// goroutine finish first.
//
// The renderer writes what changed once a frame, and the first frame once
// the first frame's time has passed: at Bubble Tea's highest rate, 120 a
// second, a key's effect and the first screen reach the terminal up to
// 8 ms sooner than at its default 60 (a frame with nothing new writes
// nothing: idle, the game uses no measurable CPU either way).
func runProgram(ctx context.Context, m *Model, opts []tea.ProgramOption, remote *remoteLink) error {
	p := tea.NewProgram(m, opts...)
	stopQuitting := context.AfterFunc(ctx, p.Quit)
	defer stopQuitting()
	if remote != nil {
		done := make(chan struct{})
		defer close(done)
		go remote.forwardSizes(p, done)
	}
	_, err := p.Run()
	return err
}

// programOptions returns the options of the program that plays on in and
// out: the colours of color, and what a remote terminal says of itself.
func programOptions(color ColorMode, in io.Reader, out io.Writer, remote *remoteLink) []tea.ProgramOption {
	opts := []tea.ProgramOption{tea.WithInput(in), tea.WithOutput(out), tea.WithoutSignalHandler(), tea.WithFPS(maxFPS)}
	if remote != nil {
		opts = append(opts, remote.options()...)
		if color == ColorAuto {
			opts = append(opts, tea.WithColorProfile(colorprofile.Env(remote.term.Env)))
		}
	}
	if p, ok := color.profile(); ok {
		opts = append(opts, tea.WithColorProfile(p))
	}
	return opts
}
