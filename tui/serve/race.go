//go:build serve

package serve

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"math/big"
	"slices"
	"sync"
	"time"

	"github.com/term2048/2048/tui"
	rules "github.com/term2048/2048/tui/race"
)

// This file matches players for races against a friend: one opens a race
// and gets a code to give the friend, who joins with it; both then play
// the same seed, and each game is told where the other's stands after
// every move. The first to make 2048 wins; if neither does, the higher
// score once both are out; a player who leaves a race not yet decided
// loses it.
//
// The races hold no goroutine: a race that waits for a friend has a timer,
// which closes its code when nobody joins in time, and the games' own
// commands wait for their seats' updates. A race ends when both players
// have left it, which every game does when it ends (see Races.For).

// RaceLimits bound the races of a server.
type RaceLimits struct {
	Races      int           // races at once, waiting for a friend or played; each player is in one at most
	Expire     time.Duration // a code nobody joins within this is closed
	WrongCodes int           // codes no race waits with a player may type within Expire; then joining waits
}

// defaultRaceLimits returns the limits of the races of a server of
// sessions games.
func defaultRaceLimits(sessions int) RaceLimits {
	return RaceLimits{Races: max(sessions/2, 1), Expire: 10 * time.Minute, WrongCodes: 10}
}

// Races are the races of a server. Its methods are safe for concurrent
// use.
type Races struct {
	lim RaceLimits

	mu     sync.Mutex
	open   map[string]*race       // by code: the races waiting for a friend
	count  int                    // races not yet left by both
	seated map[string]bool        // by player: those in a race
	wrong  map[string]*wrongTries // by player: the codes typed that no race waits with
	closed bool                   // the server is shutting down

	started func() // if set, told of each race a friend joins (see Metrics)
}

// wrongTries counts the wrong codes a player typed since a time.
type wrongTries struct {
	n     int
	since time.Time
}

// A race is two seats on one seed, the second empty until the friend
// joins.
type race struct {
	code    string
	seed    uint64
	expiry  *time.Timer // closes the code; stopped once the friend is in
	seats   [2]*raceSeat
	expired bool
	winner  int // the seat that won, or -1
	result  [2]tui.RaceResult
	by      tui.RaceReason
	gone    int // the seats left
}

// A raceSeat is a player's seat in a race: it implements tui.RaceSeat.
type raceSeat struct {
	races   *Races
	race    *race
	i       int // 0 opened the race, 1 joined it
	player  string
	updates chan tui.RaceState // the latest state only
	board   tui.RaceBoard
	left    bool
}

// NewRaces returns the races of a server, bounded by lim.
func NewRaces(lim RaceLimits) *Races {
	return &Races{lim: lim, open: map[string]*race{}, seated: map[string]bool{}, wrong: map[string]*wrongTries{}}
}

// Close closes the races to new players, and the codes waiting for a
// friend: the server is shutting down, and its games leave their seats as
// they end.
func (rs *Races) Close() {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.closed = true
	for code, r := range rs.open {
		r.expiry.Stop()
		delete(rs.open, code)
	}
}

// settle returns at once: the races in memory leave nothing to wait for.
func (rs *Races) settle() {}

// setStarted sets the function told of each race a friend joins.
func (rs *Races) setStarted(f func()) { rs.started = f }

// Count returns the races not yet left by both players.
func (rs *Races) Count() int {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return rs.count
}

// For returns the races as the game of player sees them. Close leaves the
// seat the game holds, if any, when the game has ended, however it ended.
func (rs *Races) For(player string) *PlayerRaces {
	return &PlayerRaces{races: rs, player: player}
}

// PlayerRaces are the races as one game sees them: it implements
// tui.RaceHub for the player of the game.
type PlayerRaces struct {
	races  raceTable
	player string

	mu    sync.Mutex
	seats []playerSeat // the seats the game took, to leave when it ends
}

// A raceTable opens races and seats players in them: Races, in the
// server's memory, or ledgerRaces, in the ledger that servers share.
type raceTable interface {
	create(player string) (playerSeat, error)
	join(player, code string) (playerSeat, error)
}

// A playerSeat is a seat a raceTable gave a player.
type playerSeat interface {
	tui.RaceSeat
	hasLeft() bool // whether the player has left it
}

// Create opens a race for the player.
func (p *PlayerRaces) Create() (tui.RaceSeat, error) {
	s, err := p.races.create(p.player)
	if err != nil {
		return nil, err
	}
	p.took(s)
	return s, nil
}

