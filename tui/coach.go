package tui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// This file holds the live coach, a preference (off by default): after
// each of the player's moves, a mark beside the move count says how good
// it was, as the review of the game will (✓, ?!, ?, ??, □). The move is
// rated in the background, on one thread: the next move, an undo or a new
// game cancels the rating, and so does a search of the AI for a hint or
// for autoplay, which the player is waiting for. A move whose rating was
// cancelled gets no mark.

// coachMsg is the rating of the move numbered move, the answer of the
// rating numbered id.
type coachMsg struct {
	id    uint64
	move  int
	rated review.Move
	err   error
}

// A coachMark is the verdict on the move numbered move, shown beside the
// move count while it is the last move.
type coachMark struct {
	move    int
	verdict review.Verdict
}

// rateMove starts rating d, the player's move just played from before,
// if the coach is on. The command captures values only.
func (m *Model) rateMove(before engine.Board, d engine.Direction) tea.Cmd {
	m.stopCoach()
	if m.coach.rater == nil {
		return nil
	}
	ctx, cancel := context.WithCancel(m.ctx)
	m.coach.ratings++
	m.coach.cancel = cancel
	id, n, c := m.coach.ratings, m.cur.Game.MoveCount(), m.coach.rater
	return func() tea.Msg {
		rated, err := c.Rate(ctx, before, d)
		return coachMsg{id, n, rated, err}
	}
}

// stopCoach cancels the rating in progress, if any: its answer, when it
// comes, is dropped.
func (m *Model) stopCoach() {
	if m.coach.cancel != nil {
		m.coach.cancel()
		m.coach.cancel = nil
	}
}

// onCoach takes the rating the model waits for, and marks the move.
func (m *Model) onCoach(msg coachMsg) {
	if msg.id != m.coach.ratings || m.coach.cancel == nil {
		return
	}
	m.stopCoach() // releases the rating's context
	if msg.err != nil {
		if !errors.Is(msg.err, context.Canceled) {
			m.warn("The coach failed: " + msg.err.Error())
		}
		return
	}
	m.coach.mark = &coachMark{msg.move, msg.rated.Verdict}
}

// markText returns the mark of the last move, styled, after a space; ""
// if it has none.
func (m *Model) markText() string {
	if m.coach.mark == nil || m.coach.mark.move != m.cur.Game.MoveCount() {
		return ""
	}
	return " " + m.verdictStyle(m.coach.mark.verdict).Render(verdictMarks[m.coach.mark.verdict])
}
