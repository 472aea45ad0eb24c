//go:build serve

package serve

import (
	"context"
	"errors"
	"fmt"
	"github.com/charmbracelet/x/ansi"
	"io"
	"log/slog"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/term2048/2048/tui"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/settings"
)

// This file plays the game of a session, and says how it ended.
//
// A second session of the same key is refused, with a message on its
// screen, as a second local game on the same files is (the ledger holds the
// player's data for the first, ledger.DB.Hold): the game in progress stays
// where it is, on the screen that plays it, and no two screens ever play,
// save and record the same game. Resuming it in the second session would
// need the two to share one model, or the first to be closed under its
// player's hands by anyone holding the key; a connection that dropped
// without closing is found out by the keep-alive within a minute, and its
// game saved, so the player's next attempt gets in.

// The causes of a game's end, other than the player's quitting.
var (
	errShutdown     = errors.New("the server is shutting down")
	errDisconnected = errors.New("the client disconnected")
	errStalled      = errors.New("the client took no output")
	errHoldLost     = errors.New("the server lost its hold of the player's data")
)

// An idleError ends a game with no key for the idle timeout.
type idleError struct{ after time.Duration }

// Error says for how long no key came.
func (e *idleError) Error() string { return fmt.Sprintf("no key for %v", e.after) }

// play plays the game of the session sess, for the player who logged in
// on sc, until the player quits or ctx is done (with the cause hangUp gave
// it), and tells the client how it ended: a line on the screen and the
// exit status.
func (s *Server) play(ctx context.Context, hangUp context.CancelCauseFunc, sc *ssh.ServerConn, sess *session, addr string) {
	fingerprint := sc.Permissions.Extensions[extFingerprint]
	sess.player = fingerprint
	log := s.playerLog(fingerprint, &sess.name, addr)
	switch {
	case sess.term == "":
		log.Info("session refused", "reason", "no terminal")
		say(sess.ch.Stderr(), "2048 needs a terminal: connect with ssh -t.")
		exit(sess.ch, 1)
		return
	case !s.enter():
		log.Info("session refused", "reason", "full", "sessions", s.cfg.MaxSessions)
		say(sess.ch, fmt.Sprintf("2048: the server is full, %d games are being played. Try again in a few minutes.", s.cfg.MaxSessions))
		exit(sess.ch, 1)
		return
	}
	defer s.leave()
	sess.name.learn(s.ledger, fingerprint)
	start := time.Now()
	log.Info("session start", "term", sess.term, "width", sess.size.Width, "height", sess.size.Height)
	id := sc.Permissions.Extensions[extPlayer]
	err := s.game(ctx, hangUp, sc, sess, id, log)
	end, code := s.ending(ctx, err, fingerprint, id)
	log.Info("session end", "duration", time.Since(start).Round(time.Millisecond), "reason", endReason(ctx, err))
	if end != "" {
		// Between words, at the player's width: their terminal would cut
		// it wherever it reaches the edge.
		say(sess.screen, ansi.Wordwrap(end, int(sess.width.Load()), ""))
	}
	exit(sess.ch, code)
}

// game runs the game of the player id on the terminal of sess until it
// ends, and returns its error; a panic of the game is logged and returned
// as an error.
func (s *Server) game(ctx context.Context, hangUp context.CancelCauseFunc, sc *ssh.ServerConn, sess *session, id string, log *slog.Logger) (err error) {
	defer func() {
		if v := recover(); v != nil {
			log.Error("session panic", "panic", v, "stack", string(debug.Stack()))
			err = fmt.Errorf("the server failed: %v", v)
		}
	}()
	store, err := s.store(id)
	if err != nil {
		return err
	}
	in := newKeys(sess.ch, s.lim.KeyRate, s.lim.KeyBurst, ctx.Done(), hangUp)
	stop := s.watch(in, sess.screen, hangUp, sc)
	defer stop()
	t := tui.Terminal{In: in, Out: sess.screen, Env: sess.environ(), Width: sess.size.Width, Height: sess.size.Height, Resized: sess.resized}
	races := s.races.For(id)
	defer races.Close() // however the game ended: a race it left open is lost, and the friend told
	cfg := s.gameConfig(store, sess, log)
	cfg.Races = races
	return s.runGame(ctx, cfg, t)
}

// store returns the files of the player id: those an earlier server kept
// in the game's four directories under players/id (see imports.go), which
// no longer exist for a player who came after it. Nothing is written
// there but the renaming of those files once imported.
func (s *Server) store(id string) (*playerdata.Files, error) {
	dir := filepath.Join(s.players, id)
	return &playerdata.Files{
		Shown:     dir,
		StateDir:  filepath.Join(dir, "state"),
		DataDir:   filepath.Join(dir, "data"),
		ConfigDir: filepath.Join(dir, "config"),
		CacheDir:  filepath.Join(dir, "cache"),
	}, nil
}

