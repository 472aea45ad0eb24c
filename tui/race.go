package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/tui/race"
)

// This file holds what the game knows of a race: two players on the same
// seed, each seeing the other's board as it changes. A hub, given in
// Config.Races, keeps the race (2048 serve's matches friends; the local
// game's races the AI); the game draws it and tells the hub its moves.

// The race's types are package race's, shared with the hubs (see
// tui/race); these names are the game's and 2048 serve's.
type (
	RaceHub    = race.Hub
	RaceSeat   = race.Seat
	RaceBoard  = race.Board
	RaceState  = race.State
	RaceResult = race.Result
	RaceReason = race.Reason
	RaceError  = race.Error
)

// The results of a race, what decides one, and its codes (see package race).
const (
	RaceOn, RaceWon, RaceLost, RaceTied = race.On, race.Won, race.Lost, race.Tied
	By2048, ByScore, ByForfeit          = race.By2048, race.ByScore, race.ByForfeit
	RaceCodeLen, RaceCodeAlphabet       = race.CodeLen, race.CodeAlphabet
)

// racing is the race of the game: the hub, the seat taken, the race as it
// last stood, and the code being typed.
type racing struct {
	hub     RaceHub   // nil: no race here (the local game)
	seat    RaceSeat  // nil when in no race
	state   RaceState // the race as it last stood
	entry   []rune    // the code being typed, or to enter at the start
	now     bool      // enter a race at the start (Config.RaceNow)
	typing  bool      // the player is typing a code
	leaving bool      // the player is asked whether to leave the race
	quits   bool      // and leaving it quits the game too (q asked it)
	lost    bool      // the player left a race under way as the game ended: the farewell says so
	game    string    // the ID of the game of the race, once it started
	mine    int       // the score of the player's game of the race, as last reported
	asks    uint64    // numbers the asks to open or join a race: the seat of the last one only is taken
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
