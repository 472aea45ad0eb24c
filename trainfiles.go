package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/curve"
	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/tui/trainfiles"
)

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
	return trainfiles.ReadCurve(o.log)
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
