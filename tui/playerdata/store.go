package playerdata

import (
	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/practice/deck"
	"github.com/term2048/2048/tui/prefs"
)

// A Store is a player's data, as the game asks for it: the game in
// progress, the history of finished games and its index, the games that
// wait for the history, the reviews of the AI kept, the practice (its
// puzzles and ratings), and the leaderboards
// of a server, and where the preferences are kept. A local player's is
// Files; 2048 serve keeps all of a player's data in its database.
//
// A Store is used by one game at a time (see Lock), from Update and from
// the game's commands: ReadGame, LoadReview and SaveReview, and the
// methods of Ranks, LoadPractice and SavePractice, may run on goroutines
// of their own while Update calls the others.
//
// Its methods keep the rules of Files': data that cannot be read is
// never written over, and the errors, shown to the player, say where it
// is and what became of it (ForPlayer).
type Store interface {
	GameSaver

	// Lock takes the player's data for this game alone, and returns the
	// function that gives it back. If another game holds it, the error
	// is a *dirlock.HeldError; if it cannot be taken at all, the error
	// says why, and the game may play on unguarded, the player told.
	Lock() (release func(), err error)

	// LoadHistory reads the index of the history of finished games, with
	// notes for the player of what was skipped. When none of it can be
	// read, the error is an *UnreadableError, and nothing may then be
	// appended to it in this session.
	LoadHistory() (*history.Index, []string, error)
	// ReadGame reads the game of r whole, with its moves, from the
	// history.
	ReadGame(r history.Record) (history.Game, error)
	// AppendHistory adds a finished game to the history, durably. A store
	// with leaderboards (Ranks) ranks the game there in the same write,
	// if it ranks: the history and the ranks never disagree.
	AppendHistory(g history.Game) error
	// MigrateStats carries the statistics kept by earlier versions of the
	// game into the history once, less what adjust takes away, and
	// returns what it carried: nothing, and no error, without any.
	MigrateStats(log *history.Index, adjust func(history.Earlier) history.Earlier) (history.Earlier, error)

	// LoadUnrecorded reads the games left while the history could not be
	// written, that wait for it; damaged says that some could not be read,
	// and the games kept must then be left as they are. A store that keeps
	// no games apart from the history (UnrecordedPath is "") returns none:
	// its AddUnrecorded fails, and a game that could not be added to the
	// history stays the game in progress.
	LoadUnrecorded() (games []history.Game, damaged bool, notes []string, err error)
	// AddUnrecorded keeps g, a game left whose line could not be written
	// to the history, until it can be, durably.
	AddUnrecorded(g history.Game) error
	// SetUnrecorded leaves only games waiting for the history.
	SetUnrecorded(games []history.Game) error

	// LoadReview returns the AI's searches kept for the first positions
	// of g at the setting set: none, and no error, without any.
	LoadReview(g review.Game, set review.Setting) ([]ai.Result, error)
	// SaveReview keeps searches, the AI's searches at set of the first
	// len(searches) positions of g, in place of those kept before.
	SaveReview(g review.Game, set review.Setting, searches []ai.Result) error

	// LoadPractice reads the player's practice (package deck): an empty
	// deck without any. A practice that does not decode is kept aside for
	// the player, and the error, saying where, comes with an empty deck;
	// one that cannot be read comes with none, and must not be written
	// over (SavePractice is then not called).
	LoadPractice() (*deck.Deck, error)
	// SavePractice keeps d as the player's practice, in place of the one
	// kept.
	SavePractice(d *deck.Deck) error

	// Ranks returns the leaderboards the player's games are ranked on;
	// nil for a local player, who has none.
	Ranks() Ranks

	// Prefs returns where the player's preferences are kept (read with
	// settings.LoadFrom): a file the player edits for a local player,
	// which the game watches; a record the game alone changes on a
	// server.
	Prefs() prefs.Storage

	// HistoryPath and UnrecordedPath say where the history and the games
	// that wait for it are, for the messages to the player; UnrecordedPath
	// is "" for a store that keeps no games apart from the history.
	HistoryPath() string
	UnrecordedPath() string
	// ForPlayer returns text, a message for the player, with the places
	// it names as the player knows them.
	ForPlayer(text string) string
}

var _ Store = (*Files)(nil)