// gameConfig returns the game of a player of store on the terminal of
// sess: their data and their preferences in the ledger, the terminal's
// colours and locale, the pool's AI, and tiles that do not slide: a slide
// is a dozen frames drawn, each as costly as a move, which took the median
// key-to-screen time of 60 players on a loaded server from some 20 ms to
// 220 (docs/serve-tests.md).
func (s *Server) gameConfig(store *playerdata.Files, sess *session, log *slog.Logger) tui.Config {
	data := s.dataOf(sess, store, log)
	prefs := settings.LoadFrom(data.Prefs())
	for i, p := range prefs.Problems { // shown whole in the help, where they name no server's path
		prefs.Problems[i] = data.ForPlayer(p)
	}
	color := tui.ColorAuto
	if sess.getenv("NO_COLOR") != "" {
		color = tui.ColorNone // no-color.org: any value
	}
	return tui.Config{
		Depth: prefs.Depth, Theme: prefs.Theme, Color: color, Speed: prefs.Speed, Animate: prefs.Animate, Coach: prefs.Coach,
		Store: data, Prefs: prefs, Pool: s.pool, ASCII: tui.ASCIILocale(sess.getenv), Still: true,
		SecretSeeds: true, DailySeed: s.ledger.DailySeed, DailyPuzzles: s.dailies,
		GamesPerMinute: gamesPerMinute,
	}
}

// gamesPerMinute is the most games a player may leave in a minute: each
// is written to their history and ranked, and waits for the disk.
// Restarting a bad start again and again takes a few a minute.
const gamesPerMinute = 10

// ending returns the line that tells the player of the key of fingerprint,
// whose directory is id, why the game ended, "" when the game said it (the
// player quit), and the exit status.
func (s *Server) ending(ctx context.Context, err error, fingerprint, id string) (string, uint32) {
	var running *tui.RunningError
	var idle *idleError
	var input *inputError
	cause := context.Cause(ctx)
	switch {
	case errors.As(err, &running):
		return fmt.Sprintf("2048: your game is open in another session of this key (%s). "+
			"Only one session at a time plays it: go back to that one, or quit it, and connect again. "+
			"A session whose connection dropped ends by itself within %v%s.", fingerprint, 2*s.lim.KeepAlive, s.serverGone()), 1
	case errors.Is(cause, errHoldLost):
		return "2048: this server lost touch with its database for longer than it may keep your game, " +
			"so another server may have it now: this session ends, and writes nothing more. " +
			"Connect again to play on from your last move saved.", 1
	case err != nil:
		return "2048: " + s.shown(err.Error(), id), 1
	case errors.Is(cause, errShutdown):
		return "2048: the server is shutting down. Your game is saved: connect again later to play on.", 0
	case errors.As(cause, &idle):
		return fmt.Sprintf("2048: %v, so the server let you go. Your game is saved: connect again to play on.", idle), 0
	case errors.As(cause, &input):
		return fmt.Sprintf("2048: %v, so the server let you go. Your game is saved.", input), 1
	}
	return "", 0
}

// serverGone says, where servers share the ledger, how long the session
// of a server that stopped keeps the player: until its hold expires.
func (s *Server) serverGone() string {
	if !s.sharedLedger() {
		return ""
	}
	return fmt.Sprintf("; one on a server that stopped, within %v", s.ledger.HoldLifetime())
}

// shown returns a message for the player id with the files it names as
// the player sees them: theirs from their own directory, as the game names
// them (playerdata.Files.Shown), and none by where the server keeps its files.
func (s *Server) shown(text, id string) string {
	text = strings.ReplaceAll(text, filepath.Join(s.players, id)+string(filepath.Separator), "")
	return strings.ReplaceAll(text, filepath.Clean(s.cfg.Dir)+string(filepath.Separator), "")
}

// endReason says in a word or two why a game ended, for the log.
func endReason(ctx context.Context, err error) string {
	var running *tui.RunningError
	switch {
	case errors.As(err, &running):
		return "open in another session"
	case err != nil:
		return err.Error()
	case context.Cause(ctx) != nil:
		return context.Cause(ctx).Error()
	}
	return "quit"
}

// enter counts a game in, if the server has room for it.
func (s *Server) enter() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.games >= s.cfg.MaxSessions {
		s.metrics.refused("full")
		return false
	}
	s.games++
	return true
}

// leave counts a game out.
func (s *Server) leave() {
	s.mu.Lock()
	s.games--
	s.mu.Unlock()
}

// say writes a line to a client's terminal, which no system translates
// for it: the line ends with a carriage return and a line feed.
func say(w io.Writer, line string) { fmt.Fprint(w, line+"\r\n") }

// exit sends the client the exit status of its session.
func exit(ch ssh.Channel, code uint32) {
	ch.SendRequest("exit-status", false, ssh.Marshal(struct{ Status uint32 }{code}))
}
