//go:build serve

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/serve"
	"github.com/term2048/2048/tui/serve/ledger"
)

const serveSynopsis = "2048 serve [-addr HOST:PORT] [-data DIR] [-db SOURCE] [-host-key FILE] [-secret FILE] [-allow FILE] [-max-sessions N] [-ai-threads N] [-think D] [-idle D] [-eval NAME [-weights FILE]] [-check-ledger] [-proxy-from CIDR,...] [-metrics HOST:PORT] [-limit NAME=VALUE ...]\n       2048 serve [-data DIR] [-db SOURCE] -copy-to postgres://…"

const serveAbout = `Serve plays the game over SSH: "ssh -t -p 2048 HOST" plays it, with the
history, replays, reviews, statistics, settings and daily challenge of the
player, who is their SSH key (its SHA-256 fingerprint). Each player's data,
their settings included, is kept in the database DIR/ledger.db (SQLite),
or in the PostgreSQL database of -db postgres://… (or of $TERM2048_DB);
what an earlier version kept under DIR/players/ is imported at their first
login. The host key is DIR/host_ed25519, made the first time, and the key
that signs the games DIR/secret.

-copy-to postgres://… copies the ledger, DIR/ledger.db or -db's, to a new
PostgreSQL database, and exits: the server then runs with -db and that URL
(docs/serve.md).

Public keys only, and nothing but the game: no password, no command, no
forwarding. A second session of the same key is refused while the first
plays. Without -allow any key gets in. The AI of all the games runs on
-ai-threads threads, each hint or autoplay move for at most -think, with
one evaluator (-eval) shared by every game. The log
(a line per session) goes to standard error; SIGINT or SIGTERM saves every
game, tells the players, and exits.
`

