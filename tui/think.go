package tui

import (
	"context"
	"errors"
	"fmt"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/settings"
)

// searchMsg is the AI's answer to the search numbered id.
type searchMsg struct {
	id  uint64
	res ai.Result
	err error
}

// autoTickMsg says that the pending autoplay move, the answer of the search
// numbered id, may be played now.
type autoTickMsg struct{ id uint64 }

// onAI handles what the AI's work in the background sends: the answers of
// its searches, the ticks of autoplay and of the spinner, the coach's
// ratings and the evaluators opened.
func (a *assistant) onAI(m *Model, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case searchMsg:
		return a.onSearch(m, msg)
	case autoTickMsg:
		return a.onAutoTick(m, msg)
	case coachMsg:
		m.coach.onCoach(m, msg)
	case evalMsg:
		return a.onEval(m, msg)
	case spinner.TickMsg:
		if a.thinking != idle {
			var cmd tea.Cmd
			a.spin, cmd = a.spin.Update(msg)
			return cmd
		}
	}
	return nil
}

// ask starts a search of the board on screen in the background; its answer
// comes back as a searchMsg. Any search in progress is stopped first.
//
// Every search has a number of its own, and the model takes an answer only
// from the search it waits for: the board alone does not say which search
// an answer belongs to, since a search stopped by a key (a, then a again)
// leaves the board as it was, and its answer, cancelled, would be taken for
// the next one's. The command captures values only, never the model.
func (a *assistant) ask(m *Model, why purpose) tea.Cmd {
	a.stopSearch()
	m.coach.stopCoach() // the player waits for this search: it has both cores
	ctx, cancel := context.WithCancel(m.ctx)
	a.searches++
	a.cancel, a.thinking, a.waiting = cancel, why, a.searches
	id, board, s, lim := a.searches, m.cur.Game.Board(), a.searchFunc(), ai.Limits{Depth: a.depth}
	search := func() tea.Msg {
		r, err := s(ctx, board, lim)
		return searchMsg{id, r, err}
	}
	return tea.Batch(search, a.spin.Tick)
}

// stopSearch cancels the search in progress, if any: its answer, when it
// comes, is dropped.
func (a *assistant) stopSearch() {
	if a.cancel != nil {
		a.cancel()
		a.cancel = nil
	}
	a.thinking, a.waiting = idle, 0
}

// onSearch takes an answer of the AI: it is shown as the hint and, if it
// was asked for a move, the move is played. The answer of any search but
// the one the model waits for is dropped.
func (a *assistant) onSearch(m *Model, msg searchMsg) tea.Cmd {
	if msg.id != a.waiting || a.thinking == idle {
		return nil
	}
	why := a.thinking
	a.stopSearch() // releases the search's context
	if msg.err != nil {
		if !errors.Is(msg.err, context.Canceled) {
			a.autoplay, a.pending = false, nil
			m.warn("The AI failed, so it stopped: " + msg.err.Error())
		}
		return nil
	}
	r := msg.res
	a.hint, a.last = &r, &r
	if why == forHint && r.HasMove() {
		m.cur.Hinted = true // the advice reached the player
	}
	switch why {
	case forPlay:
		if r.HasMove() {
			m.cur.Hinted = true
			return m.move(r.Best, review.ByHint)
		}
	case forAuto:
		if !a.autoplay {
			return nil
		}
		if !r.HasMove() {
			a.autoplay = false
			return nil
		}
		if m.boardAway() {
			a.pending, a.pendingID = &r, msg.id // played when the board is back in sight
			return nil
		}
		if wait := a.pace() - m.now().Sub(a.lastAuto); wait > 0 {
			a.pending, a.pendingID = &r, msg.id
			return tea.Tick(wait, func(time.Time) tea.Msg { return autoTickMsg{msg.id} })
		}
		return a.playAuto(m, r)
	}
	return nil
}

// onAutoTick plays the pending autoplay move, if it still stands.
func (a *assistant) onAutoTick(m *Model, msg autoTickMsg) tea.Cmd {
	if msg.id != a.pendingID || a.pending == nil || !a.autoplay || m.boardAway() {
		return nil
	}
	r := *a.pending
	a.pending = nil
	return a.playAuto(m, r)
}

// playAuto plays the AI's move; move asks for the next one.
func (a *assistant) playAuto(m *Model, r ai.Result) tea.Cmd {
	a.lastAuto = m.now()
	m.cur.Autoplayed = true
	cmd := m.move(r.Best, review.ByAutoplay)
	a.played = &r
	return cmd
}

// askHint asks the AI about the board on screen, unless it is already
// thinking about it or has answered.
func (a *assistant) askHint(m *Model) tea.Cmd {
	if a.thinking != idle || a.hint != nil && a.hint.Depth == a.shownDepth(m) {
		return nil
	}
	if !m.cur.Game.Board().HasMove() {
		m.note = a.overNote(m, "No move is left")
		return nil
	}
	return a.ask(m, forHint)
}

// playHint plays the hinted move; with no hint yet it asks for one and plays
// it when it comes.
func (a *assistant) playHint(m *Model) tea.Cmd {
	if a.autoplay {
		return nil // the AI is playing
	}
	switch {
	case a.hint != nil && a.hint.HasMove():
		m.cur.Hinted = true
		return m.move(a.hint.Best, review.ByHint)
	case a.thinking != idle:
		a.thinking = forPlay // play the answer on its way
		return nil
	case !m.cur.Game.Board().HasMove():
		return nil
	}
	return a.ask(m, forPlay)
}

// toggleAutoplay starts or stops the AI playing.
func (a *assistant) toggleAutoplay(m *Model) tea.Cmd {
	if a.autoplay {
		a.autoplay, a.pending = false, nil
		if a.thinking == forAuto {
			a.stopSearch()
		}
		m.note = "Autoplay off: your turn."
		return nil
	}
	if m.cur.Game.Over() {
		m.note = a.overNote(m, "The game is over")
		return nil
	}
	a.autoplay = true // the game counts as autoplayed once the AI moves
	a.lastAuto = time.Time{}
	if a.thinking != idle {
		a.thinking = forAuto // the answer on its way will be played
		return nil
	}
	return a.ask(m, forAuto)
}

// overNote says what can be done in a game that is over.
func (a *assistant) overNote(m *Model, what string) string {
	return fmt.Sprintf("%s: %s undoes, %s starts a new game.", what, settings.FirstKey(m.keys.Undo), settings.FirstKey(m.keys.New))
}
