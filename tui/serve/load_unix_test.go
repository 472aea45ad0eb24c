//go:build serve && unix

package serve

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// The load benchmark: many players at once, each a real SSH client with a
// terminal, in this process with the server.
var (
	loadSessions = flag.String("load.sessions", "10,50,100", "the numbers of sessions of BenchmarkLoad, separated by commas")
	loadKeys     = flag.Int("load.keys", 12, "the keys BenchmarkLoad measures, a session, for each number of sessions")
	loadTime     = flag.Duration("load.time", time.Minute, "the longest BenchmarkLoad measures each number of sessions, if the keys have not all come")
	loadEval     = flag.String("load.eval", "", "the evaluator of the servers' AI, as 2048 serve -eval names it (ntuple: the network built in); \"\": the default heuristic")
)

// BenchmarkLoad plays many sessions at once on one server, as players
// would: of every ten, six move (an arrow, or the help and back, every
// third of a second or so), two ask for hints and play them, and two watch
// the AI play on autoplay. It reports the time from a key to the first
// output it brings, key-to-screen, over the keys of the players who move
// and ask for hints, at the 50th and 99th percentile, and the keys that
// brought nothing within keyWait (an arrow that moves nothing). Run it as
//
//	go test -tags serve -run '^$' -bench Load -benchtime 1x ./tui/serve
//
// with -load.sessions to choose the numbers of sessions, -load.keys the
// keys measured (a session: each run measures until that many have come,
// so that a busy machine gives its figures on as many keys as an idle
// one), -load.time the longest a run waits for them, and -load.eval the
// evaluator of the AI. The clients
// take the same cores as the server. It also reports the process's peak
// resident memory, the clients' included (peak-MB).
func BenchmarkLoad(b *testing.B) {
	for _, f := range strings.Split(*loadSessions, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			b.Fatalf("-load.sessions: %q is not a number of sessions", f)
		}
		b.Run(fmt.Sprintf("sessions=%d", n), func(b *testing.B) {
			for b.Loop() {
				loadRun(b, n)
			}
		})
	}
}

// keyWait is how long a player waits for a key to bring output: one that
// brings none within it moved nothing, unless the server is far behind,
// which the keys that always bring output then show.
const keyWait = 2 * time.Second

// BenchmarkLoadShared is BenchmarkLoad on two servers, in this process,
// that share the ledger of a PostgreSQL database of the tests' server
// (see ledgertest.PostgresEnv), the sessions shared between them: every
// move is a write to PostgreSQL on the loopback. Run it as
//
//	.ci/postgres go test -tags serve -run '^$' -bench LoadShared -benchtime 1x ./tui/serve -args -load.sessions=200
func BenchmarkLoadShared(b *testing.B) {
	for _, f := range strings.Split(*loadSessions, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			b.Fatalf("-load.sessions: %q is not a number of sessions", f)
		}
		b.Run(fmt.Sprintf("sessions=%d", n), func(b *testing.B) {
			source := ledgertest.Postgres.New(b)
			first := startServer(b, loadConfig(n, source, ""))
			second := startServer(b, loadConfig(n, source, filepath.Join(first.cfg.Dir, keyFile)))
			for b.Loop() {
				loadRunOn(b, n, first, second)
			}
		})
	}
}

// loadConfig returns the configuration of a server of the load benchmark
// of n sessions, on the ledger of source ("": its own), with the secret
// of that path ("": its own).
func loadConfig(n int, source, secret string) Config {
	return Config{MaxSessions: n, AIThreads: max(1, runtime.GOMAXPROCS(0)-1), Think: 250 * time.Millisecond,
		Idle: time.Hour, Limits: Limits{PerAddress: n, Burst: n, Pending: n}, Ledger: source, Secret: secret}
}

// loadRun plays n sessions at once on a server until -load.keys a
// session are measured and reports their key-to-screen times.
func loadRun(b *testing.B, n int) {
	cfg := loadConfig(n, "", "")
	if *loadEval != "" {
		eval, err := evaluators.Open(*loadEval, "")
		if err != nil {
			b.Fatal(err)
		}
		cfg.Eval, cfg.EvalName = eval, *loadEval
	}
	loadRunOn(b, n, startServer(b, cfg))
	if peak, ok := peakResident(); ok {
		b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
	}
}

// peakResident returns the process's peak resident memory (VmHWM), where
// the system says it.
func peakResident() (int64, bool) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, false
}