// Join takes the second seat of the race of code.
func (p *PlayerRaces) Join(code string) (tui.RaceSeat, error) {
	s, err := p.races.join(p.player, code)
	if err != nil {
		return nil, err
	}
	p.took(s)
	return s, nil
}

// took notes a seat taken by the game, and forgets those it has left.
func (p *PlayerRaces) took(s playerSeat) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.seats = append(slices.DeleteFunc(p.seats, playerSeat.hasLeft), s)
}

// hasLeft reports whether the seat's player has left it.
func (s *raceSeat) hasLeft() bool {
	s.races.mu.Lock()
	defer s.races.mu.Unlock()
	return s.left
}

// Close leaves every seat the game took: its race is lost if it was not
// decided, and the friend told.
func (p *PlayerRaces) Close() {
	p.mu.Lock()
	seats := p.seats
	p.seats = nil
	p.mu.Unlock()
	for _, s := range seats {
		s.Leave()
	}
}

// refusal returns why a player cannot take a seat now, or nil. rs.mu is
// held.
func (rs *Races) refusal(player string) error {
	switch {
	case rs.closed:
		return &tui.RaceError{Why: "The server is shutting down: no new race."}
	case rs.seated[player]:
		return &tui.RaceError{Why: "You are in a race already: leave it first."}
	}
	return nil
}

// create opens a race for player, waiting for a friend until the limits'
// Expire.
func (rs *Races) create(player string) (playerSeat, error) {
	seed, err := raceSeed()
	if err != nil {
		return nil, fmt.Errorf("the seed of a race: %w", err)
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if err := rs.refusal(player); err != nil {
		return nil, err
	}
	if rs.count >= rs.lim.Races {
		return nil, &tui.RaceError{Why: fmt.Sprintf("The server has %d races going, as many as it takes: try again in a while.", rs.count)}
	}
	code, err := rs.newCode()
	if err != nil {
		return nil, err
	}
	r := &race{code: code, seed: seed, winner: -1}
	s := rs.seat(r, 0, player)
	r.expiry = time.AfterFunc(rs.lim.Expire, func() { rs.expire(r) })
	rs.open[code] = r
	rs.count++
	return s, nil
}

// seat seats player in seat i of r. rs.mu is held.
func (rs *Races) seat(r *race, i int, player string) *raceSeat {
	s := &raceSeat{races: rs, race: r, i: i, player: player, updates: make(chan tui.RaceState, 1)}
	r.seats[i] = s
	rs.seated[player] = true
	return s
}

// join seats player in the race of code, which starts.
func (rs *Races) join(player, code string) (playerSeat, error) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if err := rs.refusal(player); err != nil {
		return nil, err
	}
	if err := rs.tooManyWrong(player); err != nil {
		return nil, err
	}
	r := rs.open[code]
	switch {
	case r == nil:
		rs.wrongCode(player)
		return nil, rs.noRace(code)
	case r.seats[0].player == player:
		return nil, errOwnRace
	}
	r.expiry.Stop()
	delete(rs.open, code)
	s := rs.seat(r, 1, player)
	r.seats[0].send()
	s.send()
	if rs.started != nil {
		rs.started()
	}
	return s, nil
}

// noRace says that no race waits with code.
func (rs *Races) noRace(code string) error {
	return &tui.RaceError{Why: fmt.Sprintf("No race waits with the code %s: check it with your friend (a code lets one friend in, within %s).", code, minutes(rs.lim.Expire))}
}

// errOwnRace is the error of a player who typed their own race's code.
var errOwnRace = &tui.RaceError{Why: "That is your own race's code: give it to your friend."}

// minutes writes d for a player: "10 minutes", or as Go writes a
// duration if it is not whole minutes.
func minutes(d time.Duration) string {
	switch {
	case d == time.Minute:
		return "a minute"
	case d > 0 && d%time.Minute == 0:
		return fmt.Sprintf("%d minutes", d/time.Minute)
	}
	return d.String()
}

// tooManyWrong returns why player may not try a code now: too many wrong
// ones lately. rs.mu is held.
func (rs *Races) tooManyWrong(player string) error {
	w := rs.wrong[player]
	if w == nil || time.Since(w.since) >= rs.lim.Expire {
		delete(rs.wrong, player)
		return nil
	}
	if w.n >= rs.lim.WrongCodes {
		return &tui.RaceError{Why: fmt.Sprintf("%d wrong codes: wait a few minutes before the next.", w.n)}
	}
	return nil
}

