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
func (m *Model) onAI(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case searchMsg:
		return m.onSearch(msg)
	case autoTickMsg:
		return m.onAutoTick(msg)
	case coachMsg:
		m.onCoach(msg)
	case evalMsg:
		return m.onEval(msg)
	case spinner.TickMsg:
		if m.ai.thinking != idle {
			var cmd tea.Cmd
			m.ai.spin, cmd = m.ai.spin.Update(msg)
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
func (m *Model) ask(why purpose) tea.Cmd {
	m.stopSearch()
	m.stopCoach() // the player waits for this search: it has both cores
	ctx, cancel := context.WithCancel(m.ctx)
	m.ai.searches++
	m.ai.cancel, m.ai.thinking, m.ai.waiting = cancel, why, m.ai.searches
	id, board, s, lim := m.ai.searches, m.cur.Game.Board(), m.ai.searchFunc(), ai.Limits{Depth: m.ai.depth}
	search := func() tea.Msg {
		r, err := s(ctx, board, lim)
		return searchMsg{id, r, err}
	}
	return tea.Batch(search, m.ai.spin.Tick)
}

// stopSearch cancels the search in progress, if any: its answer, when it
// comes, is dropped.
func (m *Model) stopSearch() {
	if m.ai.cancel != nil {
		m.ai.cancel()
		m.ai.cancel = nil
	}
	m.ai.thinking, m.ai.waiting = idle, 0
}

// onSearch takes an answer of the AI: it is shown as the hint and, if it
// was asked for a move, the move is played. The answer of any search but
// the one the model waits for is dropped.
func (m *Model) onSearch(msg searchMsg) tea.Cmd {
	if msg.id != m.ai.waiting || m.ai.thinking == idle {
		return nil
	}
	why := m.ai.thinking
	m.stopSearch() // releases the search's context
	if msg.err != nil {
		if !errors.Is(msg.err, context.Canceled) {
			m.ai.autoplay, m.ai.pending = false, nil
			m.warn("The AI failed, so it stopped: " + msg.err.Error())
		}
		return nil
	}
	r := msg.res
	m.ai.hint, m.ai.last = &r, &r
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
		if !m.ai.autoplay {
			return nil
		}
		if !r.HasMove() {
			m.ai.autoplay = false
			return nil
		}
		if m.boardAway() {
			m.ai.pending, m.ai.pendingID = &r, msg.id // played when the board is back in sight
			return nil
		}
		if wait := m.ai.pace() - m.now().Sub(m.ai.lastAuto); wait > 0 {
			m.ai.pending, m.ai.pendingID = &r, msg.id
			return tea.Tick(wait, func(time.Time) tea.Msg { return autoTickMsg{msg.id} })
		}
		return m.playAuto(r)
	}
	return nil
}

// onAutoTick plays the pending autoplay move, if it still stands.
func (m *Model) onAutoTick(msg autoTickMsg) tea.Cmd {
	if msg.id != m.ai.pendingID || m.ai.pending == nil || !m.ai.autoplay || m.boardAway() {
		return nil
	}
	r := *m.ai.pending
	m.ai.pending = nil
	return m.playAuto(r)
}

// playAuto plays the AI's move; move asks for the next one.
func (m *Model) playAuto(r ai.Result) tea.Cmd {
	m.ai.lastAuto = m.now()
	m.cur.Autoplayed = true
	cmd := m.move(r.Best, review.ByAutoplay)
	m.ai.played = &r
	return cmd
}

// askHint asks the AI about the board on screen, unless it is already
// thinking about it or has answered.
func (m *Model) askHint() tea.Cmd {
	if m.ai.thinking != idle || m.ai.hint != nil && m.ai.hint.Depth == m.shownDepth() {
		return nil
	}
	if !m.cur.Game.Board().HasMove() {
		m.note = m.overNote("No move is left")
		return nil
	}
	return m.ask(forHint)
}

// playHint plays the hinted move; with no hint yet it asks for one and plays
// it when it comes.
func (m *Model) playHint() tea.Cmd {
	if m.ai.autoplay {
		return nil // the AI is playing
	}
	switch {
	case m.ai.hint != nil && m.ai.hint.HasMove():
		m.cur.Hinted = true
		return m.move(m.ai.hint.Best, review.ByHint)
	case m.ai.thinking != idle:
		m.ai.thinking = forPlay // play the answer on its way
		return nil
	case !m.cur.Game.Board().HasMove():
		return nil
	}
	return m.ask(forPlay)
}

// toggleAutoplay starts or stops the AI playing.
func (m *Model) toggleAutoplay() tea.Cmd {
	if m.ai.autoplay {
		m.ai.autoplay, m.ai.pending = false, nil
		if m.ai.thinking == forAuto {
			m.stopSearch()
		}
		m.note = "Autoplay off: your turn."
		return nil
	}
	if m.cur.Game.Over() {
		m.note = m.overNote("The game is over")
		return nil
	}
	m.ai.autoplay = true // the game counts as autoplayed once the AI moves
	m.ai.lastAuto = time.Time{}
	if m.ai.thinking != idle {
		m.ai.thinking = forAuto // the answer on its way will be played
		return nil
	}
	return m.ask(forAuto)
}

// overNote says what can be done in a game that is over.
func (m *Model) overNote(what string) string {
	return fmt.Sprintf("%s: %s undoes, %s starts a new game.", what, first(m.keys.Undo), first(m.keys.New))
}
