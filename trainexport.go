package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"slices"
	"strings"

	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/outputs"
)

// exportFlags are the flags -export accepts.
var exportFlags = []string{"export", "first", "stage-tile", "stage-shift", "step", "threads", "tiers", "weights"}

// exportOnlyFlags are the flags that only -export takes.
var exportOnlyFlags = []string{"stage-shift", "step", "tiers"}

// checkExport reports what is wrong with the options of -export: only
// exportFlags go with it, and -stage-tile and -stage-shift only with
// -first.
func (o *trainOptions) checkExport() error {
	for name := range o.set {
		if !slices.Contains(exportFlags, name) {
			return fmt.Errorf("-%s: -export writes the network of the weights file and trains nothing: it takes only -weights, -first, -stage-tile, -stage-shift, -step, -tiers and -threads", name)
		}
	}
	if (o.set["stage-tile"] || o.set["stage-shift"]) && o.first == "" {
		return errors.New("-stage-tile and -stage-shift go with -first FILE, the first stage of the network exported")
	}
	if o.threads < 1 || o.threads > sim.MaxWorkers {
		return fmt.Errorf("-threads %d: want 1 to %d", o.threads, sim.MaxWorkers)
	}
	if err := checkStageTile(o.stageTile); err != nil {
		return err
	}
	if math.IsNaN(o.step) || o.step < 0 || o.step > math.MaxFloat32 {
		return fmt.Errorf("-step %g: want a number of points, 0 or above (0: the finest step that fits)", o.step)
	}
	return nil
}

// exportNetwork writes the network of the weights file of o as the play
// file o.export, whole or not at all, and says what it wrote on stdout;
// for a network of stages, what it does meanwhile on stderr.
func exportNetwork(ctx context.Context, o trainOptions, stdout, stderr io.Writer) error {
	if err := outputs.Check([]outputs.File{{Flag: "-export", Path: o.export}}, []outputs.File{{Flag: "-weights", Path: o.weights}, {Flag: "-first", Path: o.first}}); err != nil {
		return err
	}
	if o.first != "" {
		return exportStages(ctx, o, stdout, stderr)
	}
	c, err := readCheckpoint(o.weights)
	if err != nil {
		return err
	}
	defer c.Release() // see trainCommand
	net, state := c.Net, c.State
	if state.StageTile != 0 {
		return fmt.Errorf("-export: %s holds the stage from %d of a network of stages, which plays only with its first stage: give it with -first FILE", o.weights, state.StageTile)
	}
	f, err := outputs.Create("-export", o.export)
	if err != nil {
		return err
	}
	defer f.Abort() // after Commit, nothing
	size, err := c.WritePlay(f, float32(o.step), o.tiers)
	if err != nil {
		return fmt.Errorf("-export %s: %w", o.export, err)
	}
	if err := f.Commit(true); err != nil {
		return fmt.Errorf("-export %s: %w", o.export, err)
	}
	fmt.Fprintf(stdout, "train: %s: the %v network of %s games, %.1f MB (from %s), %s\n",
		o.export, net.Design(), figures.Count(state.Episodes), float64(size)/1e6,
		mebibytes(net.Design().FileBytes(false)), rounding(o.step, o.tiers, state.Coherence))
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
