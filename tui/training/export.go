package training

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"strings"
	"time"

	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/outputs"
)

// Export writes the network of the weights file of o as the play
// file o.Export, whole or not at all, and says what it wrote on stdout;
// for a network of stages, what it does meanwhile on stderr.
func Export(ctx context.Context, o Options, stdout, stderr io.Writer) error {
	out := []outputs.File{{Flag: "-export", Path: o.Export}}
	if err := outputs.Check(out, []outputs.File{{Flag: "-weights", Path: o.Weights}, {Flag: "-first", Path: o.First}}); err != nil {
		return err
	}
	if o.First != "" {
		return exportStages(ctx, o, stdout, stderr)
	}
	c, err := readCheckpoint(o.Weights)
	if err != nil {
		return err
	}
	defer c.Release() // see Run
	net, state := c.Net, c.State
	if state.StageTile != 0 {
		return fmt.Errorf("-export: %s holds the stage from %d of a network of stages, which plays only with its first stage: give it with -first FILE", o.Weights, state.StageTile)
	}
	f, err := outputs.Create("-export", o.Export)
	if err != nil {
		return err
	}
	defer f.Abort() // after Commit, nothing
	size, err := c.WritePlay(f, float32(o.Step), o.Tiers)
	if err != nil {
		return fmt.Errorf("-export %s: %w", o.Export, err)
	}
	if err := f.Commit(true); err != nil {
		return fmt.Errorf("-export %s: %w", o.Export, err)
	}
	fmt.Fprintf(stdout, "train: %s: the %v network of %s games, %.1f MB (from %s), %s\n",
		o.Export, net.Design(), figures.Count(state.Episodes), float64(size)/1e6,
		mebibytes(net.Design().FileBytes(false)), rounding(o.Step, o.Tiers, state.Coherence))
	return nil
}

// readCheckpoint reads the weights file at path with its coherence
// tables, which guide the rounding of a play file (see
// ntuple.Checkpoint.WritePlay). A missing file says how to train one; a
// play file, a damaged file or one that is not a regular file says what
// is wrong.
func readCheckpoint(path string) (*ntuple.Checkpoint, error) {
	f, err := regularfile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("-weights: %w at %s: train one with \"2048 train -time 1h\"", evaluators.ErrNoWeights, path)
	}
	if err != nil {
		return nil, fmt.Errorf("-weights: %w", err)
	}
	defer f.Close()
	c, err := ntuple.ReadCheckpoint(f)
	if err != nil {
		return nil, fmt.Errorf("weights file %s: %w", path, err)
	}
	return c, nil
}

// rounding says how far from its value a weight of the play file may be:
// half of step times its tier's factor, or for step 0 half of the finest
// step, which depends on the weights' range, times that. Only a network in
// its coherence phase knows which weights play adjusted most; the others
// have the first tier's factor (see ntuple.Checkpoint.WritePlay).
func rounding(step float64, tiers ntuple.Tiers, coherence bool) string {
	within := func(factor int) string {
		if step == 0 {
			if factor == 1 {
				return "within half a 65535th of its tuple's range"
			}
			return fmt.Sprintf("within %g 65535ths of its tuple's range", float64(factor)/2)
		}
		return fmt.Sprintf("within %g points", step/2*float64(factor))
	}
	if !coherence || len(tiers) == 1 {
		return "each weight " + within(tiers[0].Factor)
	}
	parts := make([]string, len(tiers))
	last := 0.0
	for i, t := range tiers {
		share := fmt.Sprintf("%g%%", math.Round(100*(t.Share-last)*100)/100)
		switch {
		case i == 0:
			parts[i] = fmt.Sprintf("the %s of each tuple's weights that play adjusted most %s", share, within(t.Factor))
		case i == len(tiers)-1:
			parts[i] = fmt.Sprintf("the other %s %s", share, within(t.Factor))
		default:
			parts[i] = fmt.Sprintf("the next %s %s", share, within(t.Factor))
		}
		last = t.Share
	}
	return strings.Join(parts, ", ")
}

