package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/engine"
)

// This file holds what the game knows of a race against a friend (2048
// serve): two players on the same seed, each seeing the other's board as
// it changes. The server matches the players and keeps the race (a
// RaceHub, given in Config.Races); the game draws it and tells the server
// its moves. The local game has no hub, and no race.

// A RaceHub opens races and lets players join them, for one player: the
// server gives each game its own. Its methods are safe for concurrent use.
type RaceHub interface {
	// Create opens a race, waiting for a friend, and returns the player's
	// seat in it: its code is what the friend joins with.
	Create() (RaceSeat, error)
	// Join takes the second seat of the race whose code is code. It fails
	// for a code no race waits with (wrong, expired, or joined already), and
	// for the player's own race.
	Join(code string) (RaceSeat, error)
}

// A RaceSeat is a player's place in a race, from its opening or joining
// until the player leaves it. Its methods are safe for concurrent use.
type RaceSeat interface {
	// Code returns the race's code, which the friend types to join.
	Code() string
	// Seed returns the seed both players play.
	Seed() uint64
	// Updates brings the race as it stands each time it changes, only
	// the latest if the game has not taken the one before; it is closed
	// once the seat has left.
	Updates() <-chan RaceState
	// Report tells the race where the player's game stands, after each
	// move.
	Report(RaceBoard)
	// Leave gives up the seat: a race not yet decided is lost by the
	// player who leaves it, and the friend is told. Leave may be called
	// more than once.
	Leave()
}

// A RaceBoard is where a player's game of a race stands.
type RaceBoard struct {
	Board engine.Board
	Score int
	Moves int
	Over  bool // no move is left
	Won   bool // the game has made 2048
	// Name is the player's name on the server's leaderboards, which the
	// friend's screen shows; "" when the player has none yet.
	Name string
}

// A RaceState is a race as one of its players sees it.
type RaceState struct {
	Started  bool      // the friend is in: both play
	Expired  bool      // no friend came in time: the race is closed
	Opponent RaceBoard // the friend's game; its zero value until they move or report
	Gone     bool      // the friend has left the race
	Result   RaceResult
	By       RaceReason // why the race was decided; set with Result
}

// A RaceResult is how a race ended for a player.
type RaceResult int

// The results of a race.
const (
	RaceOn   RaceResult = iota // not decided yet
	RaceWon                    // the player won
	RaceLost                   // the friend won
	RaceTied                   // both ended with the same score, neither with 2048
)

// A RaceReason is what decided a race.
type RaceReason int

// What decides a race.
const (
	By2048    RaceReason = iota + 1 // the first to make 2048 won
	ByScore                         // neither made 2048: the higher score, once both were out
	ByForfeit                       // a player left the race before it was decided
)

// RaceCodeLen is the length of a race's code.
const RaceCodeLen = 6

// RaceCodeAlphabet is the alphabet of the races' codes: capitals and
// digits, none that reads as another (no 0, O, 1, I or L).
const RaceCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// racing is the race of the game: the hub, the seat taken, the race as it
// last stood, and the code being typed.
type racing struct {
	hub     RaceHub   // nil: no race here (the local game)
	seat    RaceSeat  // nil when in no race
	state   RaceState // the race as it last stood
	entry   []rune    // the code being typed
	typing  bool      // the player is typing a code
	leaving bool      // the player is asked whether to leave the race
	quits   bool      // and leaving it quits the game too (q asked it)
	lost    bool      // the player left a race under way as the game ended: the farewell says so
	game    string    // the ID of the game of the race, once it started
	mine    int       // the score of the player's game of the race, as last reported
}

// raceMsg brings the race as it stands now to the game.
type raceMsg struct {
	seat  RaceSeat
	state RaceState
	ended bool // the seat has left: no more updates
}

// listen waits for the next update of seat's race, until the seat
// has left or ctx is done; the goroutine of the command ends with either.
func (r *racing) listen(m *Model, seat RaceSeat) tea.Cmd {
	updates, done := seat.Updates(), m.ctx.Done()
	return func() tea.Msg {
		select {
		case s, ok := <-updates:
			return raceMsg{seat: seat, state: s, ended: !ok}
		case <-done:
			return nil
		}
	}
}

// running reports whether the game on screen is a race being played: the
// race has started, is not decided, and the game goes on. Hints, autoplay,
// undo and the keys that leave the game wait until then.
func (r *racing) running(m *Model) bool {
	return r.seat != nil && r.state.Started && r.state.Result == RaceOn && m.cur.ID == r.game && !m.cur.Game.Over()
}

// board returns where the game on screen stands, as the race sees it.
func (r *racing) board(m *Model) RaceBoard {
	g := m.cur.Game
	return RaceBoard{Board: g.Board(), Score: g.Score(), Moves: g.MoveCount(), Over: g.Over(), Won: g.Won(), Name: m.ranks.name}
}

// report tells the race where the game on screen stands, if it is the
// race's game.
func (r *racing) report(m *Model) {
	if r.seat != nil && r.state.Started && m.cur.ID == r.game {
		b := r.board(m)
		r.mine = b.Score
		r.seat.Report(b)
	}
}

// leave gives up the seat in a race, if any.
func (r *racing) leave() {
	if r.seat != nil {
		r.seat.Leave()
	}
	r.seat, r.state, r.leaving, r.quits, r.game, r.mine = nil, RaceState{}, false, false, "", 0
}

// friend names the friend as a sentence does, by their name if the race
// knows it, else as "your friend"; capital starts a sentence.
func (r *racing) friend(capital bool) string {
	switch {
	case r.state.Opponent.Name != "":
		return r.state.Opponent.Name
	case capital:
		return "Your friend"
	}
	return "your friend"
}

// leaveDecided leaves a race that is decided, or expired, once a game
// other than the race's is on screen: its board and result belong to the
// race's game, not beside the next.
func (r *racing) leaveDecided(m *Model) {
	if r.seat != nil && r.game != "" && m.cur.ID != r.game && (r.state.Result != RaceOn || r.state.Expired) {
		r.leave()
	}
}
