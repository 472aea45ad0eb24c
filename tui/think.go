package tui

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai"
)

// searchMsg is the AI's answer for the board of generation gen.
type searchMsg struct {
	gen uint64
	res ai.Result
	err error
}

// autoTickMsg says that the pending autoplay move of generation gen may be
// played now.
type autoTickMsg struct{ gen uint64 }

// ask starts a search of the board on screen in the background; its answer
// comes back as a searchMsg. Any search in progress is stopped first. The
// command captures values only, never the model.
func (m *Model) ask(why purpose) tea.Cmd {
	m.stopSearch()
	ctx, cancel := context.WithCancel(m.ctx)
	m.cancel, m.thinking = cancel, why
	gen, board, s, lim := m.gen, m.cur.Game.Board(), m.searcher, ai.Limits{Depth: m.depth}
	search := func() tea.Msg {
		r, err := s.Search(ctx, board, lim)
		return searchMsg{gen, r, err}
	}
	return tea.Batch(search, m.spin.Tick)
}

// stopSearch cancels the search in progress, if any.
func (m *Model) stopSearch() {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.thinking = idle
}

// onSearch takes an answer of the AI: it is shown as the hint and, if it
// was asked for a move, the move is played. An answer for a board that is
// gone is dropped.
func (m *Model) onSearch(msg searchMsg) tea.Cmd {
	if msg.gen != m.gen || m.thinking == idle {
		return nil
	}
	why := m.thinking
	m.stopSearch() // releases the search's context
	if msg.err != nil {
		if !errors.Is(msg.err, context.Canceled) {
			m.note = note{"The AI failed: " + msg.err.Error(), true}
		}
		return nil
	}
	r := msg.res
	m.hint, m.last = &r, &r
	switch why {
	case forPlay:
		if r.HasMove() {
			return m.move(r.Best)
		}
	case forAuto:
		if !m.autoplay {
			return nil
		}
		if !r.HasMove() {
			m.autoplay = false
			return nil
		}
		if wait := m.delay - time.Since(m.lastAuto); wait > 0 {
			m.pending = &r
			gen := m.gen
			return tea.Tick(wait, func(time.Time) tea.Msg { return autoTickMsg{gen} })
		}
		return m.playAuto(r)
	}
	return nil
}

// onAutoTick plays the pending autoplay move, if it still stands.
func (m *Model) onAutoTick(msg autoTickMsg) tea.Cmd {
	if msg.gen != m.gen || m.pending == nil || !m.autoplay {
		return nil
	}
	r := *m.pending
	m.pending = nil
	return m.playAuto(r)
}

// playAuto plays the AI's move; move asks for the next one.
func (m *Model) playAuto(r ai.Result) tea.Cmd {
	m.lastAuto = time.Now()
	m.cur.Autoplayed = true
	cmd := m.move(r.Best)
	m.played = &r
	return cmd
}

// askHint asks the AI about the board on screen, unless it is already
// thinking about it or has answered.
func (m *Model) askHint() tea.Cmd {
	m.cur.Hinted = true
	if m.thinking != idle || m.hint != nil && m.hint.Depth == m.shownDepth() {
		return nil
	}
	if !m.cur.Game.Board().HasMove() {
		m.note = note{text: "No move is left: u undoes, n starts a new game."}
		return nil
	}
	return m.ask(forHint)
}

// playHint plays the hinted move; with no hint yet it asks for one and plays
// it when it comes.
func (m *Model) playHint() tea.Cmd {
	if m.autoplay {
		return nil // the AI is playing
	}
	m.cur.Hinted = true
	switch {
	case m.hint != nil && m.hint.HasMove():
		return m.move(m.hint.Best)
	case m.thinking != idle:
		m.thinking = forPlay // play the answer on its way
		return nil
	case !m.cur.Game.Board().HasMove():
		return nil
	}
	return m.ask(forPlay)
}

// toggleAutoplay starts or stops the AI playing.
func (m *Model) toggleAutoplay() tea.Cmd {
	if m.autoplay {
		m.autoplay, m.pending = false, nil
		if m.thinking == forAuto {
			m.stopSearch()
		}
		m.note = note{text: "Autoplay off: your turn."}
		return nil
	}
	if m.cur.Game.Over() {
		m.note = note{text: "The game is over: u undoes, n starts a new game."}
		return nil
	}
	m.autoplay = true // the game counts as autoplayed once the AI moves
	m.lastAuto = time.Time{}
	if m.thinking != idle {
		m.thinking = forAuto // the answer on its way will be played
		return nil
	}
	return m.ask(forAuto)
}
