//go:build serve

// Package serve plays the game over SSH (2048 serve): a player connects
// with "ssh -t -p 2048 HOST" and plays the game they would play in their
// own terminal, with their history, replays, reviews, statistics, settings
// and the daily challenge.
//
// A player is their SSH key: their data, by the SHA-256 fingerprint of the
// public key they log in with, is in the server's database (the ledger,
// tui/serve/ledger): their game in progress, their history and its ranks,
// the reviews of their games, their preferences. The fingerprint also
// names the directory under Config.Dir/players where a server of an
// earlier version kept their files, imported at their first login (see
// imports.go). A
// second session of the same key is refused, as a second local game is
// (see play.go).
//
// Servers may share one ledger (PostgreSQL, or a SQLite file that none of
// them keeps in its directory): a player's second session is refused on
// all of them (ledger.DB.Hold), and a race made on one is joined from
// another, through the ledger (see ledgerraces.go). A server polls its
// races there rather than listen for PostgreSQL's NOTIFY: polling works
// on both databases, holds no connection open to listen, and loses
// nothing when a connection drops; the friend's board is a poll late at
// most, 200 ms. A server that cannot renew its holds for their lifetime,
// cut off its database, ends the games of the players it may have lost
// to another server, and writes nothing more for them.
//
// The server lets no one further in than the game: public keys only, no
// command, subsystem, forwarding or agent, ctrl+z suspends nothing, and the
// AI of every game runs on one bounded tui.Pool. Connections, sessions,
// windows, keys and idle games are bounded by Config and Limits.
package serve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/term2048/2048/tui"
	"github.com/term2048/2048/tui/dirlock"
	"github.com/term2048/2048/tui/practice"
	"github.com/term2048/2048/tui/serve/ledger"
)

// A Server serves the game to SSH clients. Its methods are safe for
// concurrent use.
type Server struct {
	cfg     Config
	lim     Limits
	log     *slog.Logger
	ssh     *ssh.ServerConfig
	hostKey ssh.PublicKey
	pool    *tui.Pool
	allow   *allowList // nil lets any key in
	races   raceHub    // the races against friends of the players
	addrs   *limiter
	metrics *Metrics   // Config.Metrics, or metrics no one reads
	players string     // where the players' directories are
	ledger  *ledger.DB // the players' data and the leaderboards (see Config.Ledger)
	lock    *dirlock.Lock
	dailies *practice.Dailies // the daily puzzles, the same for every player, from the ledger's seeds

	// runGame plays a game: tui.RunRemote, but for the tests.
	runGame func(context.Context, tui.Config, tui.Terminal) error

	conns    *connTable    // the connections open, in every state
	refusing chan struct{} // a token for each refusal being said (see refuse)

	mu    sync.Mutex
	games int // games being played
}

// New returns the server cfg describes: it takes the lock on cfg.Dir (one
// server at a time uses a directory), and reads its host key, which it
// creates the first time, and the allow file. Close gives the lock back.
func New(cfg Config) (*Server, error) {
	if err := checkConfig(cfg); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(cfg.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("the server's directory: %w", err)
	}
	lock, err := lockDir(cfg.Dir)
	if err != nil {
		return nil, err
	}
	s, err := newServer(cfg)
	if err != nil {
		lock.Release()
		return nil, err
	}
	s.lock = lock
	return s, nil
}

// lockDir takes the lock on dir, a server's directory, which one process
// at a time uses.
func lockDir(dir string) (*dirlock.Lock, error) {
	lock, err := dirlock.Acquire(dir)
	var held *dirlock.HeldError
	if errors.As(err, &held) {
		return nil, fmt.Errorf("another server (PID %d) uses %s", held.PID, dir)
	} else if err != nil && !errors.Is(err, dirlock.ErrUnsupported) {
		return nil, err
	}
	return lock, nil
}

