//go:build serve

package serve

import (
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/term2048/2048/tui"
	"github.com/term2048/2048/tui/serve/ledger"
)

// This file races friends through the ledger, when servers share it (see
// Server.sharedLedger): a race made on one server is joined from another,
// and each seat's server writes its player's moves to the ledger and reads
// the friend's from it (ledger.DB.CreateRace and the rest).
//
// The friend's moves are polled, every racePoll, rather than announced
// by PostgreSQL's LISTEN/NOTIFY: polling works the same on both databases
// the ledger keeps (servers may share a SQLite file on one machine), needs
// no connection held open per server to listen on, and misses nothing
// when a connection drops, where a notification sent while no one
// listened is lost and would need the poll anyway. Its cost is a query
// per seat per poll, and a friend's move shown up to racePoll late, which
// a race between two people does not feel.
//
// No key of the player's waits for the database: Report keeps the board
// and wakes the seat's goroutine, which writes it; Leave does the same
// with the leave. The goroutine ends once the leave is written.

// racePoll is how often a seat's server reads its race in the ledger.
const racePoll = 200 * time.Millisecond

// ledgerRaces are the races of a server kept in the ledger it shares.
// Its methods are safe for concurrent use.
type ledgerRaces struct {
	db    *ledger.DB
	local *Races // this server's own: its players in a race, their wrong codes, whether it is closing
	log   *slog.Logger
	poll  time.Duration
	seats sync.WaitGroup // the goroutines of the seats, until each has written its leave
}

// newLedgerRaces returns the races of a server kept in db, bounded by
// lim on this server.
func newLedgerRaces(db *ledger.DB, lim RaceLimits, log *slog.Logger) *ledgerRaces {
	return &ledgerRaces{db: db, local: NewRaces(lim), log: log, poll: racePoll}
}

// For returns the races as the game of player sees them.
func (h *ledgerRaces) For(player string) *PlayerRaces {
	return &PlayerRaces{races: h, player: player}
}

// Count returns the seats of this server's players not yet left.
func (h *ledgerRaces) Count() int { return h.local.Count() }

// Close closes the races to this server's new players.
func (h *ledgerRaces) Close() { h.local.Close() }

// settle waits for the seats left to have written their leave.
func (h *ledgerRaces) settle() { h.seats.Wait() }

// setStarted sets the function told of each race a friend joins here.
func (h *ledgerRaces) setStarted(f func()) { h.local.started = f }

// enter counts player in a seat of this server, if they may take one.
func (h *ledgerRaces) enter(player string, joining bool) error {
	rs := h.local
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if err := rs.refusal(player); err != nil {
		return err
	}
	if joining {
		if err := rs.tooManyWrong(player); err != nil {
			return err
		}
	} else if rs.count >= rs.lim.Races {
		return &tui.RaceError{Why: fmt.Sprintf("The server has %d races going, as many as it takes: try again in a while.", rs.count)}
	}
	rs.seated[player] = true
	rs.count++
	return nil
}

// exit counts player out of their seat; wrong, the code they typed named
// no race.
func (h *ledgerRaces) exit(player string, wrong bool) {
	rs := h.local
	rs.mu.Lock()
	defer rs.mu.Unlock()
	delete(rs.seated, player)
	rs.count--
	if wrong {
		rs.wrongCode(player)
	}
}

// create opens a race in the ledger for player.
func (h *ledgerRaces) create(player string) (playerSeat, error) {
	if err := h.enter(player, false); err != nil {
		return nil, err
	}
	seed, err := raceSeed()
	if err != nil {
		h.exit(player, false)
		return nil, fmt.Errorf("the seed of a race: %w", err)
	}
	for {
		code, err := randomCode()
		if err == nil {
			err = h.db.CreateRace(code, seed, player, time.Now().Add(h.local.lim.Expire))
		}
		if errors.Is(err, ledger.ErrCodeTaken) {
			continue
		}
		if err != nil {
			h.exit(player, false)
			return nil, err
		}
		return h.seat(code, seed, 0, player), nil
	}
}

// join seats player in the race of code, in the ledger.
func (h *ledgerRaces) join(player, code string) (playerSeat, error) {
	if err := h.enter(player, true); err != nil {
		return nil, err
	}
	seed, err := h.db.JoinRace(code, player)
	switch {
	case errors.Is(err, ledger.ErrNoRace):
		h.exit(player, true)
		return nil, h.local.noRace(code)
	case errors.Is(err, ledger.ErrOwnRace):
		h.exit(player, false)
		return nil, errOwnRace
	case err != nil:
		h.exit(player, false)
		return nil, err
	}
	if h.local.started != nil {
		h.local.started()
	}
	return h.seat(code, seed, 1, player), nil
}

