package ntuple

import (
	"bytes"
	"context"
	"fmt"
)

// SeamBoards and SeamSeed are the boards on which JoinStages measures
// where a second stage meets its first, and a training's evaluations of a
// second stage shift it. For the pair of docs/training.md, 2,000 boards
// holding 16384, found in some 3,500 games in 4 seconds on two cores, give
// a gap of 47,357 points, and from 47,230 to 47,333 with seeds 1 to 7:
// within a hundred points of each other. The seed is not training's
// default, so that the boards are not those the second stage started
// from.
const (
	SeamBoards = 2000
	SeamSeed   = 99
)

// A Join says how JoinStages puts two networks together.
type Join struct {
	Step  float32 // the step of a network read from a weights file (see Playable.Play)
	Tiers Tiers   // and its tiers
	// Shift, if not nil, is the number of points by which the second
	// stage's values are shifted; nil shifts them by the gap measured
	// where the second stage takes over (see MeasureSeam), on SeamBoards
	// boards of games from SeamSeed played on Workers goroutines.
	Shift   *float64
	Workers int
	// Measuring, if not nil, is called just before the gap is measured,
	// which takes seconds.
	Measuring func()
}

// A StageError is the failure of JoinStages with one of its two stages.
type StageError struct {
	Stage int // 0 for the first stage, 1 for the second
	Err   error
}

// Error returns the stage and what went wrong with it.
func (e *StageError) Error() string { return fmt.Sprintf("stage %d: %v", e.Stage+1, e.Err) }

// Unwrap returns what went wrong.
func (e *StageError) Unwrap() error { return e.Err }

// A SeamError is the failure of JoinStages to measure where the stages
// meet: MeasureSeam's error, or the context's if it was done first.
type SeamError struct{ Err error }

// Error returns what went wrong.
func (e *SeamError) Error() string { return "measuring where the stages meet: " + e.Err.Error() }

// Unwrap returns what went wrong.
func (e *SeamError) Unwrap() error { return e.Err }

// JoinStages returns the stages of the play file of a network of two
// stages, to be written by WriteStagedPlay: first, then second from tile
// on, each written as a play file as j says, the second's values shifted
// to meet the first's where it takes over. It also returns the seam
// measured to shift it, nil with j.Shift. Both Playables are played: they
// are of no use afterwards. An error of a stage is a *StageError, one of
// the measure a *SeamError.
func JoinStages(ctx context.Context, first, second *Playable, tile int, j Join) ([]PlayStage, *Seam, error) {
	firstPlay, err := first.Play(j.Step, j.Tiers)
	if err != nil {
		return nil, nil, &StageError{0, err}
	}
	secondPlay, err := second.Play(j.Step, j.Tiers)
	if err != nil {
		return nil, nil, &StageError{1, err}
	}
	var seam *Seam
	shift := 0.0
	if j.Shift != nil {
		shift = *j.Shift
	} else {
		if seam, err = measurePlays(ctx, firstPlay, secondPlay, tile, j); err != nil {
			return nil, nil, err
		}
		shift = seam.Gap()
	}
	if shift != 0 {
		if secondPlay, err = ShiftPlay(secondPlay, shift); err != nil {
			return nil, nil, &StageError{1, err}
		}
	}
	return []PlayStage{{Play: firstPlay}, {Play: secondPlay, Tile: tile}}, seam, nil
}

// measurePlays measures where the second stage of the play files
// firstPlay and secondPlay meets the first, at tile.
func measurePlays(ctx context.Context, firstPlay, secondPlay []byte, tile int, j Join) (*Seam, error) {
	first, _, err := ReadNetwork(bytes.NewReader(firstPlay))
	if err != nil {
		return nil, &StageError{0, err}
	}
	defer first.Release() // measured: the play files are what is written
	second, _, err := ReadNetwork(bytes.NewReader(secondPlay))
	if err != nil {
		return nil, &StageError{1, err}
	}
	defer second.Release()
	both, err := Staged([]Stage{{Net: first}, {Net: second, Tile: tile}})
	if err != nil {
		return nil, err
	}
	if j.Measuring != nil {
		j.Measuring()
	}
	seam, err := MeasureSeam(ctx, both, 1, SeamBoards, SeamSeed, j.Workers)
	if ctx.Err() != nil {
		return nil, &SeamError{ctx.Err()}
	}
	if err != nil {
		return nil, &SeamError{err}
	}
	return &seam, nil
}
