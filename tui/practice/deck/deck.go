// Package deck keeps a player's practice: the puzzles found in their games
// (ai/puzzle), each puzzle's rating and its place in the schedule of
// spaced repetition, the player's practice rating and its history, and
// which games of the history were scanned for puzzles. It encodes it all
// as one versioned, checksummed blob (Encode, Decode), which the player's
// store keeps: a file for a local player, a row of the server's database
// for a player of 2048 serve.
//
// The package does no I/O.
package deck

import (
	"cmp"
	"slices"
	"time"

	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/practice/glicko"
)

// An Entry is a puzzle of the deck with its rating and schedule.
type Entry struct {
	puzzle.Puzzle
	// Game is the key of the game of the history the puzzle comes from
	// (see practice.GameKey); "" for a puzzle of the AI's own games.
	Game string
	// Daily is the date of the day the puzzle was the daily puzzle of
	// (YYYY-MM-DD), the same for every player; "" for another.
	Daily  string
	Rating glicko.Rating
	Tries  int // attempts, right or wrong
	Solved int // attempts that were right
	// Step is the puzzle's place in the schedule (see Deck.Attempt): 0 for
	// none, 1 to 3 for a puzzle failed that comes back after Intervals[Step-1].
	Step int
	Due  time.Time // when it comes back; the zero Time for a puzzle not scheduled
	Last time.Time // the last attempt; the zero Time for a puzzle never tried
}

// New reports whether the puzzle was never tried.
func (e *Entry) New() bool { return e.Tries == 0 }

// A Point is the player's rating after a rated attempt.
type Point struct {
	When      time.Time
	Rating    float64
	Deviation float64
}

// A Deck is a player's practice. The zero Deck is a new player's: no
// puzzle, and a zero Player rating that Attempt takes for glicko.NewPlayer.
type Deck struct {
	Player  glicko.Rating // the zero Rating until the first rated attempt
	Puzzles []Entry
	Trend   []Point  // the player's rating after each rated attempt, oldest first
	Scanned []string // the keys of the games of the history scanned for puzzles, sorted
}

// Intervals are the waits of the spaced repetition: a puzzle failed comes
// back after a day, then after three, then after a week.
var Intervals = [...]time.Duration{24 * time.Hour, 3 * 24 * time.Hour, 7 * 24 * time.Hour}

// PlayerRating returns the player's rating: glicko.NewPlayer before the
// first rated attempt.
func (d *Deck) PlayerRating() glicko.Rating {
	if d.Player == (glicko.Rating{}) {
		return glicko.NewPlayer()
	}
	return d.Player
}

// IsScanned reports whether the game of key was scanned for puzzles.
func (d *Deck) IsScanned(key string) bool {
	_, ok := slices.BinarySearch(d.Scanned, key)
	return ok
}

// Add adds the puzzles found in the game of key, those of a board the deck
// holds already left out, and marks the game scanned. A puzzle added is
// new: rated glicko.NewPuzzle, never tried, not scheduled.
func (d *Deck) Add(key string, found []puzzle.Puzzle) {
	if key != "" {
		if i, ok := slices.BinarySearch(d.Scanned, key); !ok {
			d.Scanned = slices.Insert(d.Scanned, i, key)
		}
	}
	for _, p := range found {
		if d.Find(p.Board()) < 0 {
			d.Puzzles = append(d.Puzzles, Entry{Puzzle: p, Game: key, Rating: glicko.NewPuzzle()})
		}
	}
}

// AddDaily adds p as the daily puzzle of date, and returns its index: a
// puzzle of its board the deck holds already, the daily puzzle of no day,
// becomes date's, and is tried as it was.
func (d *Deck) AddDaily(date string, p puzzle.Puzzle) int {
	if i := d.Find(p.Board()); i >= 0 {
		if d.Puzzles[i].Daily == "" && d.Puzzles[i].Game == "" && d.Puzzles[i].Move == 0 {
			d.Puzzles[i].Daily = date
		}
		return i
	}
	d.Puzzles = append(d.Puzzles, Entry{Puzzle: p, Daily: date, Rating: glicko.NewPuzzle()})
	return len(d.Puzzles) - 1
}

// Daily returns the index of the daily puzzle of date, or -1.
func (d *Deck) Daily(date string) int {
	return slices.IndexFunc(d.Puzzles, func(e Entry) bool { return e.Daily == date })
}

// Find returns the index of the puzzle of board b, or -1.
func (d *Deck) Find(b engine.Board) int {
	return slices.IndexFunc(d.Puzzles, func(e Entry) bool { return e.Board() == b })
}

