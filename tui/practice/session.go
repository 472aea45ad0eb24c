package practice

import (
	"time"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/practice/deck"
	"github.com/term2048/2048/tui/practice/glicko"
)

// A Phase is what the practice screen shows.
type Phase uint8

// The phases of a Session.
const (
	Looking Phase = iota // no puzzle to show yet: the player's games are being scanned
	Asking               // a puzzle, waiting for the player's move
	Solved               // the right move: the AI's line plays on
	Missed               // a wrong move: its verdict, its loss and why the best is best
	Nothing              // no puzzle at all, and no game left to scan
)

// A Session is the state of the practice screen: the deck, the puzzle on
// screen and the answer given. It does no I/O and keeps no time of its
// own: the screen hands it the time, the AI's line and the progress of the
// scan.
type Session struct {
	Deck  *deck.Deck
	Phase Phase

	current int              // the puzzle on screen, an index of Deck.Puzzles; -1 for none
	answer  engine.Direction // the move given (Solved, Missed)
	rated   bool             // the answer was a rated attempt
	before  glicko.Rating    // the player's rating before it
	line    []engine.Board   // the AI's line after a right answer
	shown   int              // the boards of line shown
	today   string           // the date of the day at the last Next (history.DailyDate)
	shownAt time.Time        // when the puzzle on screen was shown
	board   *DayBoard        // the board of the daily puzzle on screen, once answered on a server

	// Scanned and ToScan are the progress of the scan of the player's
	// games: the games scanned since the screen opened, of ToScan.
	Scanned, ToScan int
	// Finding says that today's daily puzzle is being found: the session
	// waits for it, Looking, rather than ask another first.
	Finding bool
}

// NewSession returns the session of d, d being the player's practice,
// showing the first puzzle at now (see Next), or Looking while scanning,
// or Nothing.
func NewSession(d *deck.Deck, scanning bool, now time.Time) *Session {
	s := &Session{Deck: d, current: -1}
	s.Next(scanning, now)
	return s
}

// Next shows the next puzzle at now, another than the one on screen if
// there is another: today's daily puzzle if it was never tried, else the
// one deck.Deck.Next says; with none, the session is Looking while
// scanning, Nothing otherwise.
func (s *Session) Next(scanning bool, now time.Time) {
	s.line, s.shown, s.rated, s.board = nil, 0, false, nil
	s.today, s.shownAt = history.DailyDate(now), now
	switch i := s.Deck.Daily(s.today); {
	case i >= 0 && i != s.current && s.Deck.Puzzles[i].New():
		s.current = i
	case i < 0 && s.Finding:
		s.current, s.Phase = -1, Looking
		return
	default:
		s.current = s.Deck.Next(now, s.current)
	}
	switch {
	case s.current >= 0:
		s.Phase = Asking
	case scanning:
		s.Phase = Looking
	default:
		s.Phase = Nothing
	}
}

// Found tells a session that found more puzzles in the deck: one that was
// Looking or had Nothing shows the first.
func (s *Session) Found(scanning bool, now time.Time) {
	if s.Phase == Looking || s.Phase == Nothing {
		s.current = -1
		s.Next(scanning, now)
	}
}

// Current returns the puzzle on screen; ok is false when none is.
func (s *Session) Current() (e deck.Entry, ok bool) {
	if s.current < 0 || s.current >= len(s.Deck.Puzzles) || s.Phase == Looking || s.Phase == Nothing {
		return deck.Entry{}, false
	}
	return s.Deck.Puzzles[s.current], true
}

// Board returns the board on screen: the puzzle's, or the board of the
// AI's line shown last; 0 for none.
func (s *Session) Board() engine.Board {
	e, ok := s.Current()
	switch {
	case !ok:
		return 0
	case s.shown > 0:
		return s.line[s.shown-1]
	}
	return e.Board()
}

// Answer takes d as the player's move on the puzzle on screen at now, if
// it asks for one and d is legal there: the attempt is recorded in the
// deck (deck.Deck.Attempt) and the session is Solved or Missed. It
// reports whether d was taken: the deck then changed and is to be kept.
func (s *Session) Answer(d engine.Direction, now time.Time) bool {
	e, ok := s.Current()
	if !ok || s.Phase != Asking || !d.Valid() || !e.Search.Legal[d] {
		return false
	}
	s.before = s.Deck.PlayerRating()
	right := d == e.Best()
	s.rated = s.Deck.Attempt(s.current, right, now)
	s.answer = d
	if right {
		s.Phase = Solved
	} else {
		s.Phase = Missed
	}
	return true
}

// SetLine gives a Solved session the AI's line from the puzzle (see
// Line), shown a board at a time by Step.
func (s *Session) SetLine(boards []engine.Board) {
	if s.Phase == Solved {
		s.line, s.shown = boards, 0
	}
}

// Step shows the next board of the AI's line, and reports whether there
// is one more after it.
func (s *Session) Step() (more bool) {
	if s.Phase != Solved || s.shown >= len(s.line) {
		return false
	}
	s.shown++
	return s.shown < len(s.line)
}

// SetBoard gives a session that shows today's daily puzzle, answered,
// its board (see Keeper).
func (s *Session) SetBoard(b DayBoard) {
	if e, ok := s.Current(); ok && e.Daily == b.Today.Date && (s.Phase == Solved || s.Phase == Missed) {
		s.board = &b
	}
}

// Rating returns the player's rating now, and its change by the last
// answer if it was rated.
func (s *Session) Rating() (now glicko.Rating, change float64, rated bool) {
	now = s.Deck.PlayerRating()
	if s.rated && (s.Phase == Solved || s.Phase == Missed) {
		return now, now.Rating - s.before.Rating, true
	}
	return now, 0, false
}

// Verdict returns what the review would say of the move given on the
// puzzle on screen (review.Rate): its verdict and loss.
func (s *Session) Verdict() review.Rating {
	e, ok := s.Current()
	if !ok || s.Phase != Missed {
		return review.Rating{}
	}
	return review.Rate(e.Search)[s.answer]
}
