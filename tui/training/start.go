package training

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

// start returns the checkpoint the run starts from, a new network
// or the one in the weights file with -resume, and the learning curve so
// far. It refuses to replace a file that holds anything without -resume,
// and a resumed network of another design than -net asks for. An empty
// file holds nothing to lose (a weights file is never empty, even cut
// short: it is written whole or not at all): a new training writes over
// it, as over no file, and says so; -resume has nothing to resume in it.
func start(o Options, first *ntuple.Network, stderr io.Writer) (*ntuple.Checkpoint, []curve.Point, error) {
	fi, err := os.Stat(o.Weights)
	switch {
	case errors.Is(err, fs.ErrNotExist) && o.Resume:
		return nil, nil, fmt.Errorf("-resume: %w at %s to resume; leave out -resume to start one there", evaluators.ErrNoWeights, o.Weights)
	case errors.Is(err, fs.ErrNotExist):
		c, err := newCheckpoint(o, first)
		return c, nil, err
	case err != nil:
		return nil, nil, fmt.Errorf("-weights %s: %w", o.Weights, err)
	case !fi.Mode().IsRegular():
		return nil, nil, fmt.Errorf("-weights %s: %w", o.Weights, regularfile.ErrNotRegular)
	case fi.Size() == 0 && o.Resume:
		return nil, nil, fmt.Errorf("-resume: %s is empty: it holds no network to resume; leave out -resume to start one there", o.Weights)
	case fi.Size() == 0:
		fmt.Fprintf(stderr, "train: %s is empty: the new network is written over it\n", o.Weights)
		c, err := newCheckpoint(o, first)
		return c, nil, err
	case !o.Resume:
		return nil, nil, fmt.Errorf("%s exists already: -resume goes on training the network in it; to start over, remove it or give another -weights FILE", o.Weights)
	}
	f, err := regularfile.Open(o.Weights)
	if err != nil {
		return nil, nil, fmt.Errorf("-resume: %w", err)
	}
	defer f.Close()
	c, err := ntuple.ReadCheckpoint(f)
	if err != nil {
		return nil, nil, fmt.Errorf("weights file %s: %w", o.Weights, err)
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
func resumedHistory(o Options, c *ntuple.Checkpoint) ([]curve.Point, error) {
	if d := c.Net.Design(); o.Given["net"] && d != o.Design {
		return nil, fmt.Errorf("-net %v: %s holds a %v network", o.Design, o.Weights, d)
	}
	if err := checkResumedStage(o, c); err != nil {
		return nil, err
	}
	return trainfiles.ReadCurve(o.Curve)
}

// newCheckpoint returns the checkpoint of the new training o asks for: a
// network of o.Design that values every board at o.Initial, or a copy of
// the network it starts from (see initialNetwork), the generators of
// o.Seed, and for a second stage (first not nil) its tile.
func newCheckpoint(o Options, first *ntuple.Network) (*ntuple.Checkpoint, error) {
	n, err := initialNetwork(o, first)
	if err != nil {
		return nil, err
	}
	s := ntuple.NewState(o.Seed)
	if first != nil {
		s.StageTile = o.StageTile
	}
	return &ntuple.Checkpoint{Net: n, State: s}, nil
}

// openFirstStage reads the first stage that -first names: nil without
// -first.
func openFirstStage(o Options) (*ntuple.Network, error) {
	if o.First == "" {
		return nil, nil
	}
	net, _, err := evaluators.ReadNetwork(o.First)
	if err != nil {
		return nil, fmt.Errorf("-first: %w", err)
	}
	if len(net.Stages()) > 1 {
		net.Release()
		return nil, fmt.Errorf("-first %s: a network of stages already; give the network of its first stage", o.First)
	}
	return net, nil
}

// initialNetwork returns the network a new training starts from: a copy of
// -init-from's, of the first stage's for a second stage without -init, or
// one that values every board at -init.
func initialNetwork(o Options, first *ntuple.Network) (*ntuple.Network, error) {
	from, name := first, o.First
	if o.InitFrom != "" {
		net, _, err := evaluators.ReadNetwork(o.InitFrom)
		if err != nil {
			return nil, fmt.Errorf("-init-from: %w", err)
		}
		// Copied below, or refused: not kept for the hours of training.
		defer net.Release()
		from, name = net, o.InitFrom
	}
	if from == nil || o.Given["init"] {
		return ntuple.New(o.Design, float32(o.Initial))
	}
	if o.Given["net"] && from.Design() != o.Design {
		return nil, fmt.Errorf("-net %v: the network it starts from is a %v one", o.Design, from.Design())
	}
	if len(from.Stages()) > 1 {
		return nil, fmt.Errorf("-init-from %s: a network of stages; a new network starts from one network", name)
	}
	return from.Copy()
}

// checkResumedStage reports a weights file whose stage is not the one the
// options train: a second stage resumed without its first, or with
// another tile, or a network of every board resumed as a second stage.
func checkResumedStage(o Options, c *ntuple.Checkpoint) error {
	tile := c.State.StageTile
	switch {
	case tile != 0 && o.First == "":
		return fmt.Errorf("%s holds the stage from %d of a network of stages: resume it with -first FILE, its first stage", o.Weights, tile)
	case tile == 0 && o.First != "":
		return fmt.Errorf("-first: %s holds a network of every board, not a second stage", o.Weights)
	case o.Given["stage-tile"] && tile != o.StageTile:
		return fmt.Errorf("-stage-tile %d: %s holds the stage from %d", o.StageTile, o.Weights, tile)
	}
	return nil
}
