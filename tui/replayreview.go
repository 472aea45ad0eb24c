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
func (v *replayView) startReview(m *Model, ctx context.Context) tea.Cmd {
	id, store, g, o := v.id, m.store, v.game, m.ai.reviewOptions(v.setting)
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
func (a *assistant) reviewOptions(set review.Setting) review.Options {
	o := review.Options{Setting: set}
	if p := a.pool; p != nil {
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

// A replayMsg is a message for the replay numbered by replay: the ticks
// of its play and the news of its review. A replay closed, or another one
// up since, drops it.
type replayMsg interface{ replay() uint64 }

func (msg reviewStartedMsg) replay() uint64 { return msg.id }
func (msg reviewMovesMsg) replay() uint64   { return msg.id }
func (msg reviewPollMsg) replay() uint64    { return msg.id }
func (msg reviewEndedMsg) replay() uint64   { return msg.id }
func (msg replayTickMsg) replay() uint64    { return msg.id }

// onReplayMsg hands msg to the replay it is for, if that one is up.
func (m *Model) onReplayMsg(msg replayMsg) tea.Cmd {
	v := m.screens.replay()
	if v == nil || v.id != msg.replay() {
		return nil
	}
	switch msg := msg.(type) {
	case reviewStartedMsg:
		return v.onReviewStarted(msg)
	case reviewMovesMsg:
		return v.onReviewMoves(msg, m.screens.reviewPace)
	case reviewPollMsg:
		return nextReviewed(v.id, v.stream)
	case reviewEndedMsg:
		return v.onReviewEnded(m, msg)
	case replayTickMsg:
		return v.onTick(m, msg)
	}
	return nil
}

// onReviewStarted takes the replay's review and waits for its moves.
func (v *replayView) onReviewStarted(msg reviewStartedMsg) tea.Cmd {
	v.started, v.stream, v.known = true, msg.stream, msg.known
	if msg.problem != nil {
		v.note = "Not taken, and worked out again: " + msg.problem.Error()
	}
	return nextReviewed(v.id, v.stream)
}

// onReviewMoves adds the moves reviewed to the replay, and asks for the
// next ones after pace.
func (v *replayView) onReviewMoves(msg reviewMovesMsg, pace time.Duration) tea.Cmd {
	v.moves = append(v.moves, msg.moves...)
	v.summary = (&review.Review{Moves: v.moves}).Summary()
	if pace <= 0 {
		return nextReviewed(v.id, v.stream)
	}
	return tea.Tick(pace, func(time.Time) tea.Msg { return reviewPollMsg{msg.id} })
}

// onReviewEnded marks the replay's review as ended, and keeps it.
func (v *replayView) onReviewEnded(m *Model, msg reviewEndedMsg) tea.Cmd {
	v.ended = true
	if msg.err != nil && !errors.Is(msg.err, context.Canceled) {
		v.failed = msg.err
	}
	return v.keepReview(m)
}

// keepReview returns the command that keeps the moves v has reviewed with
// the history, if it reviewed more than were kept.
func (v *replayView) keepReview(m *Model) tea.Cmd {
	searches, ok := v.reviewToKeep(m)
	if !ok {
		return nil
	}
	store, g, set := m.store, v.game, v.setting
	return func() tea.Msg { return reviewKeptMsg{store.SaveReview(g, set, searches)} }
}

// reviewToKeep returns the searches of the moves v has reviewed, if they
// are more than were kept, and marks them kept.
func (v *replayView) reviewToKeep(m *Model) ([]ai.Result, bool) {
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
	if searches, ok := v.reviewToKeep(m); ok {
		m.store.SaveReview(v.game, v.setting, searches) // nothing to tell the player any more
	}
}
