package tui

import (
	"context"
	"errors"
	"fmt"
	"io"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

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

// Run plays the game on the terminal in and out until the player quits or
// ctx is done, and saves it whichever way it ends. The terminal is restored,
// even after a panic.
func Run(ctx context.Context, cfg Config, in io.Reader, out io.Writer) error {
	m := New(ctx, cfg)
	opts := []tea.ProgramOption{tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out)}
	if p, ok := cfg.Color.profile(); ok {
		opts = append(opts, tea.WithColorProfile(p))
	}
	_, err := tea.NewProgram(m, opts...).Run()
	m.shutdown()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil // interrupted from outside: saved, nothing to report
	}
	if err != nil {
		return fmt.Errorf("running the game: %w", err)
	}
	return nil
}