// serveCommand runs "2048 serve" until ctx is done.
func serveCommand(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var about strings.Builder
	about.WriteString(serveAbout + "\n" + evaluatorList() + "\nThe limits on connections, which -limit sets, and their defaults\n(docs/serve-reference.md says what a client over each is told):\n")
	serve.DescribeLimits(&about)
	fs := newCommandFlags("2048 serve", serveSynopsis, about.String(), stdout, stderr)
	addr := fs.String("addr", ":2048", "listen on `HOST:PORT`")
	dir := fs.String("data", "", "the host key, the players' data and settings (default $XDG_DATA_HOME/2048/serve)")
	allow := fs.String("allow", "", "an authorized_keys `FILE`: only its keys get in, read again when it changes (default: any key)")
	sessions := fs.Int("max-sessions", 100, "games played at once; the next players are told to come back later")
	threads := fs.Int("ai-threads", max(1, runtime.GOMAXPROCS(0)-1), "the AI's searches of all games at once, a core each")
	think := fs.Duration("think", 250*time.Millisecond, "the most time a hint or an autoplay move may take")
	idle := fs.Duration("idle", 15*time.Minute, "a game with no key for this long is saved and its player let go")
	eval := fs.evalFlags()
	db := fs.String("db", "", "the players' database: a PostgreSQL `SOURCE` (postgres://…) or a SQLite file (default $"+dbEnv+", else DIR/ledger.db)")
	hostKey := fs.String("host-key", "", "the host key's `FILE`, which the servers of one database share (default DIR/host_ed25519, made the first time)")
	secret := fs.String("secret", "", "the `FILE` of the key that deals the daily challenges and signs the games, which the servers of one database share (default DIR/secret, made the first time)")
	copyTo := fs.String("copy-to", "", "copy the ledger to the new PostgreSQL database of `URL` (postgres://…), and exit")
	checkLedger := fs.Bool("check-ledger", false, "check the whole ledger at the start (SQLite's integrity_check: slower), not only its structure")
	var proxies serve.Proxies
	fs.Var(&proxies, "proxy-from", "trust the TCP balancers of `CIDR[,CIDR...]` to begin each connection with a PROXY header (v1 or v2) giving the player's address: required of them, believed of no one else (default: none)")
	metrics := fs.String("metrics", "", "serve Prometheus metrics at http://`HOST:PORT`/metrics (default: none; they have no authentication: keep them on the loopback or a private network)")
	var limits serve.Limits
	fs.Var(&limits, "limit", "set a limit on connections: `NAME=VALUE`, once for each (the limits are listed below)")
	if err := fs.parse(args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return fs.usageError("unexpected %q", fs.Arg(0))
	case *sessions < 1, *threads < 1:
		return fs.usageError("-max-sessions and -ai-threads: want 1 or more")
	case *think < time.Millisecond, *idle <= 0:
		return fs.usageError("-think and -idle: want a duration above zero")
	}
	if err := eval.check(); err != nil {
		return err
	}
	if *dir == "" {
		*dir = filepath.Join(playerdata.DefaultFiles().DataDir, "serve")
	}
	if *db == "" {
		*db = os.Getenv(dbEnv) // not the flag's default, which -h would print, password and all
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	evaluator, err := eval.open() // one for every game: a network is read once
	if err != nil {
		return err
	}
	cfg := serve.Config{Eval: evaluator, EvalName: eval.name, Dir: *dir, Ledger: *db, HostKey: *hostKey, Secret: *secret, MaxSessions: *sessions, Allow: *allow, AIThreads: *threads, Think: *think, Idle: *idle, Log: log, Limits: limits, CheckLedger: *checkLedger, ProxyFrom: proxies}
	if *copyTo != "" {
		return copyLedger(cfg, *copyTo, stdout)
	}
	return runServer(ctx, cfg, *addr, *metrics, stderr)
}

// dbEnv is the environment variable that gives 2048 serve's -db.
const dbEnv = "TERM2048_DB"

// copyLedger copies the ledger of cfg to the PostgreSQL database of the
// URL to, and says what it copied.
func copyLedger(cfg serve.Config, to string, stdout io.Writer) error {
	if !ledger.IsPostgres(to) {
		return fmt.Errorf("-copy-to %q: want a PostgreSQL URL, postgres://…", to)
	}
	copied, err := serve.CopyLedger(cfg, to)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "copied %s to %s: %d players, %d games ranked, %d lines of history, %d games in progress, %d reviews\n",
		ledger.Redacted(cfg.LedgerSource()), ledger.Redacted(to), copied["players"], copied["games"], copied["history"], copied["saved_games"], copied["reviews"])
	fmt.Fprintf(stdout, "run the server with -db %s (and -data %s, whose secret signed its games)\n", ledger.Redacted(to), cfg.Dir)
	return nil
}

// runServer serves cfg on addr until ctx is done, and its metrics on
// metricsAddr if it is not "".
func runServer(ctx context.Context, cfg serve.Config, addr, metricsAddr string, stderr io.Writer) error {
	var ml net.Listener
	if metricsAddr != "" {
		cfg.Metrics = serve.NewMetrics()
		var err error
		if ml, err = net.Listen("tcp", metricsAddr); err != nil {
			return fmt.Errorf("the metrics: %w", err)
		}
		defer ml.Close()
	}
	s, err := serve.New(cfg)
	if err != nil {
		return err
	}
	defer s.Close()
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	who := "any SSH key"
	if cfg.Allow != "" {
		who = "the keys of " + cfg.Allow
	}
	fmt.Fprintf(stderr, "2048 serve: listening on %s for %s, %d connections at most; host key %s; files in %s; ledger %s\n",
		l.Addr(), who, s.Limits().Conns, ssh.FingerprintSHA256(s.HostKey()), cfg.Dir, ledger.Redacted(cfg.LedgerSource()))
	if ml == nil {
		return s.Serve(ctx, l)
	}
	fmt.Fprintf(stderr, "2048 serve: metrics at http://%s/metrics\n", ml.Addr())
	served, stopMetrics := context.WithCancel(ctx)
	metricsDone := make(chan error, 1)
	go func() { metricsDone <- cfg.Metrics.Serve(served, ml) }()
	err = s.Serve(ctx, l)
	stopMetrics() // with the server, however it stopped
	return errors.Join(err, <-metricsDone)
}
