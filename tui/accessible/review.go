package accessible

import (
	"context"
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/playerdata"
)

// slipsSaid is how many of the player's worst moves a review says.
const slipsSaid = 5

// reviewMsg is the review numbered id, ended.
type reviewMsg struct {
	id      uint64
	rev     *review.Review
	err     error
	keepErr error // why the review could not be kept with the history
}

// startReview says that the game is being reviewed and returns the command
// that reviews it, as the replay does: every move rated against the AI.
func (f *front) startReview() tea.Cmd {
	st := f.s.State()
	g := review.Game{Transcript: st.Game.Game.Transcript(), By: st.Game.Movers()}
	switch {
	case f.review != 0:
		f.out.say("A review is under way; its slips come when it ends.")
		return nil
	case st.Game.Game.MoveCount() == 0:
		f.out.say("Nothing to review: no move is played yet.")
		return nil
	}
	f.reviews++
	f.review = f.reviews
	f.out.say(fmt.Sprintf("Reviewing the %s of this game at %s; the slips come when it ends.",
		figures.Quantity(st.Game.Game.MoveCount(), "move"), f.s.ReviewSetting()))
	id, ctx, store, set := f.review, f.ctx, f.store, f.s.ReviewSetting()
	return func() tea.Msg {
		msg := reviewMsg{id: id}
		msg.rev, msg.err, msg.keepErr = runReview(ctx, store, g, set)
		return msg
	}
}

// runReview reviews g at set, the replay's setting, from the searches kept
// in store where it has them, and keeps there those it made, as the replay
// does.
func runReview(ctx context.Context, store playerdata.Store, g review.Game, set review.Setting) (rev *review.Review, err, keepErr error) {
	var known []ai.Result
	if store != nil {
		known, _ = store.LoadReview(g, set) // a review not read is searched again
	}
	rev, err = review.Run(ctx, g, review.Options{Setting: set, Known: known})
	if store == nil || rev == nil || len(rev.Moves) <= len(known) {
		return rev, err, nil
	}
	searches := make([]ai.Result, len(rev.Moves))
	for i, m := range rev.Moves {
		searches[i] = m.Search
	}
	return rev, err, store.SaveReview(g, set, searches)
}

// onReview says the review ended: the accuracy, the count of each verdict,
// and the worst moves as sentences.
func (f *front) onReview(msg reviewMsg) tea.Cmd {
	if msg.id != f.review {
		return nil
	}
	f.review = 0
	if msg.err != nil {
		f.out.say("The review stopped: " + msg.err.Error())
	} else {
		f.out.say(reviewLines(msg.rev)...)
	}
	if msg.keepErr != nil {
		f.out.say("The review is not kept, and will be worked out again next time: " + msg.keepErr.Error())
	}
	if f.ended {
		return f.quitIfIdle()
	}
	return nil
}

// reviewLines says a review: the accuracy of the player's moves and the
// count of each verdict, then the worst slips, a sentence each.
func reviewLines(rev *review.Review) []string {
	s := rev.Summary()
	if s.Rated == 0 {
		return []string{fmt.Sprintf("Review: none of the %s was yours to choose.", figures.Quantity(rev.Total, "move"))}
	}
	var counts []string
	for v := review.Best; v < review.NumVerdicts; v++ {
		if n := s.Verdicts[v]; n > 0 {
			counts = append(counts, fmt.Sprintf("%s %s", figures.Count(n), verdictPlural(v, n)))
		}
	}
	lines := []string{fmt.Sprintf("Review: accuracy %s over %s of yours: %s.",
		figures.ShortPercent(s.Accuracy/100), figures.Quantity(s.Player, "move"), strings.Join(counts, ", "))}
	worst := slices.DeleteFunc(rev.Worst(slipsSaid), func(m review.Move) bool { return m.Verdict < review.Inaccuracy })
	if len(worst) == 0 {
		return append(lines, "No slip: every move of yours was best or good.")
	}
	lines = append(lines, "Your worst moves:")
	for _, m := range worst {
		lines = append(lines, slipLine(m, rev.Setting.InPoints()))
	}
	return lines
}

// slipLine says a slip: "Move 34, left, a mistake: up was best; it lost
// about 1.2%.", or about 2,400 points in a review whose values are points.
func slipLine(m review.Move, points bool) string {
	rt := review.Rating{Loss: m.Loss, Verdict: m.Verdict}
	word := m.Verdict.String()
	return fmt.Sprintf("Move %d, %s, %s %s: %s was best; it lost %s.", m.Number, m.Played, article(word), word,
		m.Best(), lossWords(m.Search, rt, points))
}

// verdictPlural names n moves of verdict v: "best moves", "mistakes".
func verdictPlural(v review.Verdict, n int) string {
	switch v {
	case review.Best, review.Good:
		return v.String() + " " + figures.Plural(n, "move")
	case review.Forced:
		return "forced " + figures.Plural(n, "move")
	}
	return figures.Plural(n, v.String())
}
