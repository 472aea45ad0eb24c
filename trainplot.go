package main

import (
	"bytes"
	"fmt"
	"path/filepath"

	"github.com/term2048/2048/ai/ntuple/curve"
	"github.com/term2048/2048/tui/atomicfile"
	"github.com/term2048/2048/tui/chart"
)

// plotCurve draws the learning curve to path, in the format its extension
// names, atomically (see chart.WriteCurve).
func plotCurve(path string, points []curve.Point) error {
	var b bytes.Buffer
	if err := chart.WriteCurve(&b, filepath.Ext(path), points); err != nil {
		return fmt.Errorf("-plot %s: %w", path, err)
	}
	if err := atomicfile.WriteFile(path, b.Bytes(), 0o644, false); err != nil {
		return fmt.Errorf("-plot: %w", err)
	}
	return nil
}