// wrongCode counts a code player typed that no race waits with, and
// forgets the counts of other players that are old. rs.mu is held.
func (rs *Races) wrongCode(player string) {
	for p, w := range rs.wrong {
		if time.Since(w.since) >= rs.lim.Expire {
			delete(rs.wrong, p)
		}
	}
	w := rs.wrong[player]
	if w == nil {
		w = &wrongTries{since: time.Now()}
		rs.wrong[player] = w
	}
	w.n++
}

// expire closes the code of r if nobody has joined it, and tells its
// player.
func (rs *Races) expire(r *race) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if r.seats[1] != nil || rs.open[r.code] != r {
		return
	}
	delete(rs.open, r.code)
	r.expired = true
	r.seats[0].send()
}

// newCode returns a code no race waiting uses. rs.mu is held.
func (rs *Races) newCode() (string, error) {
	for {
		code, err := randomCode()
		if err != nil || rs.open[code] == nil {
			return code, err
		}
	}
}

// randomCode returns a code of a race drawn at random.
func randomCode() (string, error) {
	b := make([]byte, tui.RaceCodeLen)
	n := big.NewInt(int64(len(tui.RaceCodeAlphabet)))
	for i := range b {
		k, err := rand.Int(rand.Reader, n)
		if err != nil {
			return "", fmt.Errorf("the code of a race: %w", err)
		}
		b[i] = tui.RaceCodeAlphabet[k.Int64()]
	}
	return string(b), nil
}

// raceSeed returns the seed of a new race: 64 random bits, secret as the
// seeds of the server's other games are (see tui.Config.SecretSeeds), so
// that neither friend can have an AI of their own see the tiles to come.
func raceSeed() (uint64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint64(b[:]), nil
}

// Code returns the race's code.
func (s *raceSeat) Code() string { return s.race.code }

// Seed returns the race's seed.
func (s *raceSeat) Seed() uint64 { return s.race.seed }

// Updates brings the race's state each time it changes.
func (s *raceSeat) Updates() <-chan tui.RaceState { return s.updates }

// Report takes where the player's game stands, decides the race if it
// does, and tells the friend.
func (s *raceSeat) Report(b tui.RaceBoard) {
	rs := s.races
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r := s.race
	if s.left || r.seats[1] == nil {
		return
	}
	s.board = b
	other := r.seats[1-s.i]
	if r.result[0] == tui.RaceOn {
		switch result, by := rules.Decide(b, other.board); result {
		case tui.RaceWon:
			r.decide(s.i, by)
		case tui.RaceLost:
			r.decide(other.i, by)
		case tui.RaceTied:
			r.result, r.by = [2]tui.RaceResult{tui.RaceTied, tui.RaceTied}, by
		}
	}
	other.send()
	if r.result[s.i] != tui.RaceOn {
		s.send()
	}
}

// decide makes seat i the winner of r, for the reason by.
func (r *race) decide(i int, by tui.RaceReason) {
	r.winner, r.by = i, by
	r.result[i], r.result[1-i] = tui.RaceWon, tui.RaceLost
}

// Leave gives up the seat: the race is lost if it was not decided, and
// the friend told. The seat's updates are closed.
func (s *raceSeat) Leave() {
	rs := s.races
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if s.left {
		return
	}
	s.left = true
	close(s.updates)
	delete(rs.seated, s.player)
	r := s.race
	r.gone++
	other := r.seats[1-s.i]
	if other == nil { // nobody joined
		r.expiry.Stop()
		if rs.open[r.code] == r {
			delete(rs.open, r.code)
		}
		rs.count--
		return
	}
	if r.result[0] == tui.RaceOn {
		r.decide(other.i, tui.ByForfeit)
	}
	other.send()
	if r.gone == 2 {
		rs.count--
	}
}

// send gives the seat's player the race as it stands, in place of a state
// not yet taken. rs.mu is held.
func (s *raceSeat) send() {
	if s.left {
		return
	}
	r := s.race
	st := tui.RaceState{Started: r.seats[1] != nil, Expired: r.expired, Result: r.result[s.i], By: r.by}
	if other := r.seats[1-s.i]; other != nil {
		st.Opponent, st.Gone = other.board, other.left
	}
	select {
	case <-s.updates:
	default:
	}
	s.updates <- st // the only sender, under rs.mu: there is room now
}