// newServer sets up the server of cfg, whose directory exists.
func newServer(cfg Config) (*Server, error) {
	s := &Server{cfg: cfg, lim: cfg.Limits.orDefaults(), log: cfg.Log, players: filepath.Join(cfg.Dir, "players"),
		runGame: tui.RunRemote}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.metrics = cfg.Metrics; s.metrics == nil {
		s.metrics = NewMetrics()
	}
	s.addrs = newLimiter(s.lim.Burst, s.lim.Every)
	s.conns = newConnTable(s.lim.PerAddress, s.lim.Pending, s.lim.Conns)
	s.refusing = make(chan struct{}, s.lim.Refusing)
	if err := s.metrics.watch(s); err != nil {
		return nil, err
	}
	pool, err := tui.NewPool(tui.PoolConfig{Threads: cfg.AIThreads, Think: cfg.Think, Pace: s.lim.Pace, TableMB: poolTableMB, Eval: cfg.Eval, EvalName: cfg.EvalName,
		Searched: s.metrics.searched})
	if err != nil {
		return nil, err
	}
	s.pool = pool
	if cfg.Allow != "" {
		if s.allow, err = readAllowList(cfg.Allow); err != nil {
			return nil, err
		}
	}
	signer, err := loadHostKey(cfg.keyPath(cfg.HostKey, hostKeyFile))
	if err != nil {
		return nil, err
	}
	s.hostKey = signer.PublicKey()
	s.ssh = s.sshConfig(signer)
	if err := os.MkdirAll(s.players, 0o700); err != nil {
		return nil, fmt.Errorf("the players' directory: %w", err)
	}
	key, err := loadKey(cfg.keyPath(cfg.Secret, keyFile), time.Now())
	if err != nil {
		return nil, err
	}
	opt := ledger.Options{Key: key, Full: cfg.CheckLedger, OnLost: s.holdsLost, HoldLifetime: cfg.holdLifetime, RenewFault: cfg.renewFault}
	if s.ledger, err = ledger.Open(cfg.LedgerSource(), opt); err != nil {
		return nil, err
	}
	if cfg.Ledger == "" && s.lock != nil {
		// The ledger is Dir/ledger.db, and this server holds Dir's lock:
		// no other process has it open, and the holds left in it are
		// those of a server killed, whose players need not wait them out.
		if err := s.ledger.ForgetHolds(); err != nil {
			return nil, err
		}
	}
	s.dailies = practice.NewDailies(s.ledger.DailySeed, cfg.findDaily)
	s.races = NewRaces(defaultRaceLimits(cfg.MaxSessions))
	if s.sharedLedger() {
		s.races = newLedgerRaces(s.ledger, defaultRaceLimits(cfg.MaxSessions), s.log)
	}
	s.races.setStarted(s.metrics.racesStarted.Inc)
	if forged := s.ledger.Forged(); len(forged) > 0 {
		s.log.Warn("games set aside: their rows in the ledger were changed outside the server", "games", len(forged), "first", forged[0])
	}
	return s, nil
}

// holdsLost logs the players whose holds the server lost (see
// ledger.ErrHoldLost), whose games end.
func (s *Server) holdsLost(players []string) {
	s.log.Error("holds lost: the database was out of reach for their lifetime, and another server may have these players; their games end without writing",
		"players", players)
}

// A raceHub keeps the races of a server's players: Races in its memory,
// or ledgerRaces in a ledger servers share.
type raceHub interface {
	For(player string) *PlayerRaces // the races as the game of player sees them
	Count() int                     // the races of the server's players not yet left
	Close()                         // no new race: the server is shutting down
	settle()                        // waits for the races left to be written
	setStarted(func())              // tells f of each race a friend joins
}

// sharedLedger reports whether other servers may share the server's
// ledger: a PostgreSQL database, or a SQLite file other than its
// directory's own. Its races are then kept in the ledger.
func (s *Server) sharedLedger() bool {
	return s.cfg.Ledger != "" && s.cfg.LedgerSource() != filepath.Join(s.cfg.Dir, ledgerFile)
}

// poolTableMB is the size of the table the searches of all games share.
const poolTableMB = 64

// Limits returns the limits the server applies, those its Config left at
// zero worked out.
func (s *Server) Limits() Limits { return s.lim }

// HostKey returns the server's public key, which clients check.
func (s *Server) HostKey() ssh.PublicKey { return s.hostKey }

// Close closes the leaderboards and gives back the lock on the server's
// directory. Call it once Serve has returned.
func (s *Server) Close() error {
	s.races.settle()
	return errors.Join(s.ledger.Close(), s.lock.Release())
}

// Serve accepts connections on l and serves them until ctx is done; then
// it stops accepting, ends every game, which saves, tells each player why,
// and returns nil once every connection is closed. A game that cannot end
// within a few seconds (its client takes no output) has its connection
// closed, and saves then. Serve closes l.
func (s *Server) Serve(ctx context.Context, l net.Listener) error {
	games, shutDown := context.WithCancelCause(context.WithoutCancel(ctx))
	defer shutDown(errShutdown)
	stop := context.AfterFunc(ctx, func() {
		shutDown(errShutdown) // the games say why they end
		l.Close()
	})
	defer stop()
	var wg sync.WaitGroup
	err := s.accept(games, l, &wg)
	shutDown(errShutdown)
	s.races.Close() // no new race; the games leave theirs as they end
	s.drain(&wg)
	if ctx.Err() != nil {
		return nil
	}
	return err
}

// drain waits for the connections of wg to end, closing those still open
// after the grace of a shutdown.
func (s *Server) drain(wg *sync.WaitGroup) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
		return
	case <-time.After(shutdownGrace):
	}
	s.conns.closeAll()
	<-done
}

// shutdownGrace is how long the games have to save and say so when the
// server stops, before their connections are closed.
const shutdownGrace = 5 * time.Second

// sessions returns the games being played.
func (s *Server) sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.games
}

// refused logs a connection refused before it could log in.
func (s *Server) refused(addr, why string) {
	if s.addrs.shouldLog(addr) {
		s.log.Warn("connection refused", "addr", addr, "reason", why)
	}
}

// contain logs a panic of the goroutine it is deferred in, which then
// ends only that goroutine's connection or session: a fault met by one
// client must not stop the server for the others.
func (s *Server) contain(what, addr string) {
	if v := recover(); v != nil {
		s.log.Error(what+" panic", "addr", addr, "panic", v, "stack", string(debug.Stack()))
	}
}

// hostOf returns the host of a network address: the IP of a TCP address.
func hostOf(a net.Addr) string {
	if t, ok := a.(*net.TCPAddr); ok {
		return t.IP.String()
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}