// loadRunOn is loadRun, the sessions shared by the servers.
func loadRunOn(b *testing.B, n int, servers ...*testServer) {
	var rec latencies
	var wg sync.WaitGroup
	stop := make(chan struct{})
	var ready sync.WaitGroup
	start := cpuTime()
	for i := range n {
		ready.Add(1)
		p := newLoadPlayer(b, servers[i%len(servers)], i, &rec)
		wg.Go(func() { p.play(&ready, stop) })
	}
	ready.Wait()
	rec.reset(n * *loadKeys)
	began, cpu := time.Now(), cpuTime()
	bound := time.NewTimer(*loadTime) // the benchmark stops by itself on a machine too busy to bring the keys
	select {
	case <-rec.enough:
	case <-bound.C:
		b.Logf("%d sessions: %v passed before %d keys were measured", n, *loadTime, n**loadKeys)
	}
	bound.Stop()
	close(stop)
	wg.Wait()
	elapsed := time.Since(began)
	rec.report(b, elapsed)
	b.ReportMetric((cpuTime()-cpu).Seconds()/elapsed.Seconds(), "cores")
	b.Logf("%d sessions: %s; logging in took %.1fs of CPU; load average %s", n, rec.summary(), (cpu - start).Seconds(), loadAverage())
}

// A loadPlayer is one player of the load benchmark.
type loadPlayer struct {
	kind string // "mover", "hinter" or "watcher"
	sess *ssh.Session
	in   io.Writer
	out  chan time.Time // the time of each output that came
	rec  *latencies
	rand *rand.Rand
}

// newLoadPlayer logs player i in and starts its game.
func newLoadPlayer(b *testing.B, ts *testServer, i int, rec *latencies) *loadPlayer {
	kind := [...]string{"mover", "mover", "mover", "mover", "mover", "mover", "hinter", "hinter", "watcher", "watcher"}[i%10]
	sess, err := ts.dial(b, newKey(b)).NewSession()
	if err != nil {
		b.Fatal(err)
	}
	p := &loadPlayer{kind: kind, sess: sess, out: make(chan time.Time, 1024), rec: rec, rand: rand.New(rand.NewPCG(uint64(i), 1))}
	p.in, _ = sess.StdinPipe()
	stdout, _ := sess.StdoutPipe()
	if err := sess.RequestPty("xterm-256color", 30, 100, nil); err != nil {
		b.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		b.Fatal(err)
	}
	go p.read(stdout)
	b.Cleanup(func() { sess.Close() })
	return p
}

// read notes the time of each output of the session, until it ends.
func (p *loadPlayer) read(stdout io.Reader) {
	buf := make([]byte, 32<<10)
	for {
		if _, err := stdout.Read(buf); err != nil {
			close(p.out)
			return
		}
		p.rec.outputs.Add(1)
		select {
		case p.out <- time.Now():
		default: // a watcher's outputs pile up: only the time of the next one counts
		}
	}
}

// play plays as the player's kind does until stop is closed; it marks
// ready done once the game is on screen: a player new to the server is
// asked for a name for the leaderboards first, and keeps the one offered.
func (p *loadPlayer) play(ready *sync.WaitGroup, stop <-chan struct{}) {
	first := p.next(keyWait * 10)
	if first >= 0 {
		p.press("\r")
		first = p.next(keyWait * 10)
		p.quiet()
	}
	ready.Done()
	if first < 0 {
		return
	}
	if p.kind == "watcher" {
		p.press("a")
		for {
			select {
			case <-stop:
				return
			case _, ok := <-p.out:
				if !ok {
					return
				}
			}
		}
	}
	keys := []string{"\x1b[A", "\x1b[D", "\x1b[B", "\x1b[C", "?"}
	if p.kind == "hinter" {
		keys = []string{"h", " "}
	}
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		case <-time.After(time.Duration(200+p.rand.IntN(300)) * time.Millisecond):
		}
		p.quiet()
		k := keys[p.rand.IntN(len(keys))]
		if p.kind == "hinter" {
			k = keys[i%2]
		}
		p.key(k)
	}
}

