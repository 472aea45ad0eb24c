//go:build serve

package serve

import (
	"context"
	"log/slog"
	"sync/atomic"

	"github.com/term2048/2048/tui/serve/ledger"
)

// This file names a player in the log of their session by the name they
// go by on the leaderboards, beside their key's fingerprint: the name an
// operator reads on the boards, and hears of from other players.

// playerLog returns the log of the session of the player of fingerprint,
// whose name is name, connected from addr: each line says player=… name=…
// addr=…, the name as it is when the line is written.
func (s *Server) playerLog(fingerprint string, name *playerName, addr string) *slog.Logger {
	h := s.log.With("player", fingerprint).Handler()
	return slog.New(&namedHandler{inner: h, name: name}).With("addr", addr)
}

// A namedHandler writes the player's name, as it is when a line is
// logged, in each line of its inner handler, before the line's other
// attributes: the handlers of log/slog format those of With once, when it
// is called, and the name may change later in the session.
type namedHandler struct {
	inner slog.Handler
	name  *playerName
	after []slog.Attr // those of With, written after the name
}

// Enabled reports whether the inner handler writes lines of level.
func (h *namedHandler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.inner.Enabled(ctx, level)
}

// Handle writes r with the name, then the attributes of With, first.
func (h *namedHandler) Handle(ctx context.Context, r slog.Record) error {
	named := slog.NewRecord(r.Time, r.Level, r.Message, r.PC)
	named.AddAttrs(slog.Any("name", h.name))
	named.AddAttrs(h.after...)
	r.Attrs(func(a slog.Attr) bool {
		named.AddAttrs(a)
		return true
	})
	return h.inner.Handle(ctx, named)
}

// WithAttrs returns the handler that writes attrs after the name.
func (h *namedHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &namedHandler{inner: h.inner, name: h.name, after: append(h.after[:len(h.after):len(h.after)], attrs...)}
}

// WithGroup returns the handler whose lines' attributes, the name among
// them, are in the group.
func (h *namedHandler) WithGroup(group string) slog.Handler {
	return &namedHandler{inner: h.inner.WithAttrs(h.after).WithGroup(group), name: h.name}
}

// A playerName is the name a player goes by on the leaderboards, which the
// log of their session shows beside their key's fingerprint: read when the
// session starts, and again when the game reads it or the player chooses
// another. Its methods are safe for concurrent use, and do nothing on a
// nil playerName.
type playerName struct{ name atomic.Pointer[string] }

// set makes name the player's.
func (n *playerName) set(name string) {
	if n != nil {
		n.name.Store(&name)
	}
}

// learn reads the name of the player of fingerprint from db; a player new
// to it is added with their default name, as their game adds them.
func (n *playerName) learn(db *ledger.DB, fingerprint string) {
	if db == nil {
		return
	}
	if p, err := db.Join(fingerprint); err == nil {
		n.set(p.Name)
	}
}

// LogValue returns the name, "" until it is known.
func (n *playerName) LogValue() slog.Value {
	if p := n.name.Load(); p != nil {
		return slog.StringValue(*p)
	}
	return slog.StringValue("")
}
