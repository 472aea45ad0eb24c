//go:build serve

package serve

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are what a server counts for its operator, in Prometheus's
// text format (see Handler and Serve), in a registry of their own: the
// sessions and connections open, the games started and finished, the
// saves that failed, the AI's time per hint, the races, the connections
// refused by the limit they were over, with the Go runtime's and the
// process's own. One server counts into a Metrics; its methods are safe
// for concurrent use.
type Metrics struct {
	reg *prometheus.Registry

	gamesStarted  prometheus.Counter
	gamesFinished prometheus.Counter
	savesFailed   prometheus.Counter
	racesStarted  prometheus.Counter
	refusals      *prometheus.CounterVec
	evicted       prometheus.Counter
	hintWait      prometheus.Histogram
	hintSearch    prometheus.Histogram
}

// metricsPrefix begins the name of every metric of the server's own (a
// name may not begin with a digit).
const metricsPrefix = "term2048_"

// NewMetrics returns the metrics of a server, each at zero.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		gamesStarted: prometheus.NewCounter(prometheus.CounterOpts{Name: metricsPrefix + "games_started_total",
			Help: "Games begun on the server (a game resumed from its save is not counted again)."}),
		gamesFinished: prometheus.NewCounter(prometheus.CounterOpts{Name: metricsPrefix + "games_finished_total",
			Help: "Games left and recorded in their player's history."}),
		savesFailed: prometheus.NewCounter(prometheus.CounterOpts{Name: metricsPrefix + "saves_failed_total",
			Help: "Saves of a game in progress that did not reach the ledger (a full disk, a ledger that cannot be written)."}),
		racesStarted: prometheus.NewCounter(prometheus.CounterOpts{Name: metricsPrefix + "races_started_total",
			Help: "Races a friend joined, so that both played."}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{Name: metricsPrefix + "refusals_total",
			Help: "Connections and sessions refused, by the limit they were over (as -limit names it; full: -max-sessions; busy: out of file descriptors; silent: refused without a word, too many refusals being said)."},
			[]string{"reason"}),
		evicted: prometheus.NewCounter(prometheus.CounterOpts{Name: metricsPrefix + "connections_evicted_total",
			Help: "Connections not yet playing closed to make room for a newcomer."}),
		hintWait: prometheus.NewHistogram(prometheus.HistogramOpts{Name: metricsPrefix + "hint_wait_seconds",
			Help:    "Time a hint or an autoplay move waited for a thread of the AI's pool.",
			Buckets: prometheus.ExponentialBuckets(0.001, 4, 8)}),
		hintSearch: prometheus.NewHistogram(prometheus.HistogramOpts{Name: metricsPrefix + "hint_seconds",
			Help:    "Time the AI searched for a hint or an autoplay move, on its thread (at most -think).",
			Buckets: prometheus.ExponentialBuckets(0.001, 2, 12)}),
	}
	m.reg.MustRegister(m.gamesStarted, m.gamesFinished, m.savesFailed, m.racesStarted, m.refusals, m.evicted, m.hintWait, m.hintSearch,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	for _, reason := range refusalReasons {
		m.refusals.WithLabelValues(reason) // each at zero, so that a rate can be taken from the first refusal
	}
	return m
}

// refusalReasons are the reasons of term2048_refusals_total: the limits of
// overLimit, and the refusals of no limit of -limit.
var refusalReasons = []string{"per-address", "burst", "conns", "pending", "full", "busy", "silent"}

// watch adds to m the gauges of s: its sessions, its connections by
// state, its races. A Metrics watches one server.
func (m *Metrics) watch(s *Server) error {
	gauges := []prometheus.Collector{
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: metricsPrefix + "sessions", Help: "Games being played."},
			func() float64 { return float64(s.sessions()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: metricsPrefix + "races", Help: "Races open: waiting for a friend, or played."},
			func() float64 { return float64(s.races.Count()) }),
	}
	for state := greeting; state <= playing; state++ {
		gauges = append(gauges, prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: metricsPrefix + "connections",
			Help: "Connections open, by state: greeting (no SSH version yet), logging in, logged in (no session yet), playing.", ConstLabels: prometheus.Labels{"state": state.String()}},
			func() float64 { return float64(s.conns.byState()[state]) }))
	}
	for _, g := range gauges {
		if err := m.reg.Register(g); err != nil {
			return fmt.Errorf("the metrics: %w (a Metrics counts for one server)", err)
		}
	}
	return nil
}

// gameStarted, gameFinished and saveFailed count a game begun, a game
// recorded, a save that failed; on a nil Metrics (a player's data outside
// a server) they count nothing.
func (m *Metrics) gameStarted() {
	if m != nil {
		m.gamesStarted.Inc()
	}
}

func (m *Metrics) gameFinished() {
	if m != nil {
		m.gamesFinished.Inc()
	}
}

func (m *Metrics) saveFailed() {
	if m != nil {
		m.savesFailed.Inc()
	}
}

// refused counts a refusal for reason (see refusalReasons).
func (m *Metrics) refused(reason string) { m.refusals.WithLabelValues(reason).Inc() }

// searched records the times of a hint or an autoplay move on the pool.
func (m *Metrics) searched(waited, searched time.Duration) {
	m.hintWait.Observe(waited.Seconds())
	m.hintSearch.Observe(searched.Seconds())
}

// Handler returns the HTTP handler that serves the metrics in Prometheus's
// formats: at most a few scrapes at once, each within a few seconds.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{MaxRequestsInFlight: 4, Timeout: 10 * time.Second})
}

// Serve serves the metrics over HTTP on l, at /metrics, until ctx is done;
// then it closes l, lets the scrapes under way end (a few seconds at
// most), and returns nil. Its server bounds the time of each request's
// parts and its headers' size: a client that holds a connection without
// asking, or asks slowly, is let go.
func (m *Metrics) Serve(ctx context.Context, l net.Listener) error {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	srv := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      20 * time.Second,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    8 << 10,
	}
	stopped := make(chan error, 1)
	stop := context.AfterFunc(ctx, func() {
		shutdown, cancel := context.WithTimeout(context.Background(), metricsShutdown)
		defer cancel()
		err := srv.Shutdown(shutdown)
		if err != nil {
			err = srv.Close()
		}
		stopped <- err
	})
	defer stop()
	if err := srv.Serve(l); !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serving the metrics: %w", err)
	}
	return <-stopped
}

// metricsShutdown is how long the scrapes under way have to end when the
// server stops.
const metricsShutdown = 3 * time.Second
