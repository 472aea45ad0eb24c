package practice

import (
	"fmt"
	"math"

	"github.com/term2048/2048/ai/explain"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/practice/deck"
	"github.com/term2048/2048/tui/practice/glicko"
)

// A Kind is how a line of the practice's text is to be drawn.
type Kind uint8

// The kinds of lines.
const (
	Plain  Kind = iota
	Muted       // what matters less: where a puzzle comes from, the keys
	Accent      // the question, the best move
	Good        // a right answer
	Bad         // a wrong answer
)

// A Line is a line of the practice's text, or a paragraph: the screen
// wraps it to its width.
type Line struct {
	Kind Kind
	Text string
}

// Text returns what the practice says beside the board, moveName naming a
// move as the screen shows it ("← left"): the puzzle and where it comes
// from, the question, and once answered the verdict, the loss, why the
// best move is best, and the player's rating.
func (s *Session) Text(moveName func(engine.Direction) string) []Line {
	switch s.Phase {
	case Looking:
		return s.looking()
	case Nothing:
		return []Line{{Accent, "No puzzle yet."}, {Muted, "Play a game: the moments of it where one move is clearly best come here."}}
	}
	e, _ := s.Current()
	lines := []Line{s.source(e, moveName), {Muted, "Puzzle rated " + ratingText(e.Rating)}}
	switch s.Phase {
	case Asking:
		lines = append(lines, Line{Accent, "One move is clearly best here. Which?"})
	case Solved:
		lines = append(lines, Line{Good, "Right: " + moveName(e.Best()) + " is the best move."})
		if s.shown > 0 {
			lines = append(lines, Line{Muted, fmt.Sprintf("The AI plays on: move %d of %d.", s.shown, len(s.line))})
		}
	case Missed:
		lines = append(lines, s.missed(moveName)...)
	}
	return append(append(lines, s.ratingLine()), s.boardLines()...)
}

// looking returns the lines of a session Looking: for puzzles in the
// player's games, or for today's puzzle, or both.
func (s *Session) looking() []Line {
	if s.Finding && s.Scanned == s.ToScan {
		return []Line{{Accent, "Finding today's puzzle…"}, {Muted, "The same for every player: a position of a game of the AI's."}}
	}
	lines := []Line{{Accent, "Looking for puzzles in your games…"}, {Muted, fmt.Sprintf("%d of %d games scanned", s.Scanned, s.ToScan)}}
	if s.Finding {
		lines = append(lines, Line{Muted, "Finding today's puzzle, the same for every player…"})
	}
	return lines
}

// missed returns the lines of a wrong answer: the verdict of the move
// given and its loss, the best move, and why.
func (s *Session) missed(moveName func(engine.Direction) string) []Line {
	e, _ := s.Current()
	v := s.Verdict()
	lines := []Line{{Bad, fmt.Sprintf("%s is %s: %s.", moveName(s.answer), article(v.Word()), lossText(v, e.Search.Value[e.Best()], e.Points))}}
	lines = append(lines, Line{Accent, "The best move is " + moveName(e.Best()) + "."})
	if why := explain.Why(e.Search).Text(moveName); why != "" {
		lines = append(lines, Line{Plain, why})
	}
	return lines
}

// article returns word with its article: "a mistake", "an inaccuracy";
// "loses" becomes "a move that loses at once".
func article(word string) string {
	switch word {
	case "loses":
		return "a move that loses at once"
	case "inaccuracy":
		return "an inaccuracy"
	}
	return "a " + word
}

// lossText writes the loss of a move as the hint does: in points below
// the best with an evaluator whose values are points, else as a share of
// the best's value.
func lossText(r review.Rating, best float64, points bool) string {
	if points {
		return figures.PointsLoss(r.Loss*max(math.Abs(best), 1)) + " points below the best"
	}
	return figures.ShortPercent(r.Loss) + " lost against the best"
}

// source says where the puzzle e on screen comes from: today's daily
// puzzle, the same for every player, asked or answered the first time, or
// again; the daily puzzle of another day; or a game.
func (s *Session) source(e deck.Entry, moveName func(engine.Direction) string) Line {
	switch {
	case e.Daily == "":
		return Line{Muted, source(e.Game, e.Move, e.Slip, e.Played, moveName)}
	case e.Daily != s.today:
		return Line{Muted, "The daily puzzle of " + e.Daily}
	case s.rated || s.Phase == Asking && e.New():
		return Line{Accent, "Today's puzzle — the same for every player"}
	}
	return Line{Muted, "Today's puzzle, again: practice, unrated"}
}

// source says where a puzzle of a game comes from.
func source(game string, move int, slip bool, played engine.Direction, moveName func(engine.Direction) string) string {
	switch {
	case game == "":
		return "From a game of the AI's"
	case slip:
		return fmt.Sprintf("From your game, move %d: you played %s", move, moveName(played))
	case move > 0:
		return fmt.Sprintf("From your game, move %d", move)
	}
	return "From your game"
}

// ratingLine says the player's rating, and its change by the last answer.
func (s *Session) ratingLine() Line {
	r, change, rated := s.Rating()
	text := "Your rating " + ratingText(r)
	if rated {
		text += fmt.Sprintf(" (%+.0f)", change)
	}
	return Line{Muted, text}
}

// ratingText writes a rating as "1523 ± 105", the deviation after the sign.
func ratingText(r glicko.Rating) string {
	return fmt.Sprintf("%.0f ± %.0f", r.Rating, r.Deviation)
}

// Help explains the practice, next naming the key of the next puzzle and
// back the key back to the game.
func Help(next, back string) []Line {
	return []Line{
		{Accent, "Practice"},
		{Plain, "Each puzzle is a position of one of your games where one move is clearly best: the second best would be a mistake, and a deeper search agrees. Your own slips come first; with no game yet, positions of the AI's games."},
		{Plain, "Play the move with the game's move keys. Your first try at a puzzle is rated, for you and for the puzzle, as a game between you (Glicko-2). A puzzle you miss comes back a day later, then three days, then a week."},
		{Muted, next + " next puzzle · " + back + " back to the game · any key closes this help"},
	}
}