// key presses k and notes the time to the first output after it.
func (p *loadPlayer) key(k string) {
	p.press(k)
	wait := keyWait
	if k == "?" || k == "h" {
		wait = 10 * keyWait // these always draw
	}
	if took := p.next(wait); took >= 0 {
		p.rec.add(keyClass(k), took)
	} else {
		p.rec.none()
	}
	if k == "?" {
		p.quiet()
		p.press("?") // back to the game
	}
}

// press sends k.
func (p *loadPlayer) press(k string) { io.WriteString(p.in, k) }

// next returns the time from now to the next output, or -1 if none comes
// within wait.
func (p *loadPlayer) next(wait time.Duration) time.Duration {
	sent := time.Now()
	select {
	case at, ok := <-p.out:
		if !ok {
			return -1
		}
		return at.Sub(sent)
	case <-time.After(wait):
		return -1
	}
}

// quiet waits until the session has written nothing for 50 ms: the
// frames of a move's slide come every 16 ms.
func (p *loadPlayer) quiet() {
	for {
		select {
		case _, ok := <-p.out:
			if !ok {
				return
			}
		case <-time.After(50 * time.Millisecond):
			return
		}
	}
}

// keyClass names what a key does: "move", "help" or "hint".
func keyClass(k string) string {
	switch k {
	case "?":
		return "help"
	case "h", " ":
		return "hint"
	}
	return "move"
}

// latencies are the key-to-screen times of the players.
type latencies struct {
	mu      sync.Mutex
	times   []time.Duration
	byClass map[string][]time.Duration
	nothing atomic.Int64  // keys that brought nothing in time
	outputs atomic.Int64  // the reads of the players' screens that brought output, about a frame each
	want    int           // the keys to measure
	enough  chan struct{} // closed once want keys are measured
}

// add notes a key-to-screen time of a key of class.
func (l *latencies) add(class string, d time.Duration) {
	l.mu.Lock()
	l.times = append(l.times, d)
	if l.byClass == nil {
		l.byClass = map[string][]time.Duration{}
	}
	l.byClass[class] = append(l.byClass[class], d)
	if len(l.times) == l.want && l.enough != nil {
		close(l.enough)
	}
	l.mu.Unlock()
}

// none notes a key that brought nothing in time.
func (l *latencies) none() { l.nothing.Add(1) }

// reset forgets what was noted, and waits for want keys: enough is closed
// once they are measured.
func (l *latencies) reset(want int) {
	l.mu.Lock()
	l.times, l.byClass, l.want, l.enough = nil, nil, want, make(chan struct{})
	l.mu.Unlock()
	l.nothing.Store(0)
	l.outputs.Store(0)
}

// percentile returns the time under which a fraction q of the keys came.
func (l *latencies) percentile(q float64) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return percentileOf(l.times, q)
}

// percentileOf returns the time under which a fraction q of times are.
func percentileOf(times []time.Duration, q float64) time.Duration {
	if len(times) == 0 {
		return 0
	}
	s := slices.Clone(times)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

// report reports the percentiles and the keys a second.
func (l *latencies) report(b *testing.B, elapsed time.Duration) {
	b.ReportMetric(float64(l.percentile(0.5).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(l.percentile(0.99).Microseconds())/1000, "p99-ms")
	l.mu.Lock()
	b.ReportMetric(float64(len(l.times))/elapsed.Seconds(), "keys/s")
	l.mu.Unlock()
	b.ReportMetric(float64(l.outputs.Load())/elapsed.Seconds(), "frames/s")
}

// summary says what was measured.
func (l *latencies) summary() string {
	l.mu.Lock()
	n := len(l.times)
	var classes []string
	for _, c := range []string{"move", "hint", "help"} {
		t := l.byClass[c]
		classes = append(classes, fmt.Sprintf("%s p50 %v p99 %v", c, percentileOf(t, 0.5).Round(time.Millisecond), percentileOf(t, 0.99).Round(time.Millisecond)))
	}
	l.mu.Unlock()
	return fmt.Sprintf("%d keys measured, %d brought nothing within %v; p50 %v, p99 %v, max %v (%s)", n, l.nothing.Load(), keyWait,
		l.percentile(0.5).Round(time.Millisecond), l.percentile(0.99).Round(time.Millisecond), l.percentile(1).Round(time.Millisecond),
		strings.Join(classes, ", "))
}

// cpuTime returns the CPU time this process has used.
func cpuTime() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// loadAverage returns the system's load average over 1, 5 and 15 minutes.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Join(strings.Fields(string(data))[:3], " ")
}
