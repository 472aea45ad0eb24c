package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/tui/atomicfile"
	"github.com/term2048/2048/tui/figures"
)

// A session is one run of 2048 train: it trains in short slices, between
// which it draws the progress, evaluates, checkpoints and decides whether
// to stop. Between slices no goroutine touches the network, so that
// evaluating and saving it need no lock.
type session struct {
	opts    trainOptions
	trainer *ntuple.Trainer
	curve   []evaluation // the learning curve, earlier runs' evaluations first
	stdout  io.Writer
	stderr  io.Writer
	tty     bool

	start          time.Time
	played         int64 // games of this run
	progress       trainProgress
	nextEval       time.Time // zero: only at the end
	nextCheckpoint time.Time
}

// sliceLength is how long the trainer runs between two looks of the
// session: the period of the progress line on a terminal.
const sliceLength = time.Second

// collapseFraction is how far the mean score of an evaluation may fall
// below the best of the curve before training stops: a network that loses
// half its score has gone wrong (a learning rate too high, or a bug), and
// more training would only bury the good one.
const collapseFraction = 0.5

// run trains until the run's length is reached, ctx is cancelled (ctrl+c,
// SIGTERM), the values diverge or the score collapses. It writes a
// checkpoint at the end and on cancellation, but not after a divergence
// or a collapse, so that the weights file keeps the last good network.
func (s *session) run(ctx context.Context) (err error) {
	s.start = time.Now()
	s.progress = newTrainProgress(s.stderr, s.tty, s.start)
	defer func() {
		if err != nil {
			s.progress.end() // so that the error gets a line of its own
		}
	}()
	if s.opts.evalEvery > 0 {
		s.nextEval = s.start.Add(s.opts.evalEvery)
	}
	s.nextCheckpoint = s.start.Add(s.opts.checkpointEvery)
	s.announce()
	for {
		if s.coherenceDue() {
			s.trainer.StartCoherence()
			s.progress.note("the temporal-coherence phase begins")
		}
		stats, err := s.trainSlice(ctx)
		s.played += int64(stats.Episodes)
		s.progress.add(stats, s.status())
		switch {
		case errors.Is(err, ntuple.ErrDiverged):
			return fmt.Errorf("%w: stopped; %s keeps the network of the last checkpoint", err, s.opts.weights)
		case err != nil:
			return err
		case ctx.Err() != nil:
			return s.interrupted()
		}
		done := s.finished()
		now := time.Now()
		if done || !s.nextEval.IsZero() && !now.Before(s.nextEval) {
			if err := s.evaluate(ctx); err != nil {
				return err
			}
			if ctx.Err() != nil {
				return s.interrupted()
			}
			s.nextEval = time.Now().Add(s.opts.evalEvery)
		}
		if done || !now.Before(s.nextCheckpoint) {
			if err := s.checkpoint(); err != nil {
				return err
			}
		}
		if done {
			s.progress.end()
			return nil
		}
	}
}

// announce says what the session trains, on stderr.
func (s *session) announce() {
	st := s.trainer.State()
	what := fmt.Sprintf("a new %v network", s.trainer.Network().Design())
	if st.Episodes > 0 {
		what = fmt.Sprintf("the %v network of %s", s.trainer.Network().Design(), describeState(st))
	}
	fmt.Fprintf(s.stderr, "train: %s in %s, on %d %s\n", what, s.opts.weights, s.opts.threads, figures.Plural(s.opts.threads, "thread"))
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
	if s.opts.coherence > 0 && !inCoherence {
		end = 1 - s.opts.coherence
	}
	until = now.Add(sliceLength)
	if s.opts.duration > 0 {
		until = minTime(until, s.start.Add(fractionOf(s.opts.duration, end)))
	}
	if !s.nextEval.IsZero() {
		until = minTime(until, s.nextEval)
	}
	until = minTime(until, s.nextCheckpoint)
	if s.opts.episodes > 0 {
		games := s.opts.episodes
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
	if s.opts.episodes > 0 {
		return min(float64(s.played)/float64(s.opts.episodes), 1)
	}
	return min(float64(time.Since(s.start))/float64(s.opts.duration), 1)
}

// finished reports whether the run has reached its length.
func (s *session) finished() bool { return s.fractionDone() >= 1 }

// coherenceDue reports whether the temporal-coherence phase must begin: the
// last -coherence of the run is reached and the network is not in it yet.
func (s *session) coherenceDue() bool {
	return s.opts.coherence > 0 && !s.trainer.State().Coherence && s.fractionDone() >= 1-s.opts.coherence
}

// status returns what the progress line says of the run's length: the games
// or the time, done and left.
func (s *session) status() runStatus {
	return runStatus{played: s.played, episodes: s.opts.episodes, duration: s.opts.duration, fraction: s.fractionDone()}
}

// interrupted writes a checkpoint after ctrl+c or SIGTERM and returns the
// interruption.
func (s *session) interrupted() error {
	s.progress.note("interrupted: writing the checkpoint (ctrl+c again stops at once, keeping the last one)")
	if err := s.checkpoint(); err != nil {
		return err
	}
	return fmt.Errorf("%w; -resume goes on from %s", errInterrupted, s.opts.weights)
}

// checkpoint writes the network and the state of its training to the
// weights file, atomically: a crash or a full disk leaves the last one.
func (s *session) checkpoint() error {
	start := time.Now()
	f, err := atomicfile.Create(s.opts.weights, 0o644)
	if err != nil {
		return fmt.Errorf("weights file: %w", err)
	}
	defer f.Abort()
	c := s.trainer.Checkpoint()
	if _, err := c.WriteTo(f); err != nil {
		if errors.Is(err, ntuple.ErrNotFinite) {
			return fmt.Errorf("the network is broken (%w): not written; %s keeps the last good one", err, s.opts.weights)
		}
		return fmt.Errorf("weights file %s: %w", s.opts.weights, err)
	}
	if err := f.Commit(true); err != nil {
		return fmt.Errorf("weights file: %w", err)
	}
	s.nextCheckpoint = time.Now().Add(s.opts.checkpointEvery)
	s.progress.note(fmt.Sprintf("checkpoint: %s written in %v (%s)", s.opts.weights,
		time.Since(start).Round(10*time.Millisecond), describeState(c.State)))
	return nil
}
