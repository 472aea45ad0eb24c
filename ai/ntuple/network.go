// Package ntuple is a learned evaluator for 2048: an n-tuple network whose
// value of a board after a move estimates the points the game will still
// score, trained by temporal-difference learning on such boards
// (afterstates), as in Szubert & Jaśkowski (2014), Wu et al. (2014) and
// Guei, Chen & Wu's TDL2048.
//
// A [Network] sums, over its tuples and the 8 symmetries of the board, one
// float32 weight per tuple looked up by the ranks in the tuple's cells. It is
// an [ai.ScoreEstimator], so the expectimax search adds each move's points to
// the value of the board after it. A [Trainer] improves a network from games
// it plays against itself, on any number of goroutines, and a weights file
// ([Checkpoint]) holds a network with the state of its training. A network
// of stages ([Staged]) values the late game by a network of its own,
// trained from the boards where the earlier stage's games reach it.
//
// [ai.ScoreEstimator]: https://pkg.go.dev/github.com/term2048/2048/ai#ScoreEstimator
package ntuple

import (
	"fmt"
	"runtime"
	"unsafe"

	"github.com/term2048/2048/engine"
)

// EvaluatorName is the name by which the commands and the game's
// preferences choose a network as their evaluator ("-eval ntuple").
const EvaluatorName = "ntuple"

// DefaultInitialValue is the value an untrained network gives every board:
// optimistic, far above what early games score, so that every move not yet
// tried looks worth trying (optimistic initialisation, as TDL2048's
// "4x6patt=320000/norm").
const DefaultInitialValue = 320000

// A Network is an n-tuple network: for each tuple of its design, a table of
// 2^24 float32 weights, one for each combination of ranks in the tuple's
// cells. The value of a board is the sum, over the tuples and the 8
// symmetries of the board, of the weight its ranks select. A network read
// from a play file (see [Checkpoint.WritePlay]) holds 16-bit codes of its weights
// instead, half the memory; it plays as any other, but cannot be trained
// or saved. A network of stages (see [Staged]) holds no weights of its own:
// it values each board by the network of the board's stage.
//
// A Network is safe for concurrent use by readers. A [Trainer] is its only
// writer, and while it runs nothing else may use the network (see Trainer).
// Do not copy a Network value (Copy copies its weights): they lie outside
// the Go heap, and go back to the system once the Network itself is
// unreachable.
type Network struct {
	design  Design
	weights weights // nil for a network read from a play file, or of stages
	// The weights again as the tables of their design: one is nil.
	four  *fourBySix
	eight *eightBySix
	// quantized holds the codes of a network read from a play file, nil
	// for any other.
	quantized *quantized
	// stages holds the network of each stage of a network of stages (see
	// Staged), nil for any other, ranks the rank of the tile from which
	// each stage values boards, and shifts the points added to its values.
	stages   []*Network
	ranks    [MaxStages]uint8
	shifts   [MaxStages]float64
	initial  float32 // the value of every board before training
	giveBack func()  // see Release
}

// New returns an untrained network of design d that values every board at
// initial: each of its weights is initial divided by the number of weights
// a value adds up. It allocates the network's memory (256 MiB for
// [FourBySix]).
func New(d Design, initial float32) (*Network, error) {
	n, err := newEmpty(d, initial)
	if err != nil {
		return nil, err
	}
	n.weights.fill(initial / float32(d.Features()))
	return n, nil
}

// newEmpty returns a network of design d whose weights are all zero, for
// New to fill and for a weights file to be read into.
func newEmpty(d Design, initial float32) (*Network, error) {
	if !finite(initial) {
		return nil, fmt.Errorf("initial value %v is not a finite number", initial)
	}
	if d != FourBySix && d != EightBySix {
		return nil, fmt.Errorf("unknown network %v", d)
	}
	n := &Network{design: d, initial: initial}
	w, free := newWeights(len(d.Tuples()), 0)
	n.weights, n.giveBack = w, releaseWith(n, free)
	if d == FourBySix {
		n.four = (*fourBySix)(w)
	} else {
		n.eight = (*eightBySix)(w)
	}
	return n, nil
}

