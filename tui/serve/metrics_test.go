//go:build serve

package serve

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"
)

// scrape returns the metrics served at addr, by name with their labels as
// the text format writes them (term2048_connections{state="playing"}).
func scrape(t *testing.T, addr string) map[string]float64 {
	t.Helper()
	client := &http.Client{Timeout: waitTime}
	resp, err := client.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatalf("scraping the metrics: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("scraping the metrics: %s", resp.Status)
	}
	metrics := map[string]float64{}
	lines := bufio.NewScanner(resp.Body)
	for lines.Scan() {
		line := lines.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if v, err := strconv.ParseFloat(line[i+1:], 64); i > 0 && err == nil {
			metrics[line[:i]] = v
		}
	}
	return metrics
}

// wantMetrics fails the test unless each metric of want has its value in
// got.
func wantMetrics(t *testing.T, when string, got, want map[string]float64) {
	t.Helper()
	for name, v := range want {
		if g, ok := got[name]; !ok || g != v {
			t.Errorf("%s: %s = %v (served: %v); want %v", when, name, g, ok, v)
		}
	}
}

// TestMetrics plays a session, which leaves a game, asks for a hint and
// quits, while a second connection from its address is refused; it
// scrapes the metrics on the loopback during the session and after it,
// then stops their server as the game's server stops.
func TestMetrics(t *testing.T) {
	m := NewMetrics()
	ts := startServer(t, Config{Metrics: m, Limits: Limits{PerAddress: 1}})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- m.Serve(ctx, l) }()
	stop := sync.OnceValue(func() error {
		cancel()
		select {
		case err := <-served:
			return err
		case <-time.After(waitTime):
			return errors.New("the metrics' server did not stop")
		}
	})
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	})
	addr := l.Addr().String()
	if s, err := New(testConfig(t, Config{Metrics: m}, io.Discard)); err == nil {
		s.Close()
		t.Error("a second server counting into the same Metrics: made; want an error")
	}

	key := newKey(t)
	term := ts.playFirst(t, key, 80, 30)
	term.waitText("your name")
	term.press(strings.Repeat("\x7f", 20), "alice", "\r")
	term.playMoves(2)
	term.press("n", "y")
	term.waitFor("a new game", func(s string) bool { return strings.Contains(s, "MOVES") && moves(t, s) == 0 })
	term.press("h")
	term.waitText("space plays it")
	if _, err := ts.loginFrom(t, from(1), newKey(t)); err == nil {
		t.Error("a second connection from the address: logged in; want refused")
	}
	wantMetrics(t, "during the session", scrape(t, addr), map[string]float64{
		"term2048_sessions":                             1,
		`term2048_connections{state="playing"}`:         1,
		`term2048_connections{state="greeting"}`:        0,
		`term2048_refusals_total{reason="per-address"}`: 1,
		`term2048_refusals_total{reason="full"}`:        0,
		"term2048_games_finished_total":                 1,
		"term2048_races":                                0,
	})
	term.press("q")
	term.wait()
	fp := ssh.FingerprintSHA256(key.PublicKey())
	ts.log.waitFor(t, `msg="session end" player=`+fp)
	got := scrape(t, addr)
	wantMetrics(t, "after the session", got, map[string]float64{
		"term2048_games_started_total":  2,
		"term2048_games_finished_total": 1,
		"term2048_saves_failed_total":   0,
		"term2048_races_started_total":  0,
	})
	if got["term2048_hint_seconds_count"] < 1 || got["term2048_hint_wait_seconds_count"] < 1 {
		t.Errorf("hints searched: %v, waited: %v; want the hint asked for", got["term2048_hint_seconds_count"], got["term2048_hint_wait_seconds_count"])
	}
	if got["go_goroutines"] == 0 {
		t.Error("no go_goroutines: want the Go runtime's metrics too")
	}

	if err := stop(); err != nil {
		t.Errorf("stopping the metrics' server: %v", err)
	}
	if c, err := net.DialTimeout("tcp", addr, waitTime); err == nil {
		c.Close()
		t.Error("the metrics' address takes connections after the stop")
	}
}
