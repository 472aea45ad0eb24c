package tui

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/history"
)

// Leaving a game is one idempotent step: the game is recorded once however
// the program ends while it leaves it.
//
// Every game has an ID, kept in the saved game and in its line. The game
// left is recorded first — its line appended to the history, or, if the
// history cannot be written, to the file of the games that wait for it
// (playerdata.Files.UnrecordedPath) — and only then is the next game saved over it.
// A kill between the two leaves the old game saved with an ID the history
// knows: at the next start the game sees that it was left, and does not
// resume it, nor record it again. A game that could be recorded nowhere is
// not left at all: it stays the game in progress, so that nothing is lost.
//
// The games that wait are counted at once, and written to the history
// oldest first whenever a game is left, at the start and at the end of a
// session; a session that ends with some still waiting says so, and its
// exit status too.

// playedBefore is what the model knows of the games played before the game
// on screen, and of the writes of the history.
type playedBefore struct {
	games   []history.Record // the finished games of the history, oldest first
	earlier history.Earlier  // the games counted before the history began
	summary history.Summary  // the statistics of games and earlier: all but the game on screen

	// unreadable says why the history could not be read, or is nil. Games
	// are then not appended to it: the game could not tell whether a game
	// is in it already. They wait in the unrecorded file.
	unreadable error
	unrecorded []history.Game // games left, counted, whose lines wait to be written to the history, oldest first
	whole      []history.Game // the games left in this session, or waiting, with their moves: their records have no place in the file
	fileGames  int            // how many games the unrecorded file holds
	keepFile   bool           // the unrecorded file has lines that could not be read: it is added to, never rewritten
	err        error          // why the last write to the history failed
	leaving    leaveRate      // the games left lately, against Config.GamesPerMinute
}

// A leaveRate bounds the games left in a minute: a server records each
// (a line of the history, a row of its database, each waiting for the
// disk), and one key held down would leave hundreds of one-move games. The
// zero leaveRate bounds nothing.
type leaveRate struct {
	limit int         // games left in a minute at most; 0: no bound
	times []time.Time // when the last ones were left, oldest first, limit at most
}

// wait returns how long until another game may be left at now; 0 if one
// may be.
func (r *leaveRate) wait(now time.Time) time.Duration {
	if r.limit == 0 || len(r.times) < r.limit {
		return 0
	}
	return max(r.times[0].Add(time.Minute).Sub(now), 0)
}

// left counts a game left at now.
func (r *leaveRate) left(now time.Time) {
	if r.limit == 0 {
		return
	}
	if len(r.times) == r.limit {
		r.times = r.times[1:]
	}
	r.times = append(r.times, now)
}

// newGameID returns the ID of a new game: 64 random bits, in hex.
func newGameID() string { return fmt.Sprintf("%016x", rand.Uint64()) }

// recorded reports whether the game id was left already: its line is in
// the history, or waits to be written there.
func (m *Model) recorded(id string) bool {
	return id != "" && slices.ContainsFunc(m.past.games, func(r history.Record) bool { return r.ID == id })
}

// loadUnrecorded takes the games that wait for the history as games left,
// those the history does not hold already, and writes them to it if it can.
func (m *Model) loadUnrecorded() {
	if m.store == nil {
		return
	}
	games, damaged, notes, err := m.store.LoadUnrecorded()
	for _, n := range notes {
		m.warn(n)
	}
	if err != nil {
		m.warn("Games left earlier, not yet in the history, not read: " + err.Error())
		m.past.keepFile = true
		return
	}
	m.past.fileGames, m.past.keepFile = len(games), damaged
	for _, g := range games {
		if !m.recorded(g.ID) {
			m.past.unrecorded = append(m.past.unrecorded, g)
			m.past.whole = append(m.past.whole, g)
			m.past.games = append(m.past.games, g.Record)
		}
	}
	if len(m.past.unrecorded) > 0 {
		m.past.summary = history.Summarize(m.past.earlier, m.past.games)
	}
	m.writeUnrecorded()
}

