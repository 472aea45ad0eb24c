//go:build serve

package serve

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/tui/practice"
)

// Config is what the command line decides about a server.
type Config struct {
	Dir         string        // the host key, the players' data and settings; created if need be
	MaxSessions int           // games played at once; the next players are told to come back later
	Allow       string        // an authorized_keys file: only its keys get in; "" lets any key in
	AIThreads   int           // the AI's searches of all the games that run at once
	Eval        ai.Evaluator  // scores the boards of every game's AI; nil is the default heuristic
	EvalName    string        // Eval's name, which each game's panel shows
	Think       time.Duration // the most time a hint or an autoplay move may take
	Idle        time.Duration // a game with no key for this long is saved and its player disconnected
	Log         *slog.Logger  // a line per session, and what was refused; nil logs nothing
	Ledger      string        // the players' database: "" for the SQLite file Dir/ledger.db, or a file's path, or a PostgreSQL URL (see ledger.Open)
	// HostKey and Secret name the files of the host key and of the key
	// that deals the daily challenges and signs the games, which servers
	// sharing a database share: they must exist. "": Dir's host_ed25519
	// and secret, made there the first time.
	HostKey, Secret string
	CheckLedger     bool   // check the whole ledger at the start (PRAGMA integrity_check), not only its structure; SQLite only
	Limits          Limits // the zero Limits are DefaultLimits
	// ProxyFrom are the TCP balancers whose connections begin with a PROXY
	// header (v1 or v2) that gives the player's address, which the limits
	// and the log then see; a connection from them without one is closed,
	// and a header from anyone else is not believed (see proxy.go). None:
	// the server takes no header.
	ProxyFrom Proxies
	// Metrics, if set, count what the server does for its operator (see
	// NewMetrics); a Metrics counts for one server.
	Metrics *Metrics

	// For tests of servers that share a ledger: the lifetime of the holds
	// of players' data (zero: 30 seconds), and a fault that fails their
	// renewals (see ledger.Options).
	holdLifetime time.Duration
	renewFault   func() error
	// findDaily finds the daily puzzle of a day, for the tests of its
	// board; nil is practice.FindDaily.
	findDaily practice.Finder
}

// Limits are the bounds the server sets on each connection, beyond those of
// Config.
type Limits struct {
	Conns      int           // connections open at once, in every state; 0 works it out from the file descriptors (see connsFor)
	Refusing   int           // connections refused at once, each held a second at most to be told why; 0: a quarter of Conns
	PerAddress int           // connections open at once from one address (an IPv6 /64)
	Burst      int           // connections one address may open at once before Every applies
	Every      time.Duration // then one connection per Every from that address
	Pending    int           // connections not yet logged in, from all addresses
	Greeting   time.Duration // from the connection to the client's first line, its SSH version, a balancer's PROXY header before it included
	Handshake  time.Duration // from the connection to the game, at most
	Grace      time.Duration // from the log-in to the session, at most
	KeepAlive  time.Duration // a client that does not answer a check within this is gone
	Stall      time.Duration // a client that takes no output for this long is gone
	Pace       time.Duration // the least time between two moves of autoplay
	Width      int           // the widest window drawn; wider ones are drawn as wide as this
	Height     int           // the tallest window drawn
	KeyRate    int           // the bytes of keys a second a client may send, on average
	KeyBurst   int           // the bytes of keys it may send at once
}

// DefaultLimits returns the limits of 2048 serve.
func DefaultLimits() Limits {
	return Limits{
		PerAddress: 8, Burst: 10, Every: 3 * time.Second, Pending: 64,
		Greeting: 5 * time.Second, Handshake: 20 * time.Second, Grace: 10 * time.Second,
		KeepAlive: 20 * time.Second, Stall: 30 * time.Second,
		Pace: 100 * time.Millisecond, Width: 400, Height: 200, KeyRate: 256, KeyBurst: 4096,
	}
}

// orDefaults returns l with DefaultLimits' value for each limit l leaves
// at zero.
func (l Limits) orDefaults() Limits {
	d := DefaultLimits()
	for _, f := range []struct{ v, def *int }{
		{&l.PerAddress, &d.PerAddress}, {&l.Burst, &d.Burst}, {&l.Pending, &d.Pending},
		{&l.Width, &d.Width}, {&l.Height, &d.Height}, {&l.KeyRate, &d.KeyRate}, {&l.KeyBurst, &d.KeyBurst},
	} {
		if *f.v <= 0 {
			*f.v = *f.def
		}
	}
	for _, f := range []struct{ v, def *time.Duration }{
		{&l.Every, &d.Every}, {&l.Greeting, &d.Greeting}, {&l.Handshake, &d.Handshake}, {&l.Grace, &d.Grace}, {&l.KeepAlive, &d.KeepAlive}, {&l.Stall, &d.Stall}, {&l.Pace, &d.Pace},
	} {
		if *f.v <= 0 {
			*f.v = *f.def
		}
	}
	if l.Conns <= 0 {
		l.Conns = connsFor(descriptorLimit())
	}
	if l.Refusing <= 0 {
		l.Refusing = refusingFor(l.Conns)
	}
	return l
}

