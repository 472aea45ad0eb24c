package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai/review"
)

// A screen comes in front of the game and fills the terminal: the help,
// the statistics, the settings, the replay, the leaderboards, the line
// where the player types their name. Each holds its own state, takes the
// keys while it is in front and draws itself. The model is handed to both:
// it is the game behind the screen, with the look, the keys and the data
// that every screen draws from.
type screen interface {
	// update handles a key pressed while the screen is in front.
	update(m *Model, k tea.KeyPressMsg) tea.Cmd
	// view draws the screen on a w×h terminal.
	view(m *Model, w, h int) string
}

// screens are what can come in front of the game, as a stack: the one in
// front is the last. The help can come over any other, the replay over the
// statistics, the name over the leaderboards.
type screens struct {
	stack      []screen
	replays    uint64         // numbers the replays: the messages of each one's review name it
	reviewPace time.Duration  // between two batches of a review's moves (see reviewPace)
	reviewAt   review.Setting // the setting of the replay's reviews (see reviewSetting)
}

// front returns the screen in front of the game; nil when the game is.
func (s *screens) front() screen {
	if len(s.stack) == 0 {
		return nil
	}
	return s.stack[len(s.stack)-1]
}

// open puts v in front.
func (s *screens) open(v screen) { s.stack = append(s.stack, v) }

// close takes v away, and what came over it.
func (s *screens) close(v screen) {
	for i, o := range s.stack {
		if o == v {
			s.stack = s.stack[:i]
			return
		}
	}
}

// up returns the screen of type T if it is up, and nil if it is not.
func up[T screen](s *screens) T {
	for _, v := range s.stack {
		if t, ok := v.(T); ok {
			return t
		}
	}
	var none T
	return none
}

// help returns the help if it is up, nil if not; and so do the methods
// after it for their screens.
func (s *screens) help() *helpPage         { return up[*helpPage](s) }
func (s *screens) stats() *statsView       { return up[*statsView](s) }
func (s *screens) settings() *settingsView { return up[*settingsView](s) }
func (s *screens) replay() *replayView     { return up[*replayView](s) }
func (s *screens) leaders() *leaderView    { return up[*leaderView](s) }
func (s *screens) naming() *nameEntry      { return up[*nameEntry](s) }
