// Package trainfiles keeps the files of a training of 2048 train: the
// weights file, which holds the network and the state of its training,
// the learning curve beside it (a CSV file) and the curve's plot. Each is
// written whole or not at all, and a weights file is locked while a
// training writes it. Its errors name the files by the flags of 2048
// train.
package trainfiles

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/curve"
	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/tui/atomicfile"
	"github.com/term2048/2048/tui/chart"
	"github.com/term2048/2048/tui/dirlock"
)

// Files are the files a training writes: the weights file, the learning
// curve and its plot, the plot "" for none.
type Files struct{ Weights, Curve, Plot string }

// Check checks, before anything is read or trained, that the files can be
// written: the weights, the learning curve and the plot. Each must be a
// regular file, or none yet, in a directory that takes new files: a
// directory, a FIFO, a device or a loop of symbolic links is refused at
// once, with what it is, rather than after hours of training, or never (a
// FIFO opened for reading waits for a writer). It creates the weights
// file's directory if need be.
func (f Files) Check() error {
	if err := os.MkdirAll(filepath.Dir(f.Weights), 0o755); err != nil {
		return fmt.Errorf("-weights %s: %w", f.Weights, err)
	}
	for _, file := range []struct{ flag, path string }{{"-weights", f.Weights}, {"-log", f.Curve}, {"-plot", f.Plot}} {
		if file.path == "" {
			continue
		}
		w, err := atomicfile.Create(file.path, 0o644)
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return fmt.Errorf("%s %s: %w", file.flag, file.path, pe.Err)
		}
		if err != nil {
			return fmt.Errorf("%s %s: %w", file.flag, file.path, err)
		}
		w.Abort()
	}
	return nil
}

// RemoveStale removes the temporary files that a training killed while
// writing its files left beside them (a checkpoint's is as large as the
// network), once their writers are gone (see atomicfile.RemoveStale), and
// says so.
func (f Files) RemoveStale(stderr io.Writer) {
	for _, path := range []string{f.Weights, f.Curve, f.Plot} {
		if path == "" {
			continue
		}
		base := filepath.Base(path)
		removed, _ := atomicfile.RemoveStale(filepath.Dir(path), func(name string) bool { return name == base })
		for _, r := range removed {
			fmt.Fprintf(stderr, "train: removed %s, left by a training stopped while writing %s\n", r, path)
		}
	}
}

// LockWeights keeps the weights file at path for this run: a second
// training of the same file, which would write over this one's
// checkpoints, is refused at once, with this one's PID. The lock is the
// system's, on a file beside the weights (path.lock, which stays), and
// goes with the process however it ends. Where the file system has no
// locks, the run goes on unguarded, and says so.
func LockWeights(path string, stderr io.Writer) (*dirlock.Lock, error) {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real // the file written, whichever link names it
	}
	lock, err := dirlock.AcquireFile(path)
	var held *dirlock.HeldError
	switch {
	case errors.As(err, &held):
		who := "another 2048 train"
		if held.PID != 0 {
			who = fmt.Sprintf("another 2048 train (PID %d)", held.PID)
		}
		return nil, fmt.Errorf("%s is being trained by %s: stop it first, or give another -weights FILE; only one training at a time can write a weights file", path, who)
	case errors.Is(err, dirlock.ErrUnsupported):
		fmt.Fprintf(stderr, "train: %s cannot be locked (%v): a second training of it would not be refused\n", path, err)
		return nil, nil
	case err != nil:
		return nil, err
	}
	return lock, nil
}

// WriteCheckpoint writes c to the weights file at path, atomically: a
// crash or a full disk leaves the last one.
func WriteCheckpoint(path string, c *ntuple.Checkpoint) error {
	f, err := atomicfile.Create(path, 0o644)
	if err != nil {
		return fmt.Errorf("weights file: %w", err)
	}
	defer f.Abort()
	if _, err := c.WriteTo(f); err != nil {
		if errors.Is(err, ntuple.ErrNotFinite) {
			return fmt.Errorf("the network is broken (%w): not written; %s keeps the last good one", err, path)
		}
		return fmt.Errorf("weights file %s: %w", path, err)
	}
	if err := f.Commit(true); err != nil {
		return fmt.Errorf("weights file: %w", err)
	}
	return nil
}

// WriteCurve writes the learning curve to path, atomically.
func WriteCurve(path string, points []curve.Point) error {
	var b bytes.Buffer
	if err := curve.Write(&b, points); err != nil {
		return fmt.Errorf("learning curve: %w", err)
	}
	if err := atomicfile.WriteFile(path, b.Bytes(), 0o644, false); err != nil {
		return fmt.Errorf("learning curve: %w", err)
	}
	return nil
}

// ReadCurve reads the learning curve at path: none if there is no file. A
// file that is not such a curve is an error that says where, so that a
// resumed training never loses or garbles the points of the earlier runs.
func ReadCurve(path string) ([]curve.Point, error) {
	f, err := regularfile.Open(path) // a FIFO or a device would never end
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("learning curve: %w", err)
	}
	defer f.Close()
	points, err := curve.Read(f)
	if err != nil {
		return nil, fmt.Errorf("learning curve %s, %w; fix or move the file", filepath.Clean(path), err)
	}
	return points, nil
}

// PlotCurve draws the learning curve to path, in the format its extension
// names, atomically (see chart.WriteCurve).
func PlotCurve(path string, points []curve.Point) error {
	var b bytes.Buffer
	if err := chart.WriteCurve(&b, filepath.Ext(path), points); err != nil {
		return fmt.Errorf("-plot %s: %w", path, err)
	}
	if err := atomicfile.WriteFile(path, b.Bytes(), 0o644, false); err != nil {
		return fmt.Errorf("-plot: %w", err)
	}
	return nil
}
