package training

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/schedule"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/dirlock"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/outputs"
	"github.com/term2048/2048/tui/progress"
	"github.com/term2048/2048/tui/trainfiles"
)

// Run trains the network of o.Weights as o says: a new one, or with
// o.Resume the one the file holds, for o.Duration or o.Episodes, keeping
// its checkpoints in the file and its learning curve beside it. It says
// what it trains on stderr, with its progress (redrawn in place where
// terminal is true), and each evaluation on stdout. It refuses, before
// anything is trained, files it would write over what they hold, and a
// weights file that another training writes.
func Run(ctx context.Context, o Options, stdout, stderr io.Writer, terminal bool) error {
	lock, err := takeFiles(o, stderr)
	if err != nil {
		return err
	}
	defer lock.Release()
	// The networks go back to the system as the command returns, however
	// it ends, as they would with its process: run within another program
	// (the tests run it so), it would otherwise leave them mapped until
	// the collector, which does not see them, happens to run (see
	// ntuple.Network.Release).
	//
	// A new second stage starts from its first stage's weights; a resumed
	// one is read, and refused if it is not the stage asked for, first.
	var first *ntuple.Network
	defer func() {
		if first != nil {
			first.Release()
		}
	}()
	if !o.Resume {
		if first, err = openFirstStage(o); err != nil {
			return err
		}
	}
	checkpoint, history, err := start(o, first, stderr)
	if err != nil {
		return err
	}
	defer checkpoint.Release()
	if o.Resume {
		if first, err = openFirstStage(o); err != nil {
			return err
		}
	}
	o.setState(&checkpoint.State)
	trainer, err := newTrainer(o, checkpoint)
	if err != nil {
		return err
	}
	// With the coherence tables the schedule may add, which checkpoint
	// does not hold; schedule.Run leaves no goroutine behind.
	defer func() { trainer.Checkpoint().Release() }()
	announce(stderr, o, trainer, first)
	earlier, meetOn, err := prepareStage(ctx, o, first, trainer, stderr)
	if err != nil {
		return err
	}
	prog := progress.NewTraining(stderr, terminal, time.Now())
	err = schedule.Run(ctx, trainer, o.plan(earlier, meetOn), history, hooks(o, stdout, prog))
	prog.End()
	return runError(err, o.Weights)
}

// newTrainer returns the trainer of the checkpoint c, on the options'
// threads and with their λ.
func newTrainer(o Options, c *ntuple.Checkpoint) (*ntuple.Trainer, error) {
	t, err := ntuple.NewTrainer(c, o.Threads)
	if err != nil {
		return nil, err
	}
	return t, t.SetLambda(float32(o.Lambda))
}

// plan returns the schedule of the training; earlier and meetOn are the
// first stage of a second stage and the boards where they meet (see
// prepareStage).
func (o *Options) plan(earlier []ntuple.Stage, meetOn []engine.Board) schedule.Plan {
	return schedule.Plan{Duration: o.Duration, Episodes: o.Episodes, Coherence: o.Coherence,
		EvalEvery: o.EvalEvery, EvalGames: o.EvalGames, EvalPlies: o.EvalDepth, Workers: o.Threads, CheckpointEvery: o.CheckpointEvery,
		Earlier: earlier, MeetOn: meetOn}
}

// takeFiles checks the files the training writes, before anything
// is read or trained, removes what trainings stopped while writing them
// left, and returns the lock of the weights file (see
// trainfiles.LockWeights).
func takeFiles(o Options, stderr io.Writer) (*dirlock.Lock, error) {
	if err := outputs.Check([]outputs.File{{Flag: "-weights", Path: o.Weights}, {Flag: "-log", Path: o.Curve}, {Flag: "-plot", Path: o.Plot}},
		[]outputs.File{{Flag: "-first", Path: o.First}, {Flag: "-init-from", Path: o.InitFrom}}); err != nil {
		return nil, err
	}
	if err := outputs.Check([]outputs.File{{Flag: "-log", Path: o.Curve}, {Flag: "-plot", Path: o.Plot}}, []outputs.File{{Flag: "-weights", Path: o.Weights}}); err != nil {
		return nil, err
	}
	if err := o.files().Check(); err != nil {
		return nil, err
	}
	lock, err := trainfiles.LockWeights(o.Weights, stderr)
	if err != nil {
		return nil, err
	}
	o.files().RemoveStale(stderr)
	return lock, nil
}

// files returns the files the training writes.
func (o *Options) files() trainfiles.Files {
	return trainfiles.Files{Weights: o.Weights, Curve: o.Curve, Plot: o.Plot}
}

// setState sets in st, the state of the training read or begun, the
// settings of the flags given that the weights file keeps.
func (o *Options) setState(st *ntuple.State) {
	if o.Given["restart"] {
		st.Restart = uint32(o.Restart)
	}
	if o.Given["rate"] {
		st.Rate = float32(o.Rate)
	}
	if o.Given["coherence-rate"] {
		st.CoherenceRate = float32(o.CoherenceRate)
	}
}

// announce says what the training trains and the memory it takes,
// on stderr; first is the first stage of a second stage, or nil.
func announce(stderr io.Writer, o Options, t *ntuple.Trainer, first *ntuple.Network) {
	st := t.State()
	what := fmt.Sprintf("a new %v network", t.Network().Design())
	switch {
	case o.InitFrom != "":
		what += " from the weights of " + o.InitFrom
	case o.First != "" && !o.Given["init"]:
		what += " from the weights of " + o.First
	}
	if st.Episodes > 0 {
		what = fmt.Sprintf("the %v network of %s", t.Network().Design(), describeState(st))
	}
	if st.StageTile != 0 {
		what += fmt.Sprintf(", the second stage (boards from %d) of %s", st.StageTile, o.First)
	}
	fmt.Fprintf(stderr, "train: %s in %s, on %d %s\n", what, o.Weights, o.Threads, figures.Plural(o.Threads, "thread"))
	d := t.Network().Design()
	tc := st.Coherence || o.Coherence >= 1 // a phase of the whole run begins with its first game
	size := "train: the network takes " + mebibytes(d.FileBytes(tc)) + " on disk and in memory"
	if o.Coherence > 0 && !tc {
		size += ", " + mebibytes(d.FileBytes(true)) + " from the temporal-coherence phase on"
	}
	if first != nil {
		size += "; its first stage " + mebibytes(first.Bytes()) + " more in memory"
	}
	fmt.Fprintln(stderr, size)
}

// mebibytes writes n bytes in MiB, as the sizes of networks are given.
func mebibytes(n int64) string { return figures.Count(n>>20) + " MiB" }
