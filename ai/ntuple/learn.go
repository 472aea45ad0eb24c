package ntuple

import (
	"math"
	"math/rand/v2"
	"runtime"
	"sync/atomic"

	"github.com/term2048/2048/engine"
)

// A learner plays training games on one goroutine and updates the shared
// network: after every move by TD(0) (online), or by λ-returns once each
// segment of a game ends (see backward). Everything but the network (and
// the coherence tables, in that phase) is its own.
type learner struct {
	net  *Network
	tc   *coherence // nil in the TD phase
	rate float32    // the learning rate of one weight: the phase's rate over the features
	// lambda is the λ of the λ-returns: 0 learns online by TD(0) (see
	// online), above 0 backwards once a segment ends (see backward).
	lambda float32
	// restart is the length from which a game is played again from its
	// middle (0: never); see episode.
	restart int
	// starts holds the boards a game starts from, one drawn at random
	// for each; if it is empty, a game starts from two random tiles.
	starts []engine.Board
	pcg    *rand.PCG
	rng    *rand.Rand
	path   []engine.Board // the boards of the segment being played, after each spawn
	trail  []step         // the afterstates of the segment being played, for backward
	stats  Stats
	// diverged is set when a value stops being a finite number.
	diverged bool
}

func newLearner(net *Network, pcg *rand.PCG, restart int) *learner {
	return &learner{net: net, pcg: pcg, rng: rand.New(pcg), restart: restart}
}

// run plays episodes until stop is set or, if budget is not nil, until the
// budget of episodes it shares with the other learners is spent.
func (l *learner) run(stop *atomic.Bool, budget *atomic.Int64) {
	for !stop.Load() {
		if budget != nil && budget.Add(-1) < 0 {
			return
		}
		l.episode()
		if l.diverged {
			stop.Store(true)
			return
		}
	}
}

// episode plays one training game from two random tiles, or from a board
// of l.starts, and then, while the segment just played lasted at least
// l.restart moves, plays again from the board halfway through it, with new
// tiles. Restarts give the late game,
// which few games reach and the network knows least, more training: a game
// of n moves is followed by about n more from its second half. Only the
// first segment is a real game; its score is the episode's.
func (l *learner) episode() {
	var b engine.Board
	if len(l.starts) > 0 {
		b = l.starts[l.rng.IntN(len(l.starts))]
	} else {
		for range 2 {
			s, _ := b.Spawn(l.rng)
			b = s.Board
		}
	}
	score, moves := l.segment(b)
	l.stats.record(score, l.path[len(l.path)-1].HighestRank())
	for l.restart > 0 && len(l.path) >= l.restart {
		b = l.path[(len(l.path)-1)/2]
		_, n := l.segment(b)
		moves += n
	}
	l.stats.Moves += moves
}

// segment plays a game from b, choosing each move by the value of its
// points plus the network's value of the board after it, and learns from
// it as l.lambda says. It returns the points scored and the moves played,
// and leaves the boards it met in l.path.
func (l *learner) segment(b engine.Board) (score, moves uint64) {
	if l.lambda == 0 {
		return l.online(b)
	}
	return l.backward(b)
}

// online plays a segment from b and, after each move, moves the value of
// the previous afterstate toward that of the next: the points of the move
// plus the value of the board after it, or 0 once the game is over (TD(0)
// on afterstates). The error of an update is taken from the value the
// afterstate had when its move was chosen, one update earlier, as TDL2048
// does: evaluating it again would cost a sixth of a move's work (about 6%
// of training speed, measured) for a value that one small adjustment
// elsewhere has barely moved.
func (l *learner) online(b engine.Board) (score, moves uint64) {
	l.path = l.path[:0]
	var before engine.Board // the afterstate of the previous move
	var estimate float32    // its value when its move was chosen
	for {
		l.path = append(l.path, b)
		after, points, value, ok := l.best(b)
		if moves > 0 {
			target := float32(0)
			if ok {
				target = float32(points) + value
			}
			l.update(before, estimate, target)
		}
		if !ok {
			return score, moves
		}
		score += uint64(points)
		moves++
		before, estimate = after, value
		b = spawn(after, l.rng) // a move that changed the board left a cell empty
	}
}

// best returns the move on b of highest points plus value, the first in
// direction order among equals: the board after it, its points and the
// value of that board. It reports false if no move is legal.
//
// It values every move before it compares any: a comparison is a branch
// that waits for the weights it compares, and a mispredicted one would
// throw away the reads of the next move's weights already under way.
// Valuing first lets the reads of all moves overlap (about 6% faster, measured).
func (l *learner) best(b engine.Board) (after engine.Board, points uint32, value float32, ok bool) {
	var c choice
	c.moveAll(b)
	for d := range c.next {
		if c.next[d] != b {
			c.values[d] = l.net.valueT(c.next[d], c.nextT[d])
		}
	}
	bestSum := float32(math.Inf(-1))
	for d := range c.next {
		if c.next[d] == b {
			continue
		}
		v := c.values[d]
		if !finite(v) {
			l.diverged = true // the game goes on, but Run will fail
		}
		if sum := float32(c.points[d]) + v; sum > bestSum {
			bestSum, after, points, value, ok = sum, c.next[d], c.points[d], v, true
		}
	}
	return after, points, value, ok
}

// update moves the value of the afterstate s, estimated at estimate, toward
// target: each of its weights by rate times the error, or in the coherence
// phase by that times the weight's own coherence (see coherence).
func (l *learner) update(s engine.Board, estimate, target float32) {
	err := target - estimate
	delta := err * l.rate
	if l.tc == nil {
		l.net.adjust(s, delta)
		return
	}
	var f [maxFeatures]uint32
	k := l.net.features(s, &f)
	l.tc.adjust(l.net.weights, f[:k], delta)
	runtime.KeepAlive(l.net) // the owner of the weights adjusted (see weights)
}
