package tui

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
)

// This file runs the review of a replay in the background. The review is
// a review.Stream on its own copy of the game, started by a command that
// first reads the review kept of the game, if any. Its moves come back as
// messages, batch after batch, each naming the replay it is for: a replay
// left, or another one opened since, takes none of them, and its review,
// whose context was cancelled on leaving, ends by itself within
// microseconds. What a review found is kept with the history when it ends
// and when the replay is left.

// reviewPace is the least time between two batches of a review's moves
// taken by the replay: the summary of the moves is worked out again for
// each, and ten a second fill the replay in as smoothly as the eye follows.
const reviewPace = 100 * time.Millisecond

// reviewStartedMsg says that the review of the replay numbered id has
// begun: known moves were taken from the review kept, and problem says why
// a review kept was not taken, if one could not be.
type reviewStartedMsg struct {
	id      uint64
	stream  *review.Stream
	known   int
	problem error
}

// reviewMovesMsg hands over moves of the review of the replay numbered id,
// in the order of the game, after those handed over before.
type reviewMovesMsg struct {
	id    uint64
	moves []review.Move
}

// reviewEndedMsg says that the review of the replay numbered id has ended,
// and why if before the end.
type reviewEndedMsg struct {
	id  uint64
	err error
}

// reviewPollMsg says that the replay numbered id may take its review's
// next moves.
type reviewPollMsg struct{ id uint64 }

// reviewKeptMsg says whether a review was kept with the history.
type reviewKeptMsg struct{ err error }

// startReview returns the command that reads the review kept of v's game
// and starts its review, which ctx stops. The command captures values
// only, never the model or v.
func (m *Model) startReview(ctx context.Context, v *replayView) tea.Cmd {
	id, store, g, o := v.id, m.store, v.game, m.reviewOptions(v.setting)
	return func() tea.Msg {
		var known []ai.Result
		var problem error
		if store != nil {
			known, problem = store.LoadReview(g, o.Setting)
		}
		o.Known = known
		s := review.Start(ctx, g, o)
		return reviewStartedMsg{id, s, len(known), problem}
	}
}

// reviewOptions returns the options of a replay's review at set: on every
// core, or, on a pool, one position at a time on a thread of the pool.
func (m *Model) reviewOptions(set review.Setting) review.Options {
	o := review.Options{Setting: set}
	if p := m.ai.pool; p != nil {
		o.Workers, o.Acquire = 1, p.acquire
	}
	return o
}

// nextReviewed returns the command that waits for the next moves of the
// review s of the replay numbered id, or for its end.
func nextReviewed(id uint64, s *review.Stream) tea.Cmd {
	return func() tea.Msg {
		if moves := s.Next(); moves != nil {
			return reviewMovesMsg{id, moves}
		}
		_, err := s.Result()
		return reviewEndedMsg{id, err}
	}
}

// reviewOf returns the replay the message of the review numbered id is
// for: nil if it is not on screen any more.
func (m *Model) reviewOf(id uint64) *replayView {
	if m.screens.replay() == nil || m.screens.replay().id != id {
		return nil
	}
	return m.screens.replay()
}

// onReviewStarted takes the review of the replay on screen and waits for
// its moves.
func (m *Model) onReviewStarted(msg reviewStartedMsg) tea.Cmd {
	v := m.reviewOf(msg.id)
	if v == nil {
		return nil
	}
	v.started, v.stream, v.known = true, msg.stream, msg.known
	if msg.problem != nil {
		v.note = "Not taken, and worked out again: " + msg.problem.Error()
	}
	return nextReviewed(v.id, v.stream)
}

// onReviewMoves adds the moves reviewed to the replay on screen, and asks
// for the next ones after reviewPace.
func (m *Model) onReviewMoves(msg reviewMovesMsg) tea.Cmd {
	v := m.reviewOf(msg.id)
	if v == nil {
		return nil
	}
	v.moves = append(v.moves, msg.moves...)
	v.summary = (&review.Review{Moves: v.moves}).Summary()
	if m.screens.reviewPace <= 0 {
		return nextReviewed(v.id, v.stream)
	}
	return tea.Tick(m.screens.reviewPace, func(time.Time) tea.Msg { return reviewPollMsg{msg.id} })
}

// onReviewPoll asks for the next moves of the review on screen.
func (m *Model) onReviewPoll(msg reviewPollMsg) tea.Cmd {
	v := m.reviewOf(msg.id)
	if v == nil {
		return nil
	}
	return nextReviewed(v.id, v.stream)
}

// onReviewEnded marks the review on screen as ended, and keeps it.
func (m *Model) onReviewEnded(msg reviewEndedMsg) tea.Cmd {
	v := m.reviewOf(msg.id)
	if v == nil {
		return nil
	}
	v.ended = true
	if msg.err != nil && !errors.Is(msg.err, context.Canceled) {
		v.failed = msg.err
	}
	return m.keepReview(v)
}

// keepReview returns the command that keeps the moves v has reviewed with
// the history, if it reviewed more than were kept.
func (m *Model) keepReview(v *replayView) tea.Cmd {
	searches, ok := m.reviewToKeep(v)
	if !ok {
		return nil
	}
	store, g, set := m.store, v.game, v.setting
	return func() tea.Msg { return reviewKeptMsg{store.SaveReview(g, set, searches)} }
}

// reviewToKeep returns the searches of the moves v has reviewed, if they
// are more than were kept, and marks them kept.
func (m *Model) reviewToKeep(v *replayView) ([]ai.Result, bool) {
	if m.store == nil || len(v.moves) <= v.known {
		return nil, false
	}
	searches := make([]ai.Result, len(v.moves))
	for i, mv := range v.moves {
		searches[i] = mv.Search
	}
	v.known = len(v.moves)
	return searches, true
}

// onReviewKept tells the player if a review could not be kept.
func (m *Model) onReviewKept(msg reviewKeptMsg) {
	if msg.err != nil {
		m.warn("The review is not kept, and will be worked out again next time: " + msg.err.Error())
	}
}

// closeReplay stops the replay's review and keeps what it found, at once:
// the program is ending.
func (m *Model) closeReplay() {
	v := m.screens.replay()
	if v == nil {
		return
	}
	v.cancel()
	m.screens.close(v)
	if searches, ok := m.reviewToKeep(v); ok {
		m.store.SaveReview(v.game, v.setting, searches) // nothing to tell the player any more
	}
}
