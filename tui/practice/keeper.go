package practice

import (
	"context"
	"errors"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/practice/deck"
)

// A Keeper keeps the practice beside the game: the player's deck, read in
// the background at the start; the games left in the session scanned for
// puzzles in the background, a game at a time, and every game of the
// history not scanned yet once the practice has been opened; the deck
// written after each change, one write at a time; and the Session of the
// practice's screen while it is open.
//
// Its methods are called from the game's Update alone: what takes time
// they return as Jobs, which the game runs as commands and whose answers,
// the messages ReadMsg, FoundMsg, SavedMsg, LineMsg and TickMsg, it hands
// to Handle. The messages DailyMsg and BoardMsg bring the daily puzzle
// (see FindDaily), found in the background once the practice opens, and
// its board on a server.
type Keeper struct {
	Deck    *deck.Deck // the player's practice; nil until read
	Session *Session   // the screen's while it is open; nil when it is not

	ctx      context.Context
	store    Store
	acquire  Acquire  // bounds the searches of the scans; nil: as they come
	dailies  *Dailies // finds the daily puzzles; nil: none
	finding  string   // the date of the daily puzzle a job finds, or failed to find
	busy     bool     // a job finds the daily puzzle
	readOnly bool     // the practice could not be read: it is not written over
	scanning bool     // a job scans a game
	whole    bool     // scan the whole history, not only the games left in the session
	saving   bool     // a job writes the deck
	dirty    bool     // the deck changed while it was written
	failed   bool     // a write failed: the player was told once
	line     uint64   // numbers the AI's lines of the puzzles solved; the one shown
	scanned  int      // games scanned since the screen opened
	// idle is the number of games, and whole, when KeepUp last found none
	// to scan: until either changes, it finds none again without looking.
	idle struct {
		games int
		whole bool
	}
}

// A Job is work to do off the game's Update: it returns a message for
// Handle.
type Job func() any

// Store is where the practice and the games are: a playerdata.Store.
type Store interface {
	Reviews
	ReadGame(r history.Record) (history.Game, error)
	LoadPractice() (*deck.Deck, error)
	SavePractice(d *deck.Deck) error
	Ranks() playerdata.Ranks // nil: no board of the daily puzzle
}

// Played are the player's games, as the game holds them: those of the
// history, and those left in the session, whole.
type Played struct {
	Games []history.Record
	Left  []history.Game
}

// The messages of the jobs.
type (
	// ReadMsg brings the practice read.
	ReadMsg struct {
		deck *deck.Deck
		err  error
	}
	// FoundMsg brings the puzzles found in a game.
	FoundMsg struct {
		key   string
		found []puzzle.Puzzle
		err   error
	}
	// SavedMsg says that a write of the deck ended.
	SavedMsg struct{ err error }
	// LineMsg brings the AI's line of a puzzle solved.
	LineMsg struct {
		id     uint64
		boards []engine.Board
	}
	// TickMsg shows the next move of the AI's line.
	TickMsg struct{ id uint64 }
)

// LineStep is the time between two moves of the AI's line after a puzzle
// solved.
const LineStep = 600 * time.Millisecond

// NewKeeper returns the keeper of the practice kept in store, with ctx
// the game's: nil keeps nothing, and the deck is an empty one at once.
// The scans search on one core, each search once acquire lets it, if it
// is not nil (see Find). The daily puzzles come from dailies; nil gives
// none.
func NewKeeper(ctx context.Context, store Store, acquire Acquire, dailies *Dailies) *Keeper {
	k := &Keeper{ctx: ctx, store: store, acquire: acquire, dailies: dailies}
	if store == nil {
		k.Deck = &deck.Deck{}
	}
	return k
}

// Read returns the job that reads the practice; nil without a store.
func (k *Keeper) Read() Job {
	if k.store == nil {
		return nil
	}
	store := k.store
	return func() any {
		d, err := store.LoadPractice()
		return ReadMsg{d, err}
	}
}

// Handle takes the answer of a job, with the player's games and the time,
// and returns the jobs to run next, and a warning for the player if
// something went wrong.
func (k *Keeper) Handle(msg any, p Played, now time.Time) (jobs []Job, warning string) {
	switch msg := msg.(type) {
	case ReadMsg:
		return k.onRead(msg, p, now)
	case FoundMsg:
		return k.onFound(msg, p, now), ""
	case DailyMsg:
		return k.onDaily(msg, p, now), ""
	case BoardMsg:
		return nil, k.onBoard(msg)
	case SavedMsg:
		k.saving = false
		if msg.err != nil && !k.failed {
			k.failed, warning = true, "The practice could not be kept: "+msg.err.Error()
		}
		if k.dirty {
			k.dirty = false
			return []Job{k.save()}, warning
		}
		return nil, warning
	case LineMsg:
		if k.Session != nil && msg.id == k.line {
			k.Session.SetLine(msg.boards)
			return []Job{tick(msg.id)}, ""
		}
	case TickMsg:
		if k.Session != nil && msg.id == k.line && k.Session.Step() {
			return []Job{tick(msg.id)}, ""
		}
	}
	return nil, ""
}

// tick returns the job that shows the next move of line id after
// LineStep.
func tick(id uint64) Job {
	return func() any {
		<-time.After(LineStep)
		return TickMsg{id}
	}
}