// Release gives the memory of n's weights back to the system at once,
// rather than once n is unreachable (see releaseWith): the collector does
// not see that memory, so it may run long after a network is dropped, and
// a program that goes on without it (a command run within another program,
// as the tests run them; a training that copied the network it starts
// from) keeps hundreds of megabytes it no longer uses until then. Nothing
// may use n afterwards, nor a network of stages made of it: a network of
// stages releases its stages. Calls after the first do nothing. As a
// method value, n.Release keeps n reachable until it runs.
func (n *Network) Release() {
	for _, s := range n.stages {
		s.Release()
	}
	n.giveBack()
}

// Design returns the design of the network.
func (n *Network) Design() Design { return n.design }

// Bytes returns the memory the weights of n take: its design's as float32
// (see [Design.Bytes]), half that for a network read from a play file,
// whose weights are 16-bit codes, and the sum of its stages' for a network
// of stages.
func (n *Network) Bytes() int64 {
	switch {
	case n.stages != nil:
		var sum int64
		for _, s := range n.stages {
			sum += s.Bytes()
		}
		return sum
	case n.quantized != nil:
		return int64(len(n.quantized.tables)) * int64(unsafe.Sizeof(codeTable{}))
	default:
		return n.design.Bytes()
	}
}

// InitialValue returns the value the network gave every board before any
// training.
func (n *Network) InitialValue() float32 { return n.initial }

// Evaluate returns the network's estimate of the points still to come after
// b, a board after a move.
func (n *Network) Evaluate(b engine.Board) float64 { return float64(n.value(b)) }

// Lost returns 0: a lost game scores no more points.
func (n *Network) Lost() float64 { return 0 }

// EstimatesScore returns true: the network's values are points to come, so a
// search adds each move's points to them.
func (n *Network) EstimatesScore() bool { return true }

// value returns the value of b in the weights' precision.
func (n *Network) value(b engine.Board) float32 {
	var v float32
	switch {
	case n.four != nil:
		v = n.four.value(b)
	case n.eight != nil:
		v = n.eight.value(b)
	case n.quantized != nil:
		v = n.quantized.value(b)
	default:
		i := n.stageOf(b)
		v = n.stages[i].value(b) + float32(n.shifts[i])
	}
	runtime.KeepAlive(n) // the owner of the weights just read (see weights)
	return v
}

// adjust adds d to every weight of the value of b.
func (n *Network) adjust(b engine.Board, d float32) {
	if n.four != nil {
		n.four.adjust(b, d)
	} else {
		n.eight.adjust(b, d)
	}
	runtime.KeepAlive(n)
}

// features writes to f the position in the weights of each of the
// Design().Features() weights that make up the value of b, and returns how
// many it wrote.
func (n *Network) features(b engine.Board, f *[maxFeatures]uint32) int {
	const t = tableBits
	if n.four != nil {
		return fourBySixFeatures(b, f)
	}
	syms := symmetries(b)
	for k, s := range &syms {
		t0, t1, t2, t3, t4, t5, t6, t7 := indexEightBySix(uint64(s))
		f[8*k], f[8*k+1], f[8*k+2], f[8*k+3] = t0, 1<<t|t1, 2<<t|t2, 3<<t|t3
		f[8*k+4], f[8*k+5], f[8*k+6], f[8*k+7] = 4<<t|t4, 5<<t|t5, 6<<t|t6, 7<<t|t7
	}
	return 8 * NumSymmetries
}

// maxTuples is the most tuples a design has: those of [EightBySix].
const maxTuples = 8

// maxFeatures is the most weights that make up one value.
const maxFeatures = maxTuples * NumSymmetries

// Copy returns a new network of n's design whose weights are those n's
// values add up: a copy of a network read from a weights file, or the
// weights the codes of a play file stand for, from which a training can
// start (see NewCheckpoint for one that starts from nothing). A network of
// stages is copied stage by stage: Copy returns ErrStaged.
func (n *Network) Copy() (*Network, error) {
	if n.stages != nil {
		return nil, ErrStaged
	}
	c, err := newEmpty(n.design, n.initial)
	if err != nil {
		return nil, err
	}
	for t := range c.weights {
		dst := c.weights[t][:tableLen]
		if n.quantized == nil {
			copy(dst, n.weights[t][:tableLen])
			continue
		}
		for i := range dst {
			dst[i] = n.quantized.weight(t, uint32(i))
		}
	}
	runtime.KeepAlive(n) // the owner of the weights read (see weights)
	return c, nil
}
