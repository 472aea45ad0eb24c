// Package race holds what the game and its opponents share of a race: two
// players on the same seed, each seeing the other's board as it changes.
// A Hub opens races; the game draws the race it is in and reports its
// moves to its Seat. 2048 serve's hub races friends (tui/serve); the
// local game's races the AI (tui/airace). The package holds no Charm
// import, so that an opponent need not import the game.
package race

import "github.com/term2048/2048/engine"

// A Hub opens races and lets players join them, for one player: the
// server gives each game its own. Its methods are safe for concurrent use.
type Hub interface {
	// Create opens a race, waiting for a friend, and returns the player's
	// seat in it: its code is what the friend joins with.
	Create() (Seat, error)
	// Join takes the second seat of the race whose code is code. It fails
	// for a code no race waits with (wrong, expired, or joined already), and
	// for the player's own race.
	Join(code string) (Seat, error)
}

// A Prompter is a Hub that says what its prompt asks for, in place of
// a friend's code.
type Prompter interface {
	Prompt() Prompt
}

// A Prompt is what a hub's prompt asks for.
type Prompt struct {
	Head  string // its title
	Text  string // what to type
	Enter string // what enter does
	Len   int    // the most characters of CodeAlphabet typed
}

// FriendPrompt asks for a friend's code, or none.
var FriendPrompt = Prompt{
	Head:  "Race a friend: ",
	Text:  "type their code and enter, or enter alone to make a race. esc: no race.",
	Enter: "join, or alone: make a race",
	Len:   CodeLen,
}

// A Seat is a player's place in a race, from its opening or joining
// until the player leaves it. Its methods are safe for concurrent use.
type Seat interface {
	// Code returns the race's code, which the friend types to join.
	Code() string
	// Seed returns the seed both players play.
	Seed() uint64
	// Updates brings the race as it stands each time it changes, only
	// the latest if the game has not taken the one before; it is closed
	// once the seat has left.
	Updates() <-chan State
	// Report tells the race where the player's game stands, after each
	// move.
	Report(Board)
	// Leave gives up the seat: a race not yet decided is lost by the
	// player who leaves it, and the friend is told. Leave may be called
	// more than once.
	Leave()
}

// A Board is where a player's game of a race stands.
type Board struct {
	Board engine.Board
	Score int
	Moves int
	Over  bool // no move is left
	Won   bool // the game has made 2048
	// Name is the player's name on the server's leaderboards, which the
	// friend's screen shows; "" when the player has none yet.
	Name string
}

// A State is a race as one of its players sees it.
type State struct {
	Started  bool  // the friend is in: both play
	Expired  bool  // no friend came in time: the race is closed
	Opponent Board // the friend's game; its zero value until they move or report
	Gone     bool  // the friend has left the race
	Result   Result
	By       Reason // why the race was decided; set with Result
}

// A Result is how a race ended for a player.
type Result int

// The results of a race.
const (
	On   Result = iota // not decided yet
	Won                // the player won
	Lost               // the friend won
	Tied               // both ended with the same score, neither with 2048
)

// A Reason is what decided a race.
type Reason int

// What decides a race.
const (
	By2048    Reason = iota + 1 // the first to make 2048 won
	ByScore                     // neither made 2048: the higher score, once both were out
	ByForfeit                   // a player left the race before it was decided
)

// CodeLen is the length of a race's code between friends.
const CodeLen = 6

// CodeAlphabet is the alphabet of the races' codes: capitals and
// digits, none that reads as another (no 0, O, 1, I or L).
const CodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// An Error is why a hub refused a race, in words for the player.
type Error struct{ Why string }

// Error returns the words for the player.
func (e *Error) Error() string { return e.Why }

// Decide returns how a race not yet decided stands for a player once
// they report mine, their friend's game standing at friend: Won by2048 if
// mine made 2048 (the first to report it wins); once both games are over
// without it, Won, Lost or Tied by their scores; else On. Every hub
// decides by it, so that a race is decided alike wherever it is played.
func Decide(mine, friend Board) (Result, Reason) {
	switch {
	case mine.Won:
		return Won, By2048
	case !mine.Over || !friend.Over:
		return On, 0
	case mine.Score > friend.Score:
		return Won, ByScore
	case mine.Score < friend.Score:
		return Lost, ByScore
	}
	return Tied, ByScore
}