// Attempt records an attempt at puzzle i at now, right or wrong, and moves
// the puzzle along the schedule of spaced repetition:
//
//   - A wrong answer, whatever the puzzle's place, schedules it again a day
//     later (Step 1).
//   - A right answer to a puzzle scheduled (Step 1 or 2) and due moves it
//     a step on: 3 days after a first success, 7 after a second (Step 2,
//     then 3); right at Step 3, it leaves the schedule (Step 0), learned.
//   - A right answer to a puzzle not scheduled, or not due yet, leaves its
//     schedule as it is.
//
// The first attempt at a puzzle is a rated game between the player and the
// puzzle (glicko.Match), which changes both ratings and adds a Point to
// the Trend; later attempts rate nothing. It reports whether the attempt
// was rated.
func (d *Deck) Attempt(i int, right bool, now time.Time) (rated bool) {
	e := &d.Puzzles[i]
	if e.New() {
		p, q, err := glicko.Match(d.PlayerRating(), e.Rating, right, 0)
		if err == nil {
			d.Player, e.Rating, rated = p, q, true
			d.Trend = append(d.Trend, Point{When: now, Rating: p.Rating, Deviation: p.Deviation})
		}
	}
	e.Tries++
	e.Last = now
	switch {
	case !right:
		e.Step, e.Due = 1, now.Add(Intervals[0])
	case e.Step > 0 && !now.Before(e.Due) && e.Step < len(Intervals):
		e.Solved++
		e.Step++
		e.Due = now.Add(Intervals[e.Step-1])
	case e.Step > 0 && !now.Before(e.Due):
		e.Solved++
		e.Step, e.Due = 0, time.Time{}
	default:
		e.Solved++
	}
	return rated
}

// Next returns the index of the puzzle to try at now, or -1 for none; skip,
// if not -1, is the puzzle just tried, taken only if there is no other.
// The order: the puzzles due first, the longest due first; then the new
// ones, the player's slips first, then those of the player's games, then
// the AI's, each in the order they were found; then the others, the one
// tried longest ago first, a puzzle not due in the schedule last.
func (d *Deck) Next(now time.Time, skip int) int {
	best := -1
	for i := range d.Puzzles {
		if i == skip {
			continue
		}
		if best < 0 || d.before(i, best, now) {
			best = i
		}
	}
	if best < 0 && skip >= 0 && skip < len(d.Puzzles) {
		return skip
	}
	return best
}

// before reports whether puzzle i comes before puzzle j at now.
func (d *Deck) before(i, j int, now time.Time) bool {
	a, b := &d.Puzzles[i], &d.Puzzles[j]
	ra, rb := rank(a, now), rank(b, now)
	if ra != rb {
		return ra < rb
	}
	switch ra {
	case dueRank:
		return a.Due.Before(b.Due)
	case slipRank, ownRank, builtInRank:
		return i < j
	}
	return a.Last.Before(b.Last)
}

// The ranks of the order of Next.
const (
	dueRank = iota
	slipRank
	ownRank
	builtInRank
	triedRank
	waitingRank
)

// rank returns where e comes in the order of Next.
func rank(e *Entry, now time.Time) int {
	switch {
	case e.Step > 0 && !now.Before(e.Due):
		return dueRank
	case e.New() && e.Slip:
		return slipRank
	case e.New() && e.Game != "":
		return ownRank
	case e.New():
		return builtInRank
	case e.Step > 0:
		return waitingRank
	}
	return triedRank
}

// Due returns how many puzzles are due at now.
func (d *Deck) Due(now time.Time) int {
	n := 0
	for i := range d.Puzzles {
		if rank(&d.Puzzles[i], now) == dueRank {
			n++
		}
	}
	return n
}

// Own returns how many puzzles come from the player's games.
func (d *Deck) Own() int {
	return len(d.Puzzles) - countFunc(d.Puzzles, func(e Entry) bool { return e.Game == "" })
}

// Dailies returns how many puzzles were daily puzzles.
func (d *Deck) Dailies() int {
	return countFunc(d.Puzzles, func(e Entry) bool { return e.Daily != "" })
}

// countFunc returns how many elements of s f reports true for.
func countFunc[T any](s []T, f func(T) bool) int {
	n := 0
	for _, v := range s {
		if f(v) {
			n++
		}
	}
	return n
}

// Clone returns a copy of d that shares nothing with it.
func (d *Deck) Clone() *Deck {
	c := *d
	c.Puzzles = slices.Clone(d.Puzzles)
	c.Trend = slices.Clone(d.Trend)
	c.Scanned = slices.Clone(d.Scanned)
	return &c
}

// sortScanned sorts the keys of the games scanned, for IsScanned.
func (d *Deck) sortScanned() {
	slices.SortFunc(d.Scanned, cmp.Compare[string])
	d.Scanned = slices.Compact(d.Scanned)
}
