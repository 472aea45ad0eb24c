package ntuple

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/term2048/2048/engine"
)

// The defaults of a new training (see State).
const (
	// DefaultRate is the learning rate of the TD phase: each step moves a
	// value a tenth of the way to its target, each of its weights by a
	// share of that (TDL2048's α = 0.1).
	DefaultRate = 0.1
	// DefaultCoherenceRate is the learning rate of the TC phase, which each
	// weight's coherence then scales down (TDL2048's α = 1.0 with TC).
	DefaultCoherenceRate = 1.0
	// DefaultRestart is the length of a game, in moves, from which it is
	// played again from its middle (TDL2048's L = 10).
	DefaultRestart = 10
)

// State is the progress of a network's training, saved with it, so that a
// training resumes where it stopped.
type State struct {
	Episodes uint64        // games played from the start
	Moves    uint64        // moves trained on, those of restarts included
	Elapsed  time.Duration // time spent training
	// Rate is the learning rate of the TD phase: the fraction of the way
	// to its target one step moves a value.
	Rate float32
	// CoherenceRate is the learning rate of the TC phase (see
	// [Trainer.StartCoherence]), and Coherence reports whether it has begun.
	CoherenceRate float32
	Coherence     bool
	// Restart is the length of a game, in moves, from which it is played
	// again from its middle; 0 means never.
	Restart uint32
	Seed    uint64 // the seed of the learners' first generators
	// StageTile is, for a later stage of a network of stages (see
	// Staged), the tile from which it values boards: its games start
	// from boards that hold it (see Trainer.SetStarts). It is 0 for a
	// network that values every board.
	StageTile int
	// Generators holds the state of each learner's random generator when
	// the state was saved, so that a training on one goroutine continues
	// exactly as if it had not stopped.
	Generators []rand.PCG
}

// NewState returns the state of a training that has not begun: the default
// rates and restart length, and the given seed.
func NewState(seed uint64) State {
	return State{Rate: DefaultRate, CoherenceRate: DefaultCoherenceRate, Restart: DefaultRestart, Seed: seed}
}

// ErrDiverged is the error of a training whose values stopped being finite
// numbers: the network is unusable and must not be saved.
var ErrDiverged = errors.New("training diverged: a value is no longer a finite number")

// A Trainer improves a network by TD learning on afterstates: it plays games
// choosing the move of highest points plus value, and after each move moves
// the value of the previous afterstate toward the points of this move plus
// the value of its afterstate (TD(0)), or, with a λ above 0 (see
// SetLambda), walks each game once played from its end, moving the value of
// each afterstate toward its λ-return.
//
// # Sharing the weights between goroutines
//
// Each learner (one per goroutine) plays its own games and updates the one
// shared network without any synchronisation, as TDL2048 and Hogwild! do:
// two learners that adjust the same weight at once may lose one of the two
// adjustments, which costs nothing measurable, since adjustments are small
// and sparse. These unsynchronised reads and writes are data races in the
// sense of the Go memory model, and the isolated place where this package
// races on purpose: only the goroutines of one Run, only on the float32
// weights. The memory model's restrictions on racy programs make it sound:
// a read of a word-sized location observes a value actually written to it
// (never a torn float, never a value out of thin air), which is all TD
// learning needs, and there is no other shared state (the learners'
// generators, paths and counts are their own; the stop flag and the
// budget are atomic; Run waits for every learner before it returns).
//
// The race detector does not see these races: it watches the Go heap and
// the program's data, and the weights lie outside both (see weights). So
// the tests that train on several goroutines run under -race too, and it
// checks the rest of what the learners share. Synchronising instead
// would cost more than a second core brings: with the weights read and
// written through sync/atomic, whose store is an exchange that waits for
// every store before it, two learners trained at half the speed of one
// (0.66 against 1.3 million moves a second on this project's 2-core
// machine); and copies merged now and then would keep the learners from
// seeing each other's adjustments for seconds, so that, summed, those of
// the common boards would overshoot.
//
// While Run runs, nothing but its learners may use the network; between
// runs the caller may save or evaluate it. A Trainer is not safe for
// concurrent use.
type Trainer struct {
	net      *Network
	tc       *coherence
	state    State
	learners []*learner
}

// NewTrainer returns a trainer that continues c's training on threads
// goroutines (GOMAXPROCS if threads is 0). A checkpoint saved by a trainer
// with as many goroutines continues its generators; otherwise each learner
// starts a generator of its own from the seed and the episodes played.
func NewTrainer(c *Checkpoint, threads int) (*Trainer, error) {
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	if threads > maxThreads {
		return nil, fmt.Errorf("%d threads: at most %d", threads, maxThreads)
	}
	if err := c.Net.checkWeights(); err != nil {
		return nil, err
	}
	t := &Trainer{net: c.Net, state: c.State}
	t.state.Generators = nil
	for i := range threads {
		pcg := rand.NewPCG(c.State.Seed, uint64(i)<<32^c.State.Episodes)
		if len(c.State.Generators) == threads {
			g := c.State.Generators[i]
			pcg = &g
		}
		t.learners = append(t.learners, newLearner(c.Net, pcg, int(c.State.Restart)))
	}
	if c.State.Coherence {
		tc := c.coherence
		if tc == nil {
			tc = newCoherence(len(c.Net.weights))
		}
		t.useCoherence(tc)
	} else {
		t.setRate(c.State.Rate)
	}
	return t, nil
}

