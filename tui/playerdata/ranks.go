package playerdata

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
