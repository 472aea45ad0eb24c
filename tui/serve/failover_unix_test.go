//go:build serve && unix

package serve

import (
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/serve/ledger"
	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// The flags of TestFailover: its defaults keep it to a few seconds; the
// figures of docs/serve-tests.md come from more sessions and kills.
var (
	failoverSessions = flag.Int("failover.sessions", 20, "TestFailover: the sessions played at once, shared by the two servers")
	failoverKills    = flag.Int("failover.kills", 1, "TestFailover: how many times a server is killed, each time the other")
	failoverPlay     = flag.Duration("failover.play", 2*time.Second, "TestFailover: how long the players play before a kill, at most")
	failoverLifetime = flag.Duration("failover.lifetime", 2*time.Second, "TestFailover: the lifetime of the servers' holds")
	failoverLedger   = flag.String("failover.ledger", "", "TestFailover: the ledger of a server it starts (set by the test)")
	failoverSecret   = flag.String("failover.secret", "", "TestFailover: the secret of a server it starts (set by the test)")
)

// failoverServerDir names, in its environment, the directory of a server
// that TestFailover starts: the test is then that server.
const failoverServerDir = "SERVE_TEST_FAILOVER_DIR"

// TestFailover plays sessions on two servers, each in a process of its
// own, that share one ledger: the PostgreSQL server of the tests when
// they have one (see ledgertest.PostgresEnv), else a SQLite file both
// open. It kills one server with SIGKILL while its players play; they
// connect to the other, which takes them once the dead server's holds
// have expired (their lifetime shortened to -failover.lifetime), and must
// find their game at the move their screen last showed, or in their
// history if they were leaving it. The killed server starts again for
// the next kill, which is the other's. Once the servers have stopped,
// the ledger passes its integrity check and counts every game once: no
// ID twice in a history, every game ranked in its player's history, and
// every game of a history that claims a rank ranked once. Run it longer
// as
//
//	go test -tags serve -run TestFailover ./tui/serve -args -failover.sessions=200 -failover.kills=20 -failover.play=5s
func TestFailover(t *testing.T) {
	if dir := os.Getenv(failoverServerDir); dir != "" {
		serveShared(t, dir)
		return
	}
	source := filepath.Join(t.TempDir(), ledgerFile)
	if os.Getenv(ledgertest.PostgresEnv) != "" {
		source = ledgertest.Postgres.New(t)
	}
	dirs := [2]string{t.TempDir(), t.TempDir()}
	start := func(i int) *childServer {
		args := []string{"-failover.ledger=" + source, "-failover.sessions=" + strconv.Itoa(*failoverSessions),
			"-failover.lifetime=" + failoverLifetime.String()}
		if i == 1 { // the first server's secret, which signs the games of both
			args = append(args, "-failover.secret="+filepath.Join(dirs[0], keyFile))
		}
		return startChild(t, "TestFailover", failoverServerDir, dirs[i], args...)
	}
	var servers [2]*childServer
	servers[0] = start(0)
	servers[1] = start(1)
	d, err := openLedger(dirs[0], source) // the ledger as the test reads it
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	players := make([]*failoverPlayer, *failoverSessions)
	for i := range players {
		players[i] = &failoverPlayer{faultPlayer: faultPlayer{key: newKey(t)}, on: i % 2}
		players[i].enter(t, servers[i%2], 0)
	}
	var refusals, resumed, ahead, leaving int
	for kill := range *failoverKills {
		victim := kill % 2
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for _, p := range players {
			wg.Go(func() { p.play(stop) })
		}
		<-time.After(*failoverPlay/2 + rand.N(*failoverPlay/2)) // the kill comes at a moment of the clock's choosing
		servers[victim].kill()
		close(stop)
		wg.Wait()
		for _, p := range players {
			if p.on == victim {
				<-p.term.ended // the connection dropped: the screen shows what it last showed
				p.last = p.term.text()
				p.seen = moves(t, p.last)
				p.on = 1 - victim
				refusals += p.enter(t, servers[1-victim], kill+1)
				resumed++
				switch {
				case p.resumed > p.seen:
					ahead++ // the move was saved, and the kill came before its screen
				case p.leaving && p.resumed == 0 && p.seen > 0:
					leaving++
					if last := lastGameMoves(t, d, p); last < p.seen {
						t.Errorf("round %d: a player left a game of %d moves, and the history's last has %d", kill+1, p.seen, last)
					}
				}
			}
			p.leaving = false
		}
		servers[victim] = start(victim)
	}
	for _, srv := range servers {
		srv.stop(t)
	}
	checkShared(t, d, source, players)
	t.Logf("%d sessions on 2 servers, %d kills: %d games resumed on the other server, none behind the move last seen "+
		"(%d one move ahead: saved, not yet shown; %d left as the kill came, found in their history); "+
		"%d logins refused while the dead server's holds lasted", len(players), *failoverKills, resumed, ahead, leaving, refusals)
}

// A failoverPlayer is a player of TestFailover.
type failoverPlayer struct {
	faultPlayer
	on      int // the server the player plays on
	resumed int // the moves of the game the player found at their last login
}

// enter logs the player in to srv, again as long as a session of theirs
// is held by the server killed, until the game is on the screen, and
// checks that it is at the move last seen, or in the player's history if
// they were leaving it. It returns how many logins were refused.
func (p *failoverPlayer) enter(t *testing.T, srv *childServer, round int) (refused int) {
	t.Helper()
	const naming, held = "enter keeps it", "open in another session"
	deadline := time.Now().Add(*failoverLifetime + waitTime)
	for {
		p.connect(t, srv)
		screen := p.term.waitFor("the game", func(s string) bool {
			return strings.Contains(s, naming) || strings.Contains(s, held) || movesPattern.MatchString(s)
		})
		if strings.Contains(screen, held) {
			<-p.term.ended
			if refused++; time.Now().After(deadline) {
				t.Fatalf("round %d: the other server still refuses a player of the server killed", round)
			}
			continue
		}
		if strings.Contains(screen, naming) {
			p.term.press("\r") // the name offered
			screen = p.term.waitFor("the game", movesPattern.MatchString)
		}
		p.resumed = moves(t, screen)
		break
	}
	if round > 0 && p.resumed < p.seen && !(p.leaving && p.resumed == 0) {
		t.Errorf("round %d: a player saw %d moves, and resumed %d; the screen showed:\n%s", round, p.seen, p.resumed, p.last)
	}
	return refused
}

// lastGameMoves returns the moves of the last game of the player's
// history in d.
func lastGameMoves(t *testing.T, d *ledger.DB, p *failoverPlayer) int {
	t.Helper()
	lines, err := d.History(ssh.FingerprintSHA256(p.key.PublicKey()))
	if err != nil || len(lines) == 0 {
		t.Fatalf("the history of a player who left a game: %d lines, %v", len(lines), err)
	}
	var g history.Game
	if err := json.Unmarshal(lines[len(lines)-1], &g); err != nil {
		t.Fatal(err)
	}
	return g.MoveCount
}

// serveShared serves on dir, on a free port of the loopback, which it
// prints with its host key, with the ledger and the secret of the flags,
// until it is killed, stopped with SIGTERM, or some minutes pass.
func serveShared(t *testing.T, dir string) {
	s, err := New(Config{Dir: dir, Ledger: *failoverLedger, Secret: *failoverSecret, MaxSessions: *failoverSessions + 10,
		AIThreads: 1, Think: 50 * time.Millisecond, Idle: time.Minute, Limits: Limits{PerAddress: 10000, Burst: 10000},
		holdLifetime: *failoverLifetime})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	// SIGTERM is a shutdown from before the test learns where the server
	// listens: it may stop the server at once.
	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	fmt.Printf("listening %s\nhost key %s", l.Addr(), ssh.MarshalAuthorizedKey(s.HostKey()))
	if err := s.Serve(ctx, l); err != nil {
		t.Fatal(err)
	}
}

// checkShared checks the ledger d at source, which the servers shared: its integrity (PRAGMA integrity_check in SQLite), no
// hold left by servers stopped, and every game counted once: no ID twice
// in a player's history (readHistory), every game ranked in its player's
// history, and every game of a history that claims a rank ranked once,
// so that the leaderboards and the histories agree.
func checkShared(t *testing.T, d *ledger.DB, source string, players []*failoverPlayer) {
	t.Helper()
	if err := d.IntegrityCheck(); err != nil {
		t.Fatal(err)
	}
	driver := "sqlite"
	if ledger.IsPostgres(source) {
		driver = "pgx"
	}
	raw, err := sql.Open(driver, source)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for what, query := range map[string]string{
		"holds left by servers stopped": `SELECT count(*) FROM holds`,
		"games ranked that no history holds": `SELECT count(*) FROM games g
			WHERE NOT EXISTS (SELECT 1 FROM history h WHERE h.player = g.player AND h.id = g.id)`,
		"games twice in a history": `SELECT count(*) FROM (SELECT player, id FROM history WHERE id <> '' GROUP BY player, id HAVING count(*) > 1) AS twice`,
	} {
		var n int
		if err := raw.QueryRow(query).Scan(&n); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if n != 0 {
			t.Errorf("%d %s; want none", n, what)
		}
	}
	var ranked, claimed int
	if err := raw.QueryRow(`SELECT count(*) FROM games`).Scan(&ranked); err != nil {
		t.Fatal(err)
	}
	for _, p := range players {
		lines, err := d.History(ssh.FingerprintSHA256(p.key.PublicKey()))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range lines {
			var g history.Game
			if err := json.Unmarshal(line, &g); err != nil {
				t.Fatal(err)
			}
			if !g.SetUp && g.MoveCount > 0 { // a game that claims a rank
				claimed++
			}
		}
	}
	if ranked != claimed {
		t.Errorf("%d games ranked, %d in the histories that claim a rank; want as many", ranked, claimed)
	}
}
