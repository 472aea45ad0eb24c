package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"slices"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/tui"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/regularfile"
)

// exportFlags are the flags -export accepts.
var exportFlags = []string{"export", "step", "coarse", "weights"}

// checkExport reports what is wrong with the options of -export: only
// -weights, -step and -coarse go with it.
func (o *trainOptions) checkExport() error {
	for name := range o.set {
		if !slices.Contains(exportFlags, name) {
			return fmt.Errorf("-%s: -export writes the network of the weights file and trains nothing: it takes only -weights, -step and -coarse", name)
		}
	}
	if math.IsNaN(o.step) || o.step < 0 || o.step > math.MaxFloat32 {
		return fmt.Errorf("-step %g: want a number of points, 0 or above (0: the finest step that fits)", o.step)
	}
	if o.coarse < 1 || o.coarse > ntuple.MaxCoarse {
		return fmt.Errorf("-coarse %d: want a factor from 1 (every weight to the step) to %d", o.coarse, ntuple.MaxCoarse)
	}
	return nil
}

// exportNetwork writes the network of the weights file of o as the play
// file o.export, whole or not at all, and says what it wrote on stdout.
func exportNetwork(o trainOptions, stdout io.Writer) error {
	c, err := readCheckpoint(o.weights)
	if err != nil {
		return err
	}
	net, state := c.Net, c.State
	f, err := createOutput("-export", o.export)
	if err != nil {
		return err
	}
	defer f.Abort() // after Commit, nothing
	size, err := c.WritePlay(f, float32(o.step), o.coarse)
	if err != nil {
		return fmt.Errorf("-export %s: %w", o.export, err)
	}
	if err := f.Commit(true); err != nil {
		return fmt.Errorf("-export %s: %w", o.export, err)
	}
	fmt.Fprintf(stdout, "train: %s: the %v network of %s games, %.1f MB (from %s), %s\n",
		o.export, net.Design(), figures.Count(state.Episodes), float64(size)/1e6,
		mebibytes(net.Design().FileBytes(false)), rounding(o.step, o.coarse, state.Coherence))
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
		return nil, fmt.Errorf("-weights: %w at %s: train one with \"2048 train -time 1h\"", tui.ErrNoWeights, path)
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
// half of step, or for step 0 half of the finest step, which depends on the
// weights' range; in the coherence phase, the weights that play seldom
// reaches coarse times that (see ntuple.Checkpoint.WritePlay).
func rounding(step float64, coarse int, coherence bool) string {
	seldom := coherence && coarse > 1
	if step == 0 {
		if seldom {
			return fmt.Sprintf("each weight within half a 65535th of its tuple's range, those play seldom reaches (%d%%) within %d times that",
				100-int(100*ntuple.FineShare), coarse)
		}
		return "each weight within half a 65535th of its tuple's range"
	}
	if seldom {
		return fmt.Sprintf("each weight within %g points, those play seldom reaches (%d%%) within %g",
			step/2, 100-int(100*ntuple.FineShare), step/2*float64(coarse))
	}
	return fmt.Sprintf("each weight within %g points", step/2)
}
