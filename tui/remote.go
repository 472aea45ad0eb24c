package tui

import (
	"context"
	"io"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
)

// A Terminal is a player's terminal at the other end of a connection (a
// session of 2048 serve): its keys, its screen, what its environment says
// of it, and its size. Nothing of the process's own terminal or
// environment is read for it.
type Terminal struct {
	In  io.Reader // the player's keys
	Out io.Writer // the player's screen
	// Env is the terminal's environment, as its client sent it, TERM
	// included: TERM, COLORTERM and NO_COLOR decide its colours when the
	// Config's Color is ColorAuto.
	Env []string
	// Width and Height are its size at the start, in cells.
	Width, Height int
	// Resized brings its sizes as they change; nil if they never do.
	Resized <-chan Size
}

// A Size is the size of a terminal, in cells.
type Size struct{ Width, Height int }

// remoteFPS is the frame rate of a game on a remote terminal: half the
// local one, since every frame of every player's game wakes a server up,
// and the network's delay dwarfs the 8 ms more a frame may wait.
const remoteFPS = 60

// remoteSpinnerFPS is the rate of the spinner that turns while the AI
// thinks, on a remote terminal. Each turn is a message, a view drawn, and
// while the AI thinks a frame compared with the last and sent; on a busy
// server the searches wait their turn in the pool, and every waiting
// player's spinner turns meanwhile. Five a second, not the spinner's
// twelve, still shows that the AI is at work.
const remoteSpinnerFPS = 5

// RunRemote plays the game on the terminal t, as Run does on the process's
// own, until the player quits or ctx is done, and saves it whichever way
// it ends; with a Store, a game that holds it already makes RunRemote
// return a *RunningError at once. Unlike Run, it leaves the process alone:
// ctrl+z does not suspend it (a server's process plays the games of other
// players too), and the colours, the keys' encoding and the size are t's.
func RunRemote(ctx context.Context, cfg Config, t Terminal) error {
	return run(ctx, cfg, t.In, t.Out, &t)
}

// A remoteLink joins a program to a remote terminal: it gives the
// program the terminal's environment and size, keeps it from suspending the
// process, and forwards it the terminal's sizes as they change.
type remoteLink struct {
	term  *Terminal
	sized chan struct{} // closed once the program has given the model its first size
	once  sync.Once
}

// newRemoteLink returns the link of a program to t.
func newRemoteLink(t *Terminal) *remoteLink {
	return &remoteLink{term: t, sized: make(chan struct{})}
}

// adapt makes the game of m fit for a remote terminal: its spinner turns
// at remoteSpinnerFPS, and ctrl+z, which suspends nothing there, is off.
func (r *remoteLink) adapt(m *Model) {
	m.ai.spin.Spinner.FPS = time.Second / remoteSpinnerFPS
	m.keys.Suspend.SetEnabled(false) // the help must not offer what filter refuses
}

// options returns the options of a program that plays on the terminal.
func (r *remoteLink) options() []tea.ProgramOption {
	return []tea.ProgramOption{
		tea.WithEnvironment(r.term.Env),
		tea.WithWindowSize(r.term.Width, r.term.Height),
		tea.WithFPS(remoteFPS),
		tea.WithFilter(r.filter),
	}
}

// filter sees every message before the model. It notes the first size the
// program gives the model, and keeps the program from suspending: a
// suspension stops the whole process, and the process of a server is not
// the player's to stop. The game saved already when it asked (see
// suspend), and goes on.
func (r *remoteLink) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch msg.(type) {
	case tea.WindowSizeMsg:
		r.once.Do(func() { close(r.sized) })
	case tea.SuspendMsg:
		return tea.ResumeMsg{}
	}
	return msg
}

// forwardSizes sends the program each size of the terminal as it comes,
// until done is closed or the sizes end. It waits for the program's first
// size, which the program sends of itself when it starts: a size forwarded
// before it would be taken, then undone by it.
func (r *remoteLink) forwardSizes(p *tea.Program, done <-chan struct{}) {
	select {
	case <-r.sized:
	case <-done:
		return
	}
	for {
		select {
		case <-done:
			return
		case s, ok := <-r.term.Resized:
			if !ok {
				return
			}
			p.Send(tea.WindowSizeMsg{Width: s.Width, Height: s.Height})
		}
	}
}
