package schedule

import (
	"context"
	"math"
	"slices"
	"time"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/curve"
)

// A session is one Run: what it has done, and when it next evaluates and
// checkpoints.
type session struct {
	plan    Plan
	hooks   Hooks
	trainer *ntuple.Trainer
	curve   []curve.Point // the learning curve, earlier runs' points first

	start          time.Time
	played         int64     // games of this run
	nextEval       time.Time // zero: only at the end
	nextCheckpoint time.Time
}

// run trains slice after slice until the run ends, doing between them
// what is due.
func (s *session) run(ctx context.Context) error {
	for {
		if s.coherenceDue() {
			s.trainer.StartCoherence()
			if s.hooks.CoherenceBegins != nil {
				s.hooks.CoherenceBegins()
			}
		}
		stats, err := s.trainSlice(ctx)
		s.played += int64(stats.Episodes)
		if s.hooks.Slice != nil {
			s.hooks.Slice(stats, s.status())
		}
		switch {
		case err != nil:
			return err
		case ctx.Err() != nil:
			return s.interrupted(ctx)
		}
		done := s.finished()
		now := time.Now()
		if done || !s.nextEval.IsZero() && !now.Before(s.nextEval) {
			if err := s.evaluate(ctx); err != nil {
				return err
			}
			if ctx.Err() != nil {
				return s.interrupted(ctx)
			}
			s.nextEval = time.Now().Add(s.plan.EvalEvery)
		}
		if done || !now.Before(s.nextCheckpoint) {
			if err := s.checkpoint(); err != nil {
				return err
			}
		}
		if done {
			return nil
		}
	}
}

// trainSlice trains until the next thing the session must do: the end of a
// slice, of the run, an evaluation or a checkpoint.
func (s *session) trainSlice(ctx context.Context) (ntuple.Stats, error) {
	until, left := s.sliceEnd(time.Now(), s.trainer.State().Coherence)
	ctx, cancel := context.WithDeadline(ctx, until)
	defer cancel()
	return s.trainer.Run(ctx, left)
}

// sliceEnd returns when the slice that begins at now ends, and how many
// games it may play at most (0: no limit): at the end of the run or of its
// TD phase (the coherence phase begins at its fraction of the run, not a
// slice later), at the next evaluation or checkpoint, or a sliceLength
// after now, whichever comes first.
func (s *session) sliceEnd(now time.Time, inCoherence bool) (until time.Time, left int64) {
	end := 1.0
	if s.plan.Coherence > 0 && !inCoherence {
		end = 1 - s.plan.Coherence
	}
	until = now.Add(sliceLength)
	if s.plan.Duration > 0 {
		until = minTime(until, s.start.Add(fractionOf(s.plan.Duration, end)))
	}
	if !s.nextEval.IsZero() {
		until = minTime(until, s.nextEval)
	}
	until = minTime(until, s.nextCheckpoint)
	if s.plan.Episodes > 0 {
		games := s.plan.Episodes
		if end < 1 {
			games = int64(math.Ceil(end * float64(games)))
		}
		left = max(games-s.played, 1)
	}
	return until, left
}

// fractionOf returns the fraction f, from 0 to 1, of d. The whole of d is
// d itself: float64(d) of the longest durations rounds up to 2^63, which
// no Duration holds (its conversion gives a negative one).
func fractionOf(d time.Duration, f float64) time.Duration {
	if f >= 1 {
		return d
	}
	return time.Duration(f * float64(d))
}

// minTime returns the earlier of a and b.
func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// fractionDone returns how much of the run is done, from 0 to 1.
func (s *session) fractionDone() float64 {
	if s.plan.Episodes > 0 {
		return min(float64(s.played)/float64(s.plan.Episodes), 1)
	}
	return min(float64(time.Since(s.start))/float64(s.plan.Duration), 1)
}

// finished reports whether the run has reached its length.
func (s *session) finished() bool { return s.fractionDone() >= 1 }

// coherenceDue reports whether the temporal-coherence phase must begin: the
// last Coherence of the run is reached and the network is not in it yet.
func (s *session) coherenceDue() bool {
	return s.plan.Coherence > 0 && !s.trainer.State().Coherence && s.fractionDone() >= 1-s.plan.Coherence
}

// status returns how far the run has gone.
func (s *session) status() Status {
	return Status{Played: s.played, Episodes: s.plan.Episodes, Duration: s.plan.Duration, Done: s.fractionDone()}
}

// evaluated returns the network the evaluations play: the trainer's, after
// the plan's earlier stages if it has any, shifted to meet the one before
// it on the plan's boards if it has them.
func (s *session) evaluated() (*ntuple.Network, error) {
	net := s.trainer.Network()
	if len(s.plan.Earlier) == 0 {
		return net, nil
	}
	stages := append(slices.Clone(s.plan.Earlier), ntuple.Stage{Net: net, Tile: s.trainer.State().StageTile})
	staged, err := ntuple.Staged(stages)
	if err != nil || s.plan.MeetOn == nil {
		return staged, err
	}
	last := len(stages) - 1
	seam, err := ntuple.MeasureSeamOn(staged, last, s.plan.MeetOn)
	if err != nil {
		return nil, err
	}
	if s.hooks.Met != nil {
		s.hooks.Met(seam)
	}
	stages[last].Shift = seam.Gap()
	return ntuple.Staged(stages)
}

// evaluate plays the evaluation games and adds the point to the curve. It
// returns nil at once if ctx is done meanwhile (the caller checks ctx), and
// a *CollapseError if the score has collapsed.
func (s *session) evaluate(ctx context.Context) error {
	start := time.Now()
	if s.hooks.Evaluating != nil {
		s.hooks.Evaluating(s.plan.EvalGames)
	}
	net, err := s.evaluated()
	if err != nil {
		return err
	}
	p, err := curve.Evaluate(ctx, net, s.trainer.State(), s.plan.EvalGames, s.plan.EvalPlies, s.plan.Workers)
	if ctx.Err() != nil {
		return nil
	}
	if err != nil {
		return err
	}
	best := curve.BestMean(s.curve, p.Plies)
	s.curve = append(s.curve, p)
	if s.hooks.Evaluated != nil {
		if err := s.hooks.Evaluated(s.curve, time.Since(start)); err != nil {
			return err
		}
	}
	if best > 0 && p.Mean < CollapseFraction*best {
		return &CollapseError{Best: best, Mean: p.Mean}
	}
	return nil
}

// interrupted keeps a checkpoint once ctx is done and returns ctx's error.
func (s *session) interrupted(ctx context.Context) error {
	if s.hooks.Interrupted != nil {
		s.hooks.Interrupted()
	}
	if err := s.checkpoint(); err != nil {
		return err
	}
	return ctx.Err()
}

// checkpoint hands the network and its state to the Checkpoint hook.
func (s *session) checkpoint() error {
	if s.hooks.Checkpoint != nil {
		if err := s.hooks.Checkpoint(s.trainer.Checkpoint()); err != nil {
			return err
		}
	}
	s.nextCheckpoint = time.Now().Add(s.plan.CheckpointEvery)
	return nil
}
