package tui

import (
	"context"
	"io"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/practice"
	"github.com/term2048/2048/tui/settings"
)

// RunFront plays the game as Run does — the player's data taken for this
// game alone, the saved game resumed, saved after every move, the game left
// recorded in the history, the farewell written to out — with a front end
// of its own in place of the screen: play runs the session's model in a
// program of its own until the player quits or ctx is done, and returns
// the program's error. The farewell says how to come back to the game with
// again: "run 2048 -accessible". A front end that says the game in lines of
// text (tui/accessible) is one.
func RunFront(ctx context.Context, cfg Config, out io.Writer, again string, play func(*Session) error) error {
	return playSession(ctx, cfg, out, nil, again, func(m *Model) error { return play(&Session{m}) })
}

// A Session is the game of a front end of its own (see RunFront).
type Session struct{ m *Model }

// Model returns the model of the game, for the front end's program to
// update: the keys it is sent act as on the screen of the game.
func (s *Session) Model() tea.Model { return s.m }

// Keys returns the player's keys.
func (s *Session) Keys() settings.KeyMap { return s.m.keys }

// A Question is what the game waits for the player to answer.
type Question int

// The questions of the game, in the order of the model's own.
const (
	NoQuestion   Question = iota
	ConfirmNew            // leave the game in progress for a new one? Yes, or any other key for no
	ConfirmDaily          // leave the game in progress for the daily challenge?
	WonKeepGoing          // 2048 made by hand: keep going, or a new game?
)

// A State is what a front end says of the game, read after each message.
// Its Game is the model's: read it in the program's Update only, never
// keep it.
type State struct {
	Game     playerdata.SavedGame // the game in progress
	Best     int                  // the best score, raised by the game in progress
	Hint     *ai.Result           // the AI's answer for the board, or nil
	Thinking bool                 // a search is under way
	Autoplay bool                 // the AI plays
	Depth    int                  // the plies of the next search
	Points   bool                 // the evaluator's values are points: losses are said in points, else in percent
	Question Question             // what the game waits for the player to answer
	Banner   []string             // the moment shown over the board, its title first, or nil
	Note     string               // a line for the player, until the next key
	Warnings []string             // what went wrong, until dismissed
	Unsaved  string               // why the game could not be saved, as the player reads it; "" when it was
	Practice *practice.Session    // the practice's, while its screen is up (p); else nil
}

// ReviewSetting returns the setting of the game's reviews, the replay's: with
// a network as the evaluator, its own, whose losses are points.
func (s *Session) ReviewSetting() review.Setting { return s.m.screens.reviewAt }

// Stats returns the player's statistics, with the game in progress if it
// is over.
func (s *Session) Stats() history.Summary { return s.m.statsNow() }

// State returns the state of the game as it stands.
func (s *Session) State() State {
	m := s.m
	st := State{
		Game: m.cur, Best: m.best(), Hint: m.ai.hint,
		Thinking: m.ai.thinking != idle, Autoplay: m.ai.autoplay, Depth: m.ai.shownDepth(m),
		Points: m.ai.searcher.EstimatesScore(), Question: Question(m.play.asking), Note: m.note,
	}
	if b := m.play.banner; b != nil {
		st.Banner = append([]string{b.title}, b.lines...)
	}
	if m.saveErr != nil {
		st.Unsaved = m.forPlayer(m.saveErr.Error())
	}
	for _, w := range m.warnings {
		st.Warnings = append(st.Warnings, w.text)
	}
	if _, up := m.front().(*practiceView); up {
		st.Practice = m.drill.Session
	}
	return st
}
