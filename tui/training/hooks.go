package training

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/curve"
	"github.com/term2048/2048/ai/ntuple/schedule"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/progress"
	"github.com/term2048/2048/tui/trainfiles"
)

// hooks returns what train does as its schedule goes: the progress on
// stderr, each evaluation on stdout and in the files of the learning curve
// and of its plot, and the checkpoints in the weights file.
func hooks(o Options, stdout io.Writer, prog *progress.Training) schedule.Hooks {
	return schedule.Hooks{
		Slice:           prog.Add,
		CoherenceBegins: func() { prog.Note("the temporal-coherence phase begins") },
		Evaluating: func(games int) {
			prog.Note(fmt.Sprintf("evaluating on %s %s at %s…", figures.Count(games), figures.Plural(games, "game"), curve.Plies(o.EvalDepth)))
		},
		Met: func(seam ntuple.Seam) {
			prog.Note("evaluating with " + describeShift(seam.Gap(), &seam, seam.Tile))
		},
		Evaluated: func(points []curve.Point, took time.Duration) error {
			p := points[len(points)-1]
			prog.Clear()
			fmt.Fprintf(stdout, "%s; %d games at %s in %v\n", describePoint(p), p.Games, curve.Plies(p.Plies), took.Round(100*time.Millisecond))
			if err := trainfiles.WriteCurve(o.Curve, points); err != nil {
				return err
			}
			if o.Plot == "" {
				return nil
			}
			return trainfiles.PlotCurve(o.Plot, points)
		},
		Interrupted: func() {
			prog.Note("interrupted: writing the checkpoint (ctrl+c again stops at once, keeping the last one)")
		},
		Checkpoint: func(c *ntuple.Checkpoint) error {
			start := time.Now()
			if err := trainfiles.WriteCheckpoint(o.Weights, c); err != nil {
				return err
			}
			prog.Note(fmt.Sprintf("checkpoint: %s written in %v (%s)", o.Weights,
				time.Since(start).Round(10*time.Millisecond), describeState(c.State)))
			return nil
		},
	}
}

// runError returns the error with which train ends after its schedule
// ended with err, saying what the weights file at weights keeps.
func runError(err error, weights string) error {
	var collapse *schedule.CollapseError
	switch {
	case errors.Is(err, ntuple.ErrDiverged):
		return fmt.Errorf("%w: stopped; %s keeps the network of the last checkpoint", err, weights)
	case errors.As(err, &collapse):
		return fmt.Errorf("the mean score fell from %s to %s: training stopped; %s keeps the network of the last checkpoint",
			figures.Decimal(collapse.Best, 0), figures.Decimal(collapse.Mean, 0), weights)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return &interruptedError{"; -resume goes on from " + weights, err}
	}
	return err
}

// describePoint writes a point of the learning curve on one line.
func describePoint(p curve.Point) string {
	s := fmt.Sprintf("after %v, %s games, %s moves: mean %s ± %s (median %s)",
		p.Training.Round(time.Second), figures.Count(p.Episodes), figures.Rate(float64(p.Moves)),
		figures.Decimal(p.Mean, 0), figures.Decimal((p.MeanHigh-p.MeanLow)/2, 0), figures.Decimal(p.Median, 0))
	for i, r := range p.Reach {
		if !p.Known(i) {
			continue
		}
		s += fmt.Sprintf(", %d %s [%s, %s]", r.Tile, figures.Percent(r.Share, 1),
			figures.Decimal(100*r.Low, 1), figures.Decimal(100*r.High, 1))
	}
	return s
}

// describeState writes the training a state has had, for messages.
func describeState(s ntuple.State) string {
	phase := "TD"
	if s.Coherence {
		phase = "TC"
	}
	return fmt.Sprintf("%s games, %s moves, %v of training, %s phase", figures.Count(s.Episodes), figures.Count(s.Moves),
		s.Elapsed.Round(time.Second), phase)
}

// interruptedError is the error of a training or an export stopped by its
// context: it reads "interrupted" and then what the files keep, and wraps
// the context's error, by which a command knows an interruption.
type interruptedError struct {
	what  string // what follows "interrupted"
	cause error  // the context's error
}

func (e *interruptedError) Error() string { return "interrupted" + e.what }

func (e *interruptedError) Unwrap() error { return e.cause }
