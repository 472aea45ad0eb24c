// Package schedule trains an n-tuple network for a given time or number of
// games, as 2048 train does: in short slices, between which it evaluates
// the network on the learning curve's fixed games, writes checkpoints,
// begins the temporal-coherence phase for the last part of the run, and
// stops if the values diverge or the score collapses.
//
// Between two slices no goroutine touches the network, so that evaluating
// and saving it need no lock. Nothing here prints or writes a file: the
// caller shows the progress and keeps the files through its [Hooks].
package schedule

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/curve"
	"github.com/term2048/2048/engine"
)

// A Plan is what Run trains for.
type Plan struct {
	Duration time.Duration // the run's length, or 0 for a number of games
	Episodes int64         // the run's games, or 0 for a length
	// Coherence is the last fraction of the run, from 0 to 1, spent in the
	// temporal-coherence phase (see ntuple.Trainer.StartCoherence).
	Coherence float64
	// EvalEvery is the time between two evaluations (0: only at the end),
	// EvalGames the games of each, played on Workers goroutines (0:
	// GOMAXPROCS), as the trainer plays on its threads.
	EvalEvery time.Duration
	EvalGames int
	Workers   int
	// EvalPlies is the depth the evaluations' games are played at (0 or 1:
	// one ply, the move of highest points plus value; see curve.Evaluate).
	EvalPlies int
	// CheckpointEvery is the time between two checkpoints.
	CheckpointEvery time.Duration
	// Earlier holds the earlier stages of a network of stages whose last
	// stage the run trains (see ntuple.Staged), the network of the
	// trainer's games beginning at the trainer's StageTile: the
	// evaluations play the whole network, from the first tiles. Nil for a
	// network of one stage.
	Earlier []ntuple.Stage
	// MeetOn holds boards where the earlier stages' games first hold the
	// trained stage's tile (see ntuple.FirstBoards). Before each
	// evaluation the trained stage is shifted to meet the stage before it
	// on them (see ntuple.MeasureSeamOn), as a play file of the stages is
	// shifted when exported, so that the evaluations play the network a
	// player will. Nil: the evaluations play the stages as trained.
	MeetOn []engine.Board
}

// Hooks are how Run reaches its caller, which shows the progress and keeps
// the files. Run calls them from its own goroutine, between slices; a nil
// hook is not called.
type Hooks struct {
	// Slice is told the games of each slice and how far the run has gone.
	Slice func(ntuple.Stats, Status)
	// CoherenceBegins is called as the temporal-coherence phase begins.
	CoherenceBegins func()
	// Evaluating is called before an evaluation of games games.
	Evaluating func(games int)
	// Met is told, before each evaluation that shifts the trained stage
	// (see Plan.MeetOn), where it met the stage before it as trained: the
	// seam's gap is the shift.
	Met func(ntuple.Seam)
	// Evaluated is given the learning curve after each evaluation, the new
	// point last, and the time the evaluation took; an error stops the run.
	Evaluated func(curve []curve.Point, took time.Duration) error
	// Interrupted is called when the run is cancelled, before its last
	// checkpoint.
	Interrupted func()
	// Checkpoint keeps the network and the state of its training; an error
	// stops the run.
	Checkpoint func(*ntuple.Checkpoint) error
}

// Status is how far a run has gone.
type Status struct {
	Played   int64         // the games of this run
	Episodes int64         // the run's games, or 0
	Duration time.Duration // the run's length, or 0
	Done     float64       // the fraction done, from 0 to 1
}

// sliceLength is how long the trainer runs between two looks of the
// schedule: the period of the progress line on a terminal.
const sliceLength = time.Second

// CollapseFraction is how far the mean score of an evaluation may fall
// below the best of the curve before training stops: a network that loses
// half its score has gone wrong (a learning rate too high, or a bug), and
// more training would only bury the good one.
const CollapseFraction = 0.5

// A CollapseError is the error of a run stopped because the mean score of
// an evaluation fell below CollapseFraction of the best of the curve.
type CollapseError struct {
	Best, Mean float64 // the best mean score of the curve, and the last
}

// Error says how far the score fell.
func (e *CollapseError) Error() string {
	return fmt.Sprintf("the mean score fell from %.0f to %.0f", e.Best, e.Mean)
}

// Run trains t as p says, history being the learning curve of its earlier
// runs, until the run's length is reached, ctx is done, the values
// diverge (ntuple.ErrDiverged) or the score collapses (a *CollapseError).
// It evaluates the network every p.EvalEvery and at the end, and keeps a
// checkpoint every p.CheckpointEvery, at the end and when ctx is done, but
// not after a divergence or a collapse, so that the last checkpoint keeps
// the last good network. When ctx is done it returns ctx's error.
func Run(ctx context.Context, t *ntuple.Trainer, p Plan, history []curve.Point, h Hooks) error {
	switch {
	case p.Duration <= 0 && p.Episodes <= 0:
		return errors.New("a plan of neither a length nor a number of games")
	case p.EvalGames < 1:
		return fmt.Errorf("%d evaluation games: want at least 1", p.EvalGames)
	case p.EvalPlies < 0:
		return fmt.Errorf("evaluations at %d plies: want 1 or more", p.EvalPlies)
	case p.CheckpointEvery <= 0:
		return fmt.Errorf("a checkpoint every %v: want a positive period", p.CheckpointEvery)
	case math.IsNaN(p.Coherence) || p.Coherence < 0 || p.Coherence > 1:
		return fmt.Errorf("coherence %g: want a fraction from 0 to 1", p.Coherence)
	case p.MeetOn != nil && len(p.Earlier) == 0:
		return errors.New("boards where stages meet, for a network of one stage")
	}
	p.EvalPlies = max(p.EvalPlies, 1)
	s := &session{plan: p, hooks: h, trainer: t, curve: history, start: time.Now()}
	if p.EvalEvery > 0 {
		s.nextEval = s.start.Add(p.EvalEvery)
	}
	s.nextCheckpoint = s.start.Add(p.CheckpointEvery)
	return s.run(ctx)
}