// leave records the game on screen, as it stands, when the player leaves
// it, and counts it from then on (see the top of this file). It reports
// false, having warned the player, if the game could be kept nowhere: it
// must then stay the game in progress. A game of no move is not a game
// played, and a game left already is not recorded again.
func (m *Model) leave() bool {
	if m.cur.Game.MoveCount() == 0 || m.recorded(m.cur.ID) {
		return true
	}
	if wait := m.past.leaving.wait(m.now()); wait > 0 {
		m.note = fmt.Sprintf("You left %s in the last minute, the most this server records: this one goes on, and can be left in %s.",
			figures.Quantity(m.past.leaving.limit, "game"), figures.Quantity(int(wait.Seconds())+1, "second"))
		return false
	}
	g := m.line()
	if err := m.record(g); err != nil {
		m.warn("The game could not be recorded, so it goes on: " + err.Error())
		return false
	}
	m.past.leaving.left(m.now())
	m.past.whole = append(m.past.whole, g)
	m.past.games = append(m.past.games, g.Record)
	m.past.summary = history.Summarize(m.past.earlier, m.past.games)
	return true
}

// gameOf returns the game of r whole, with its moves: read again from the
// history, unless it was left in this session.
func (m *Model) gameOf(r history.Record) (history.Game, error) {
	if i := slices.IndexFunc(m.past.whole, func(g history.Game) bool { return g.Record == r }); i >= 0 {
		return m.past.whole[i], nil
	}
	if m.store == nil {
		return history.Game{}, errors.New("no history to read it from")
	}
	return m.store.ReadGame(r)
}

// record writes the line of a game left to the history, after the games
// that wait for it, or adds it to them.
func (m *Model) record(g history.Game) error {
	if m.store == nil {
		return nil
	}
	m.writeUnrecorded()
	if m.past.unreadable == nil && len(m.past.unrecorded) == 0 {
		err := m.store.AppendHistory(g)
		if err == nil {
			return nil
		}
		m.past.err = err
	}
	if err := m.store.AddUnrecorded(g); err != nil {
		return fmt.Errorf("%v; nor kept to be written later: %w", m.historyTrouble(), err)
	}
	m.past.unrecorded = append(m.past.unrecorded, g)
	m.past.fileGames++
	m.warn(fmt.Sprintf("The game left is not in the history yet (%v): it is counted, kept in %s, and written to the history as soon as it can be.",
		m.historyTrouble(), m.store.UnrecordedPath()))
	return nil
}

// historyTrouble says why the history is not written.
func (m *Model) historyTrouble() error {
	if m.past.unreadable != nil {
		return fmt.Errorf("the history could not be read: %w", m.past.unreadable)
	}
	return m.past.err
}

// writeUnrecorded writes the games that wait for the history to it, oldest
// first, until one fails, and leaves in the unrecorded file only those
// still waiting.
func (m *Model) writeUnrecorded() {
	if m.store == nil || m.past.unreadable != nil {
		return
	}
	n := 0
	for ; n < len(m.past.unrecorded); n++ {
		if err := m.store.AppendHistory(m.past.unrecorded[n]); err != nil {
			m.past.err = err
			break
		}
	}
	m.past.unrecorded = slices.Delete(m.past.unrecorded, 0, n)
	if m.past.fileGames != len(m.past.unrecorded) && !m.past.keepFile {
		// A failure leaves in the file games the history holds: the next
		// start passes over them, by their IDs.
		if m.store.SetUnrecorded(m.past.unrecorded) == nil {
			m.past.fileGames = len(m.past.unrecorded)
		}
	}
}

// unrecordedError says that games left are still not in the history at
// the end of a session, or is nil.
func (m *Model) unrecordedError() error {
	n := len(m.past.unrecorded)
	if n == 0 || m.store == nil {
		return nil
	}
	them := "they are"
	if n == 1 {
		them = "it is"
	}
	return fmt.Errorf("%s left could not be written to the history (%v); %s kept in %s and written there the next time the game starts",
		figures.Quantity(n, "game"), m.historyTrouble(), them, m.store.UnrecordedPath())
}
