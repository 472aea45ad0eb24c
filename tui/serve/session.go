//go:build serve

package serve

import (
	"context"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/term2048/2048/tui"
)

// This file holds a session's requests: a terminal (pty-req), some of its
// environment (env), its sizes (window-change), and the shell, which plays
// the game. A command (exec), a subsystem (sftp), X11, an agent, signals and
// anything else are refused.

// A session is the session channel of a connection: the terminal its
// client asked for, and the game played on it.
type session struct {
	ch      ssh.Channel
	screen  *screen // ch, as the game writes to it
	lim     Limits
	playing bool         // the shell was asked for: the terminal and the environment are set
	term    string       // TERM, from the pty request; "" without a terminal
	size    tui.Size     // the window's size at the start, bounded by lim
	width   atomic.Int64 // the window's width as last told: the lines after the game wrap to it
	env     []string     // what the client sent of envNames
	resized chan tui.Size
	player  string                  // the fingerprint of the player's key, once the shell is asked for
	name    playerName              // the player's name on the leaderboards, for the log
	hangUp  context.CancelCauseFunc // ends the game, for the cause given
}

// envNames are the variables of the client's environment the game takes:
// its colours and its locale. TERM comes with the terminal.
var envNames = []string{"COLORTERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE"}

// The sizes of what a client may send of its environment.
const (
	maxEnvValue = 128 // bytes of a value
	maxTermName = 64  // bytes of TERM
)

// closeWait is how long a client has to close its side of the session once
// the game has ended and said why, before its connection is closed.
const closeWait = 2 * time.Second

// serveSession serves the requests of the session ch until its client
// closes it, or its game ends: the shell request plays the game, on a
// goroutine, with the terminal asked for before it. A session that asks
// for no shell within the handshake's time is closed.
func (s *Server) serveSession(ctx context.Context, sc *ssh.ServerConn, ch ssh.Channel, reqs <-chan *ssh.Request, addr string) {
	defer ch.Close()
	sess := &session{ch: ch, screen: newScreen(ch), lim: s.lim, resized: make(chan tui.Size, 1)}
	ctx, hangUp := context.WithCancelCause(ctx)
	sess.hangUp = hangUp
	var game sync.WaitGroup
	defer game.Wait()
	defer hangUp(errDisconnected) // the client went first: the game saves and ends
	shell := make(chan struct{})
	late := time.AfterFunc(s.lim.Handshake, func() {
		select {
		case <-shell:
		default:
			sc.Close()
		}
	})
	defer late.Stop()
	for req := range reqs {
		ok := sess.handle(req)
		if req.WantReply {
			req.Reply(ok, nil)
		}
		if req.Type == "shell" && ok {
			close(shell)
			sess.playing = true
			game.Go(func() {
				s.play(ctx, hangUp, sc, sess, addr)
				ch.Close()
				time.AfterFunc(closeWait, func() { sc.Close() }) // if the client does not close its side
			})
		}
	}
}

// handle answers req: whether it is granted. A request the session does
// not take is refused; a command or a subsystem is told why first.
func (sess *session) handle(req *ssh.Request) bool {
	switch req.Type {
	case "pty-req":
		return !sess.playing && sess.terminal(req.Payload)
	case "env":
		return !sess.playing && sess.setEnv(req.Payload)
	case "window-change":
		return sess.windowChange(req.Payload)
	case "shell":
		return !sess.playing
	case "exec", "subsystem":
		say(sess.ch.Stderr(), onlyTheGame)
	}
	return false // x11-req, auth-agent-req@openssh.com, signal, break, …
}

// onlyTheGame says what the server does, to a client that asked for a
// command or a subsystem.
const onlyTheGame = "This server plays 2048 and nothing else: connect with ssh -t, and no command."

// terminal takes a pty request: TERM and the window's size.
func (sess *session) terminal(payload []byte) bool {
	var r struct {
		Term                    string
		Columns, Rows, Wpx, Hpx uint32
		Modes                   string
	}
	if sess.term != "" || ssh.Unmarshal(payload, &r) != nil || !termName(r.Term) {
		return false
	}
	sess.term, sess.size = r.Term, sess.bound(r.Columns, r.Rows)
	sess.width.Store(int64(sess.size.Width))
	return true
}

// windowChange takes the window's new size, if the session has a
// terminal; a size the game has not taken yet is replaced.
func (sess *session) windowChange(payload []byte) bool {
	var r struct{ Columns, Rows, Wpx, Hpx uint32 }
	if sess.term == "" || ssh.Unmarshal(payload, &r) != nil {
		return false
	}
	size := sess.bound(r.Columns, r.Rows)
	sess.width.Store(int64(size.Width))
	for {
		select {
		case sess.resized <- size:
			return true
		default:
		}
		select {
		case <-sess.resized: // the game has not taken it: this one replaces it
		default:
		}
	}
}

// bound returns the size of a window of columns × rows as the game draws
// it: no larger than the limits, and 80 × 24 for a size of zero (a client
// that does not know).
func (sess *session) bound(columns, rows uint32) tui.Size {
	if columns == 0 || rows == 0 {
		return tui.Size{Width: 80, Height: 24}
	}
	return tui.Size{Width: int(min(columns, uint32(sess.lim.Width))), Height: int(min(rows, uint32(sess.lim.Height)))}
}

// setEnv takes a variable of the client's environment if the game reads
// it, once, with a short printable value.
func (sess *session) setEnv(payload []byte) bool {
	var kv struct{ Name, Value string }
	if ssh.Unmarshal(payload, &kv) != nil || !slices.Contains(envNames, kv.Name) || len(kv.Value) > maxEnvValue || !printable(kv.Value) {
		return false
	}
	if slices.ContainsFunc(sess.env, func(e string) bool { return strings.HasPrefix(e, kv.Name+"=") }) {
		return false
	}
	sess.env = append(sess.env, kv.Name+"="+kv.Value)
	return true
}

// environ returns the terminal's environment as the game reads it.
func (sess *session) environ() []string {
	return append(slices.Clone(sess.env), "TERM="+sess.term)
}

// getenv returns the variable name of the terminal's environment.
func (sess *session) getenv(name string) string {
	for _, e := range sess.environ() {
		if v, ok := strings.CutPrefix(e, name+"="); ok {
			return v
		}
	}
	return ""
}

// termName reports whether s can be the name of a terminal type: letters,
// digits and - . _ +, at most maxTermName bytes. No path, nor anything
// else of the client's, is taken for one (terminal libraries look names
// up in files).
func termName(s string) bool {
	ok := func(r rune) bool {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-._+", r)
	}
	return s != "" && len(s) <= maxTermName && !strings.ContainsFunc(s, func(r rune) bool { return !ok(r) })
}

// printable reports whether s is printable ASCII: no escape sequence of a
// client reaches a log or a screen through TERM or the environment.
func printable(s string) bool {
	return !strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r > '~' })
}