// onRead takes the practice read.
func (k *Keeper) onRead(msg ReadMsg, p Played, now time.Time) (jobs []Job, warning string) {
	if msg.err != nil {
		warning = "Practice: " + msg.err.Error()
	}
	k.Deck = msg.deck
	if k.Deck == nil {
		k.Deck, k.readOnly = &deck.Deck{}, true
	}
	if k.Session != nil {
		k.Session.Deck = k.Deck
		jobs = append(jobs, k.findDaily(now), k.start(p, now))
	}
	return append(jobs, k.KeepUp(p)), warning
}

// unscanned returns the games to scan: those of the history not scanned
// yet once the practice has been opened, else those left in the session.
func (k *Keeper) unscanned(p Played) []history.Record {
	if k.Deck == nil {
		return nil
	}
	if k.whole {
		return Unscanned(p.Games, k.Deck.IsScanned)
	}
	left := make([]history.Record, len(p.Left))
	for i, g := range p.Left {
		left[i] = g.Record
	}
	return Unscanned(left, k.Deck.IsScanned)
}

// KeepUp returns the job that scans the next game not scanned yet, if no
// game is being scanned; nil if none is left. The game calls it after a
// key, which may have left a game.
func (k *Keeper) KeepUp(p Played) Job {
	games := len(p.Games) + len(p.Left)
	if k.scanning || k.store == nil || k.Deck == nil || k.idle.games == games && k.idle.whole == k.whole {
		return nil
	}
	todo := k.unscanned(p)
	if len(todo) == 0 {
		k.idle.games, k.idle.whole = games, k.whole
		return nil
	}
	k.scanning = true
	r, store, ctx, acquire := todo[0], k.store, k.ctx, k.acquire
	var whole *history.Game
	for i := range p.Left {
		if p.Left[i].Record == r {
			whole = &p.Left[i]
		}
	}
	return func() any { return scanGame(ctx, store, r, whole, acquire) }
}

// scanGame finds the puzzles of the game of r, read from the history
// unless whole is it.
func scanGame(ctx context.Context, store Store, r history.Record, whole *history.Game, acquire Acquire) FoundMsg {
	msg := FoundMsg{key: GameKey(r)}
	var g history.Game
	if whole != nil {
		g = *whole
	} else if g, msg.err = store.ReadGame(r); msg.err != nil {
		return msg
	}
	msg.found, msg.err = Find(ctx, store, g, acquire)
	return msg
}

// onFound adds the puzzles of a game scanned to the deck, keeps it, and
// scans the next game.
func (k *Keeper) onFound(msg FoundMsg, p Played, now time.Time) []Job {
	k.scanning = false
	if errors.Is(msg.err, context.Canceled) {
		return nil // the game ends
	}
	k.Deck.Add(msg.key, msg.found) // a game that cannot be read or replayed has none
	jobs := []Job{k.KeepUp(p)}
	if k.Session != nil {
		k.scanned++
		jobs = append(jobs, k.start(p, now))
	}
	return append(jobs, k.save())
}

// start shows the first puzzle on a screen that has none, the built-in
// puzzles added for a player whose games gave none and are all scanned.
func (k *Keeper) start(p Played, now time.Time) Job {
	var job Job
	left := len(k.unscanned(p))
	if left == 0 && AddBuiltIn(k.Deck) {
		job = k.save()
	}
	k.Session.Scanned, k.Session.ToScan, k.Session.Finding = k.scanned, k.scanned+left, k.busy
	k.Session.Found(k.scanning || left > 0, now)
	return job
}

// save returns the job that writes the deck, or marks it to be written
// once the write in progress ends.
func (k *Keeper) save() Job {
	if k.readOnly || k.store == nil || k.Deck == nil {
		return nil
	}
	if k.saving {
		k.dirty = true
		return nil
	}
	k.saving = true
	d, store := k.Deck.Clone(), k.store
	return func() any { return SavedMsg{store.SavePractice(d)} }
}

// Open opens the practice's Session: a puzzle known at once, and from now
// on every game of the history not scanned yet scanned.
func (k *Keeper) Open(p Played, now time.Time) []Job {
	k.whole, k.scanned = true, 0
	d := k.Deck
	if d == nil {
		d = &deck.Deck{} // until the practice is read
	}
	find := k.findDaily(now) // nil until the practice is read: onRead starts it
	k.Session = &Session{Deck: d, current: -1, Finding: k.busy}
	k.Session.Next(true, now)
	if k.Deck == nil {
		return nil // onRead starts it
	}
	return []Job{k.start(p, now), k.KeepUp(p), find}
}

// Close closes the Session.
func (k *Keeper) Close() { k.Session, k.line = nil, 0 }

// Answer takes d as the answer to the puzzle on screen, and returns the
// jobs that keep the deck and, for the right answer, play the AI's line
// on; none if the answer was not taken.
func (k *Keeper) Answer(d engine.Direction, now time.Time) []Job {
	s := k.Session
	if s == nil || !s.Answer(d, now) {
		return nil
	}
	jobs := []Job{k.save(), k.record(now)}
	if e, ok := s.Current(); ok && s.Phase == Solved {
		k.line++
		id, ctx, b, best := k.line, k.ctx, e.Board(), e.Best()
		jobs = append(jobs, func() any {
			boards, _ := PlayOn(ctx, ai.NewSearcher(ai.Config{Threads: 1, TableMB: 4}), b, best) // cut short: as far as it went
			return LineMsg{id, boards}
		})
	}
	return jobs
}

// Next goes to the next puzzle once the one on screen is answered.
func (k *Keeper) Next(now time.Time) {
	if s := k.Session; s != nil && (s.Phase == Solved || s.Phase == Missed) {
		k.line = 0
		s.Next(k.scanning, now)
	}
}
