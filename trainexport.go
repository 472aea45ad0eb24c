package main

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/term2048/2048/ai/sim"
)

// exportFlags are the flags -export accepts.
var exportFlags = []string{"export", "first", "stage-tile", "stage-shift", "step", "threads", "tiers", "weights"}

// exportOnlyFlags are the flags that only -export takes.
var exportOnlyFlags = []string{"stage-shift", "step", "tiers"}

// checkExport reports what is wrong with the options of -export: only
// exportFlags go with it, and -stage-tile and -stage-shift only with
// -first.
func (o *trainOptions) checkExport() error {
	for name := range o.Given {
		if !slices.Contains(exportFlags, name) {
			return fmt.Errorf("-%s: -export writes the network of the weights file and trains nothing: it takes only -weights, -first, -stage-tile, -stage-shift, -step, -tiers and -threads", name)
		}
	}
	if (o.Given["stage-tile"] || o.Given["stage-shift"]) && o.First == "" {
		return errors.New("-stage-tile and -stage-shift go with -first FILE, the first stage of the network exported")
	}
	if o.Threads < 1 || o.Threads > sim.MaxWorkers {
		return fmt.Errorf("-threads %d: want 1 to %d", o.Threads, sim.MaxWorkers)
	}
	if err := checkStageTile(o.StageTile); err != nil {
		return err
	}
	if math.IsNaN(o.Step) || o.Step < 0 || o.Step > math.MaxFloat32 {
		return fmt.Errorf("-step %g: want a number of points, 0 or above (0: the finest step that fits)", o.Step)
	}
	return nil
}