// exportStages writes the play file of a network of two stages: -first's
// network, then from its tile -weights's, each a play file as it is or a
// weights file exported with -step and -tiers. The second is the second
// stage of a weights file trained with -first, or any network given its
// tile with -stage-tile: two networks trained apart, put together. The
// second stage's values are shifted to meet the first's where it takes
// over, by the gap measured there or by -stage-shift (see
// ntuple.JoinStages).
func exportStages(ctx context.Context, o Options, stdout, stderr io.Writer) error {
	first, err := readPlayable("-first", o.First)
	if err != nil {
		return err
	}
	defer first.Release() // a weights file's network, refused below or played
	switch {
	case first.State.StageTile != 0:
		return fmt.Errorf("-first %s: a second stage itself, not a first", o.First)
	case first.StageTiles != nil:
		return fmt.Errorf("-first %s: a network of stages already; give the network of its first stage", o.First)
	}
	second, err := readPlayable("-weights", o.Weights)
	if err != nil {
		return err
	}
	defer second.Release()
	tile, err := joinedTile(o, second)
	if err != nil {
		return err
	}
	episodes := first.State.Episodes + second.State.Episodes
	start := time.Now()
	stages, seam, err := ntuple.JoinStages(ctx, first, second, tile, ntuple.Join{Step: float32(o.Step), Tiers: o.Tiers,
		Shift: o.StageShift, Workers: o.Threads, Measuring: func() {
			start = time.Now()
			fmt.Fprintf(stderr, "train: measuring where the stages meet: the first stage plays until it holds %d, %s times…\n", tile, figures.Count(ntuple.SeamBoards))
		}})
	if err != nil {
		return joinError(ctx, o, err)
	}
	shift := 0.0
	if o.StageShift != nil {
		shift = *o.StageShift
	} else {
		fmt.Fprintf(stderr, "train: measured in %v, on %s games\n", time.Since(start).Round(time.Second), figures.Count(seam.Games))
		shift = seam.Gap()
	}
	f, err := outputs.Create("-export", o.Export)
	if err != nil {
		return err
	}
	defer f.Abort() // after Commit, nothing
	size, err := ntuple.WriteStagedPlay(f, stages)
	if err != nil {
		return fmt.Errorf("-export %s: %w", o.Export, err)
	}
	if err := f.Commit(true); err != nil {
		return fmt.Errorf("-export %s: %w", o.Export, err)
	}
	fmt.Fprintf(stdout, "train: %s: a network of two stages, %s's, then from %d %s's, %.1f MB, %s games in all\n",
		o.Export, o.First, tile, o.Weights, float64(size)/1e6, figures.Count(episodes))
	fmt.Fprintf(stdout, "train: %s\n", describeShift(shift, seam, tile))
	return nil
}

// joinedTile returns the tile from which second, the second stage of
// -export, values boards: the tile it was trained from, or -stage-tile's
// for a network of every board. It refuses a network of stages.
func joinedTile(o Options, second *ntuple.Playable) (int, error) {
	tile := second.State.StageTile
	switch {
	case second.StageTiles != nil:
		return 0, fmt.Errorf("-weights %s: a network of stages already; give the network of the second stage", o.Weights)
	case tile == 0 && !o.Given["stage-tile"]:
		return 0, fmt.Errorf("-first: %s holds a network of every board, not a second stage; to play it from a tile on, after the first stage, give the tile with -stage-tile N", o.Weights)
	case tile == 0:
		return o.StageTile, nil
	case o.Given["stage-tile"] && o.StageTile != tile:
		return 0, fmt.Errorf("-stage-tile %d: %s holds the stage from %d", o.StageTile, o.Weights, tile)
	}
	return tile, nil
}

// joinError returns the error of -export for an error of
// ntuple.JoinStages, naming the file of the stage at fault.
func joinError(ctx context.Context, o Options, err error) error {
	var stage *ntuple.StageError
	var seam *ntuple.SeamError
	switch {
	case errors.As(err, &seam) && ctx.Err() != nil:
		return &interruptedError{" while measuring where the stages meet: nothing written", ctx.Err()}
	case errors.As(err, &seam):
		return fmt.Errorf("-first %s: measuring where the stages meet: %w; give the shift with -stage-shift P (0: none)", o.First, seam.Err)
	case errors.As(err, &stage) && stage.Stage == 0:
		return fmt.Errorf("-first %s: %w", o.First, stage.Err)
	case errors.As(err, &stage):
		return fmt.Errorf("-weights %s: %w", o.Weights, stage.Err)
	}
	return err
}

// describeShift says by how much the second stage's values were shifted,
// and why: seam is what was measured, or nil for -stage-shift.
func describeShift(shift float64, seam *ntuple.Seam, tile int) string {
	points := figures.Count(int64(math.Round(math.Abs(shift))))
	var s string
	switch {
	case shift > 0:
		s = fmt.Sprintf("the second stage's values raised by %s points", points)
	case shift < 0:
		s = fmt.Sprintf("the second stage's values lowered by %s points", points)
	default:
		s = "the second stage's values as trained"
	}
	if seam == nil {
		return s + " (-stage-shift)"
	}
	return fmt.Sprintf("%s to meet the first's at %d: on the afterstates of %s boards where the first stage's games first hold it, they value %s points to come, the first %s",
		s, tile, figures.Count(seam.Boards), figures.Count(int64(math.Round(seam.After))), figures.Count(int64(math.Round(seam.Before))))
}

// readPlayable reads the network in the file at path, named by flag in
// messages, to be written as a stage of a play file (see
// ntuple.ReadPlayable).
func readPlayable(flag, path string) (*ntuple.Playable, error) {
	f, err := regularfile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w at %s", flag, evaluators.ErrNoWeights, path)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", flag, err)
	}
	defer f.Close()
	p, err := ntuple.ReadPlayable(f)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", flag, path, err)
	}
	return p, nil
}
