package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/curve"
	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/tui/atomicfile"
	"github.com/term2048/2048/tui/dirlock"
)

// checkTrainFiles checks, before anything is read or trained, that the
// files of the run can be written: the weights, the learning curve and the
// plot. Each must be a regular file, or none yet, in a directory that
// takes new files: a directory, a FIFO, a device or a loop of symbolic
// links is refused at once, with what it is, rather than after hours of
// training, or never (a FIFO opened for reading waits for a writer). It
// creates the weights file's directory if need be.
func checkTrainFiles(o trainOptions) error {
	if err := os.MkdirAll(filepath.Dir(o.weights), 0o755); err != nil {
		return fmt.Errorf("-weights %s: %w", o.weights, err)
	}
	for _, file := range []struct{ flag, path string }{{"-weights", o.weights}, {"-log", o.log}, {"-plot", o.plot}} {
		if file.path == "" {
			continue
		}
		f, err := atomicfile.Create(file.path, 0o644)
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return fmt.Errorf("%s %s: %w", file.flag, file.path, pe.Err)
		}
		if err != nil {
			return fmt.Errorf("%s %s: %w", file.flag, file.path, err)
		}
		f.Abort()
	}
	return nil
}

// lockWeights keeps the weights file at path for this run: a second
// training of the same file, which would write over this one's
// checkpoints, is refused at once, with this one's PID. The lock is the
// system's, on a file beside the weights (path.lock, which stays), and
// goes with the process however it ends. Where the file system has no
// locks, the run goes on unguarded, and says so.
func lockWeights(path string, stderr io.Writer) (*dirlock.Lock, error) {
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

// removeStale removes the temporary files that a training killed while
// writing its files left beside them (a checkpoint's is as large as the
// network), once their writers are gone (see atomicfile.RemoveStale), and
// says so.
func removeStale(o trainOptions, stderr io.Writer) {
	for _, path := range []string{o.weights, o.log, o.plot} {
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

// startTraining returns the checkpoint the run starts from, a new network
// or the one in the weights file with -resume, and the learning curve so
// far. It refuses to replace a file that holds anything without -resume,
// and a resumed network of another design than -net asks for. An empty
// file holds nothing to lose (a weights file is never empty, even cut
// short: it is written whole or not at all): a new training writes over
// it, as over no file, and says so; -resume has nothing to resume in it.
func startTraining(o trainOptions, first *ntuple.Network, stderr io.Writer) (*ntuple.Checkpoint, []curve.Point, error) {
	fi, err := os.Stat(o.weights)
	switch {
	case errors.Is(err, fs.ErrNotExist) && o.resume:
		return nil, nil, fmt.Errorf("-resume: %w at %s to resume; leave out -resume to start one there", evaluators.ErrNoWeights, o.weights)
	case errors.Is(err, fs.ErrNotExist):
		c, err := newCheckpoint(o, first)
		return c, nil, err
	case err != nil:
		return nil, nil, fmt.Errorf("-weights %s: %w", o.weights, err)
	case !fi.Mode().IsRegular():
		return nil, nil, fmt.Errorf("-weights %s: %w", o.weights, regularfile.ErrNotRegular)
	case fi.Size() == 0 && o.resume:
		return nil, nil, fmt.Errorf("-resume: %s is empty: it holds no network to resume; leave out -resume to start one there", o.weights)
	case fi.Size() == 0:
		fmt.Fprintf(stderr, "train: %s is empty: the new network is written over it\n", o.weights)
		c, err := newCheckpoint(o, first)
		return c, nil, err
	case !o.resume:
		return nil, nil, fmt.Errorf("%s exists already: -resume goes on training the network in it; to start over, remove it or give another -weights FILE", o.weights)
	}
	f, err := regularfile.Open(o.weights)
	if err != nil {
		return nil, nil, fmt.Errorf("-resume: %w", err)
	}
	defer f.Close()
	c, err := ntuple.ReadCheckpoint(f)
	if err != nil {
		return nil, nil, fmt.Errorf("weights file %s: %w", o.weights, err)
	}
	history, err := resumedHistory(o, c)
	if err != nil {
		c.Release() // hundreds of megabytes read for nothing: given back now
		return nil, nil, err
	}
	return c, history, nil
}

// resumedHistory returns the learning curve of the training that c, read
// from the weights file, goes on with, or why c is not the training o
// resumes: a network of another design than -net asks for, or of another
// stage.
func resumedHistory(o trainOptions, c *ntuple.Checkpoint) ([]curve.Point, error) {
	if d := c.Net.Design(); o.set["net"] && d != o.design {
		return nil, fmt.Errorf("-net %v: %s holds a %v network", o.design, o.weights, d)
	}
	if err := checkResumedStage(o, c); err != nil {
		return nil, err
	}
	return readCurve(o.log)
}

// writeCheckpoint writes c to the weights file at path, atomically: a
// crash or a full disk leaves the last one.
func writeCheckpoint(path string, c *ntuple.Checkpoint) error {
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

// writeCurve writes the learning curve to path, atomically.
func writeCurve(path string, points []curve.Point) error {
	var b bytes.Buffer
	if err := curve.Write(&b, points); err != nil {
		return fmt.Errorf("learning curve: %w", err)
	}
	if err := atomicfile.WriteFile(path, b.Bytes(), 0o644, false); err != nil {
		return fmt.Errorf("learning curve: %w", err)
	}
	return nil
}

// readCurve reads the learning curve at path: none if there is no file. A
// file that is not such a curve is an error that says where, so that a
// resumed training never loses or garbles the points of the earlier runs.
func readCurve(path string) ([]curve.Point, error) {
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

// newCheckpoint returns the checkpoint of the new training o asks for: a
// network of o.design that values every board at o.initial, or a copy of
// the network it starts from (see initialNetwork), the generators of
// o.seed, and for a second stage (first not nil) its tile.
func newCheckpoint(o trainOptions, first *ntuple.Network) (*ntuple.Checkpoint, error) {
	n, err := initialNetwork(o, first)
	if err != nil {
		return nil, err
	}
	s := ntuple.NewState(o.seed)
	if first != nil {
		s.StageTile = o.stageTile
	}
	return &ntuple.Checkpoint{Net: n, State: s}, nil
}