// connsFor returns the connections a server may hold open when the
// process may have limit file descriptors open (0: unknown): what is left
// once the server's own are set aside, shared by the connections, each
// with the descriptors it takes with its game, and the refusals, a
// quarter as many, each with its socket; up to maxConns. So the server
// refuses a connection with a message before the process runs out of
// descriptors.
func connsFor(limit int) int {
	if limit <= 0 {
		return maxConns
	}
	return min(max(4*(limit-reservedDescriptors)/(4*descriptorsPerConn+1), 1), maxConns)
}

// refusingFor returns the refusals said at once beside conns connections:
// a quarter as many, at least one.
func refusingFor(conns int) int { return max(conns/4, 1) }

// Descriptors: those the server keeps for itself (its listener, the
// ledger and its journal, standard streams, the poller, a spare, and room
// for reading a file at a time), and those of each connection playing
// (its socket, a file of theirs read or written — the preferences, or the
// files an earlier server left, imported —, and a spare).
const (
	reservedDescriptors = 32
	descriptorsPerConn  = 3
	maxConns            = 4096
)

// checkConfig returns what is wrong with cfg, if anything.
func checkConfig(cfg Config) error {
	switch {
	case cfg.Dir == "":
		return errors.New("no directory for the host key and the players' data")
	case cfg.MaxSessions < 1:
		return fmt.Errorf("at least one session, not %d", cfg.MaxSessions)
	case cfg.Idle <= 0:
		return fmt.Errorf("an idle timeout above zero, not %v", cfg.Idle)
	}
	return nil
}

// A limitField is a limit as 2048 serve's -limit flag names it.
type limitField struct {
	name     string
	about    string
	count    *int           // a number, or
	duration *time.Duration // a duration
}

// fields returns the limits of l by the names -limit takes, in the order
// the documentation lists them.
func (l *Limits) fields() []limitField {
	return []limitField{
		{name: "conns", about: "connections open at once, in every state (default: from the file descriptors)", count: &l.Conns},
		{name: "per-address", about: "connections open at once from one address, or one IPv6 /64", count: &l.PerAddress},
		{name: "burst", about: "connections one address opens at once before -limit every applies", count: &l.Burst},
		{name: "every", about: "then one new connection an address per this", duration: &l.Every},
		{name: "pending", about: "connections not logged in yet, from all addresses", count: &l.Pending},
		{name: "refusing", about: "connections being told why they are refused, at once (default: a quarter of conns)", count: &l.Refusing},
		{name: "greeting", about: "from the connection to the client's SSH version line (and a balancer's PROXY header)", duration: &l.Greeting},
		{name: "handshake", about: "from the connection to the game", duration: &l.Handshake},
		{name: "grace", about: "from the log-in to the session", duration: &l.Grace},
		{name: "keepalive", about: "a client that does not answer a check within this is gone", duration: &l.KeepAlive},
		{name: "stall", about: "a client that takes no output for this long is gone", duration: &l.Stall},
		{name: "pace", about: "the least time between two moves of autoplay", duration: &l.Pace},
		{name: "width", about: "the widest window drawn", count: &l.Width},
		{name: "height", about: "the tallest window drawn", count: &l.Height},
		{name: "key-rate", about: "bytes of keys a second a client may send, on average", count: &l.KeyRate},
		{name: "key-burst", about: "bytes of keys a client may send at once", count: &l.KeyBurst},
	}
}

// Set sets the limit of name=value, as 2048 serve's -limit flag gives it:
// a count above zero, or a duration above zero.
func (l *Limits) Set(nameValue string) error {
	name, value, ok := strings.Cut(nameValue, "=")
	if !ok {
		return fmt.Errorf("%q: want NAME=VALUE, a name of %s", nameValue, l.names())
	}
	for _, f := range l.fields() {
		if f.name != name {
			continue
		}
		if f.count != nil {
			n, err := strconv.Atoi(value)
			if err != nil || n < 1 {
				return fmt.Errorf("%s=%s: want a whole number, 1 or more", name, value)
			}
			*f.count = n
			return nil
		}
		d, err := time.ParseDuration(value)
		if err != nil || d <= 0 {
			return fmt.Errorf("%s=%s: want a duration above zero, such as 5s", name, value)
		}
		*f.duration = d
		return nil
	}
	return fmt.Errorf("no limit %q: want one of %s", name, l.names())
}

// names lists the names of the limits.
func (l *Limits) names() string {
	var names []string
	for _, f := range l.fields() {
		names = append(names, f.name)
	}
	return strings.Join(names, ", ")
}

// String returns the limits set, as -limit flags would set them.
func (l *Limits) String() string {
	if l == nil {
		return ""
	}
	var set []string
	for _, f := range l.fields() {
		switch {
		case f.count != nil && *f.count > 0:
			set = append(set, f.name+"="+strconv.Itoa(*f.count))
		case f.duration != nil && *f.duration > 0:
			set = append(set, f.name+"="+f.duration.String())
		}
	}
	return strings.Join(set, " ")
}

// DescribeLimits writes the limits, each with its name, its default and
// what it bounds, one a line, for 2048 serve's help.
func DescribeLimits(w io.Writer) {
	d := DefaultLimits()
	for _, f := range d.fields() {
		def := "auto"
		switch {
		case f.count != nil && *f.count > 0:
			def = strconv.Itoa(*f.count)
		case f.duration != nil && *f.duration > 0:
			def = f.duration.String()
		}
		fmt.Fprintf(w, "  %-12s %-6s %s\n", f.name, def, f.about)
	}
}
