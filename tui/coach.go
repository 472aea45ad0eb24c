package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/settings"
)

// This file holds the live coach, a preference (off by default): after
// each of the player's moves, a mark beside the move count says how good
// it was, as the review of the game will (✓, ?!, ?, ??, □). The move is
// rated in the background, on one thread (one of the pool's, on a
// server): the next move, an undo or a new game cancels the rating, and
// so does a search of the AI for a hint or for autoplay, which the player
// is waiting for. A move whose rating was cancelled gets no mark.

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
func (c *coaching) rateMove(m *Model, before engine.Board, d engine.Direction) tea.Cmd {
	c.stopCoach()
	if c.rater == nil {
		return nil
	}
	ctx, cancel := context.WithCancel(m.ctx)
	c.ratings++
	c.cancel = cancel
	id, n, rater, pool := c.ratings, m.cur.Game.MoveCount(), c.rater, m.ai.pool
	return func() tea.Msg {
		release, err := pool.acquire(ctx)
		if err != nil {
			return coachMsg{id, n, review.Move{}, err}
		}
		defer release()
		rated, err := rater.Rate(ctx, before, d)
		return coachMsg{id, n, rated, err}
	}
}

// stopCoach cancels the rating in progress, if any: its answer, when it
// comes, is dropped.
func (c *coaching) stopCoach() {
	if c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
}

// onCoach takes the rating the model waits for, and marks the move.
func (c *coaching) onCoach(m *Model, msg coachMsg) {
	if msg.id != c.ratings || c.cancel == nil {
		return
	}
	c.stopCoach() // releases the rating's context
	if msg.err != nil {
		if !errors.Is(msg.err, context.Canceled) {
			m.warn("The coach failed: " + msg.err.Error())
		}
		return
	}
	c.mark = &coachMark{msg.move, msg.rated.Verdict}
	// The mark is the AI's word on the move, which an undo can take back:
	// the game is played with the AI's help from then on.
	if !m.cur.Hinted {
		m.cur.Hinted = true
		m.note = "The coach's marks are the AI's: this game counts as played with the AI."
	}
}

// markText returns the mark of the last move, styled, after a space, and
// its word after it where there is room (worded): " ?! inaccuracy"; "" if
// it has none.
func (c *coaching) markText(m *Model, worded bool) string {
	if c.mark == nil || c.mark.move != m.cur.Game.MoveCount() {
		return ""
	}
	v := c.mark.verdict
	if worded {
		return " " + m.look.verdictStyle(v).Render(verdictMarks[v]+" "+markWord(v))
	}
	return " " + m.look.verdictStyle(v).Render(verdictMarks[v])
}

// markWord names the verdict a mark stands for, as the hint names it:
// "good", "inaccuracy", …, "only move".
func markWord(v review.Verdict) string {
	if v == review.Forced {
		return "only move"
	}
	return v.String()
}

// coachHelp explains the coach and its marks, in width columns.
func (c *coaching) coachHelp(m *Model, width int) string {
	lines := []string{m.look.heading("The coach"), ansi.Wrap(fmt.Sprintf("With the coach on (%s, the settings), a mark beside the "+
		"move count rates each move you play, a moment after it, as the review of the game will:", settings.FirstKey(m.keys.Settings)), width, "/")}
	for _, v := range []review.Verdict{review.Good, review.Inaccuracy, review.Mistake, review.Blunder, review.Forced} {
		mark := m.look.verdictStyle(v).Render(fmt.Sprintf("%-2s", verdictMarks[v]))
		lines = append(lines, ansi.Wrap("  "+mark+"  "+coachMeans[v], width, "/"))
	}
	return strings.Join(lines, "\n")
}

// coachMeans says what each mark of the coach means.
var coachMeans = [review.NumVerdicts]string{
	review.Good:       "best or good: the AI's move, or one that loses less than " + percentText(review.GoodLoss),
	review.Inaccuracy: "inaccuracy: loses " + percentText(review.GoodLoss) + " to " + percentText(review.InaccuracyLoss),
	review.Mistake:    "mistake: loses " + percentText(review.InaccuracyLoss) + " to " + percentText(review.MistakeLoss),
	review.Blunder:    "blunder: loses " + percentText(review.MistakeLoss) + " or more, or the game",
	review.Forced:     "the only move the board allowed",
}
