package playerdata

import "time"

// Ranks are the leaderboards of a server, as one of its players sees
// them: the player's name there, and the boards. The player's games are
// ranked as the Store adds them to their history (see
// Store.AppendHistory). The game calls it from commands, on goroutines of
// their own, and from Update: its methods must be safe for concurrent use.
type Ranks interface {
	// Player returns the player's name, and whether they chose it (else it
	// is the default name the server gave them).
	Player() (name string, chosen bool, err error)
	// Rename gives the player a name, and returns it as kept; the error of
	// a name refused says why, for the player.
	Rename(name string) (string, error)
	// Board returns a board: the daily challenge of the date daily, or the
	// best game of every player for "", of the games played with the AI if
	// assisted, else of those played by hand.
	Board(daily string, assisted bool) ([]Standing, error)

	// AnswerPuzzle records the player's answer to the daily puzzle of
	// a.Date, if it is their first to it: a date other than the server's
	// today is refused, and a later answer changes nothing. It reports
	// whether this answer was recorded.
	AnswerPuzzle(a PuzzleAnswer) (recorded bool, err error)
	// PuzzleBoard returns the board of the daily puzzle of date: the
	// players who answered it right, fastest first, at most top of them,
	// the player's own answer, and how many tried it.
	PuzzleBoard(date string, top int) (PuzzleBoard, error)
}

// A PuzzleAnswer is a player's answer to the daily puzzle of a day.
type PuzzleAnswer struct {
	Date  string        // the day's, as history.DailyDate writes it
	Right bool          // the best move was played
	Took  time.Duration // from the puzzle shown to the answer
}

// A PuzzleBoard is the board of the daily puzzle of a day: those who
// answered it right, by the time they took, the shortest first; of two
// equal times, the one who answered first.
type PuzzleBoard struct {
	Date   string
	Tried  int              // the players who answered, right or wrong
	Solved int              // those who answered right
	Top    []PuzzleStanding // the first of those who answered right
	// Yours is the player's own answer, its Yours set; the zero
	// PuzzleStanding if they gave none.
	Yours PuzzleStanding
}

// A PuzzleStanding is a row of a PuzzleBoard: a player's answer.
type PuzzleStanding struct {
	Place int // 1 for the fastest right answer; 0 for a wrong one
	Name  string
	Right bool
	Took  time.Duration
	Yours bool // the player's own row
}

// A Standing is a row of a board.
type Standing struct {
	Place int // 1 for the highest score; a tie shares its place
	Name  string
	Score int
	Tile  int  // the game's highest tile
	Undos int  // the moves taken back in the game
	Yours bool // the player's own row
}