// seat returns the seat i of the race of code for player, its goroutine
// started.
func (h *ledgerRaces) seat(code string, seed uint64, i int, player string) *ledgerSeat {
	s := &ledgerSeat{hub: h, code: code, seed: seed, i: i, player: player,
		updates: make(chan tui.RaceState, 1), wake: make(chan struct{}, 1)}
	h.seats.Add(1)
	go s.run()
	return s
}

// A ledgerSeat is a player's seat in a race kept in the ledger: it
// implements tui.RaceSeat.
type ledgerSeat struct {
	hub    *ledgerRaces
	code   string
	seed   uint64
	i      int // 0 opened the race, 1 joined it
	player string

	updates chan tui.RaceState // the latest state only; its one sender is run
	wake    chan struct{}      // a report or the leave to write

	mu     sync.Mutex
	report *tui.RaceBoard // the board reported and not yet written
	left   bool
}

// Code returns the race's code.
func (s *ledgerSeat) Code() string { return s.code }

// Seed returns the race's seed.
func (s *ledgerSeat) Seed() uint64 { return s.seed }

// Updates brings the race's state each time it changes.
func (s *ledgerSeat) Updates() <-chan tui.RaceState { return s.updates }

// Report keeps where the player's game stands, for the seat's goroutine
// to write, in place of a board it has not written yet.
func (s *ledgerSeat) Report(b tui.RaceBoard) {
	s.mu.Lock()
	if !s.left {
		s.report = &b
	}
	s.mu.Unlock()
	s.nudge()
}

// Leave gives up the seat: the seat's goroutine writes it, a race not
// decided lost and the friend told, and closes the updates.
func (s *ledgerSeat) Leave() {
	s.mu.Lock()
	left := s.left
	s.left = true
	s.mu.Unlock()
	if !left {
		s.hub.exit(s.player, false)
		s.nudge()
	}
}

// hasLeft reports whether the player has left the seat.
func (s *ledgerSeat) hasLeft() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.left
}

// nudge wakes the seat's goroutine.
func (s *ledgerSeat) nudge() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// take returns the board to write, if any, and whether the seat is left.
func (s *ledgerSeat) take() (*tui.RaceBoard, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.report
	s.report = nil
	return b, s.left
}

// run writes the seat's reports to the ledger and reads the race there,
// at each report and every poll, sending the player each state that
// differs from the one before, until the seat is left; it then writes
// the leave and closes the updates.
func (s *ledgerSeat) run() {
	defer s.hub.seats.Done()
	defer close(s.updates)
	tick := time.NewTicker(s.hub.poll)
	defer tick.Stop()
	var last tui.RaceState // a race waiting for a friend: nothing to tell
	renewed := time.Now()
	failing := false
	for {
		select {
		case <-s.wake:
		case <-tick.C:
		}
		b, left := s.take()
		var err error
		if b != nil {
			err = s.hub.db.ReportRace(s.code, s.i, *b)
		}
		if left {
			s.logFailure(errors.Join(err, s.hub.db.LeaveRace(s.code, s.i)), &failing)
			return
		}
		renew := time.Since(renewed) >= s.hub.db.HoldLifetime()/3
		st, readErr := s.hub.db.RaceState(s.code, s.i, renew)
		if s.logFailure(errors.Join(err, readErr), &failing); readErr != nil {
			continue
		}
		if renew { // three times a lifetime, after which the friend's server takes the seat as left
			renewed = time.Now()
		}
		if st != last {
			last = st
			select {
			case <-s.updates: // not taken: this one replaces it
			default:
			}
			s.updates <- st
		}
	}
}

// logFailure logs the first error of a run of the seat's writes and
// reads that fail, and the first success after them.
func (s *ledgerSeat) logFailure(err error, failing *bool) {
	switch {
	case err != nil && !errors.Is(err, ledger.ErrRaceGone) && !*failing:
		*failing = true
		s.hub.log.Warn("race not written or read", "code", s.code, "player", s.player, "err", err)
	case err == nil && *failing:
		*failing = false
		s.hub.log.Info("race written and read again", "code", s.code, "player", s.player)
	}
}