// maxThreads bounds the goroutines of a trainer, and the generators a
// weights file may hold.
const maxThreads = 1024

// Network returns the network being trained.
func (t *Trainer) Network() *Network { return t.net }

// State returns the state of the training, as a checkpoint would save it.
func (t *Trainer) State() State {
	s := t.state
	s.Generators = make([]rand.PCG, len(t.learners))
	for i, l := range t.learners {
		s.Generators[i] = *l.pcg
	}
	return s
}

// Checkpoint returns the network and the state of its training, to be
// saved. It shares the network's memory: it must be written before the
// next Run. Releasing it (see Checkpoint.Release) gives back the memory of
// the trainer, the coherence tables of StartCoherence included: the
// trainer must not be used afterwards.
func (t *Trainer) Checkpoint() *Checkpoint {
	return &Checkpoint{Net: t.net, State: t.State(), coherence: t.tc}
}

// StartCoherence begins the TC phase: from now on each weight learns at the
// coherence rate times its own coherence. It allocates two tables as large
// as the network. Calling it again does nothing.
func (t *Trainer) StartCoherence() {
	if t.tc != nil {
		return
	}
	t.state.Coherence = true
	t.useCoherence(newCoherence(len(t.net.weights)))
}

func (t *Trainer) useCoherence(tc *coherence) {
	t.tc = tc
	t.setRate(t.state.CoherenceRate)
	for _, l := range t.learners {
		l.tc = tc
	}
}

// SetLambda sets the λ of the λ-returns the learners learn from, from 0 to
// 1: 0 (a new Trainer's) learns online by TD(0), moving the value of each
// afterstate toward the points of the next move plus the value of the next
// afterstate as soon as that move is chosen; above 0, each segment of a game
// (the game, then each restart) is played through and then learned
// backwards, each afterstate toward its λ-return, which weighs the moves
// that follow by powers of λ. λ is not kept in the weights file: it is
// a choice of each run.
func (t *Trainer) SetLambda(lambda float32) error {
	if !(lambda >= 0 && lambda <= 1) {
		return fmt.Errorf("λ %v: want a number from 0 to 1", lambda)
	}
	for _, l := range t.learners {
		l.lambda = lambda
	}
	return nil
}

// SetStarts makes every game of the training start from a board drawn at
// random from starts, rather than from two random tiles: the training of a
// later stage of a network of stages (see Staged), from the boards where
// the earlier stage's games reach its tile (see FirstBoards). The score of
// such a game counts the points scored from its start. Like λ, the starts
// are a choice of each run, not kept in the weights file; nil goes back to
// games from two random tiles. The trainer keeps starts: the caller must
// not change it.
func (t *Trainer) SetStarts(starts []engine.Board) error {
	for _, b := range starts {
		if !b.HasMove() {
			return fmt.Errorf("a start %v on which no move is legal", b)
		}
	}
	for _, l := range t.learners {
		l.starts = starts
	}
	return nil
}

// setRate gives every learner the rate of one weight: rate shared out among
// the weights of a value.
func (t *Trainer) setRate(rate float32) {
	for _, l := range t.learners {
		l.rate = rate / float32(t.net.design.Features())
	}
}

// Run trains until ctx is done or, if episodes is above 0, until that many
// more games have been played, and returns what the games did. Each
// learner stops at the end of a game, so Run returns a game's length after
// ctx is done (milliseconds). It returns ErrDiverged, and stops, if a value
// stops being a finite number.
func (t *Trainer) Run(ctx context.Context, episodes int64) (Stats, error) {
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	if ctx.Err() != nil {
		return Stats{}, nil
	}
	var budget *atomic.Int64
	if episodes > 0 {
		budget = new(atomic.Int64)
		budget.Store(episodes)
	}
	start := time.Now()
	var wg sync.WaitGroup
	for _, l := range t.learners[1:] {
		wg.Go(func() { l.run(&stop, budget) })
	}
	t.learners[0].run(&stop, budget)
	wg.Wait()

	var s Stats
	diverged := false
	for _, l := range t.learners {
		s.Add(l.stats)
		l.stats = Stats{}
		diverged = diverged || l.diverged
	}
	t.state.Episodes += s.Episodes
	t.state.Moves += s.Moves
	t.state.Elapsed += time.Since(start)
	if diverged {
		return s, ErrDiverged
	}
	return s, nil
}

// finite reports whether v is neither NaN nor infinite.
func finite(v float32) bool { return v-v == 0 }
