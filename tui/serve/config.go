//go:build serve

package serve

import (
	"errors"
	"fmt"
	"log/slog"
	"time"
)

// Config is what the command line decides about a server.
type Config struct {
	Dir         string        // the host key and the players' files; created if need be
	MaxSessions int           // games played at once; the next players are told to come back later
	Allow       string        // an authorized_keys file: only its keys get in; "" lets any key in
	AIThreads   int           // the AI's searches of all the games that run at once
	Think       time.Duration // the most time a hint or an autoplay move may take
	Idle        time.Duration // a game with no key for this long is saved and its player disconnected
	Log         *slog.Logger  // a line per session, and what was refused; nil logs nothing
	Limits      Limits        // the zero Limits are DefaultLimits
}

// Limits are the bounds the server sets on each connection, beyond those of
// Config.
type Limits struct {
	PerAddress int           // connections open at once from one address
	Burst      int           // connections one address may open at once before Every applies
	Every      time.Duration // then one connection per Every from that address
	Pending    int           // connections not yet logged in, from all addresses
	Handshake  time.Duration // from the connection to the game, at most
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
		PerAddress: 8, Burst: 10, Every: 3 * time.Second, Pending: 32,
		Handshake: 20 * time.Second, KeepAlive: 20 * time.Second, Stall: 30 * time.Second,
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
		{&l.Every, &d.Every}, {&l.Handshake, &d.Handshake}, {&l.KeepAlive, &d.KeepAlive}, {&l.Stall, &d.Stall}, {&l.Pace, &d.Pace},
	} {
		if *f.v <= 0 {
			*f.v = *f.def
		}
	}
	return l
}

// checkConfig returns what is wrong with cfg, if anything.
func checkConfig(cfg Config) error {
	switch {
	case cfg.Dir == "":
		return errors.New("no directory for the host key and the players' files")
	case cfg.MaxSessions < 1:
		return fmt.Errorf("at least one session, not %d", cfg.MaxSessions)
	case cfg.Idle <= 0:
		return fmt.Errorf("an idle timeout above zero, not %v", cfg.Idle)
	}
	return nil
}
