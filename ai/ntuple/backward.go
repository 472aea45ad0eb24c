package ntuple

import (
	"runtime"

	"github.com/term2048/2048/engine"
)

// A step is an afterstate of a segment and the points of the move that
// led to it.
type step struct {
	after  engine.Board
	points float32
}

// backward plays a segment from b without learning, and then walks its
// afterstates from the last to the first, moving the value of each toward
// its λ-return: the points of the next move, plus λ times the λ-return of
// the next afterstate and 1−λ times its value, 0 after the last (Sutton &
// Barto's λ-return, computed backwards as ziap/2048-tdl, Matsuzaki and
// TDL2048's backward modes do). λ = 1 learns each afterstate from the points
// the segment went on to score; λ = 0 from the next move alone.
//
// As in those programs, each update takes its error from the value of the
// afterstate as it stands when the walk reaches it, and the λ-return of the
// afterstate before it from its value just after the update: the walk has
// by then adjusted the afterstates after it, some of whose weights it
// shares. It returns the points scored and the moves played, and leaves the
// boards it met in l.path.
func (l *learner) backward(b engine.Board) (score, moves uint64) {
	l.path = l.path[:0]
	l.trail = l.trail[:0]
	for {
		l.path = append(l.path, b)
		after, points, _, ok := l.best(b)
		if !ok {
			break
		}
		l.trail = append(l.trail, step{after, float32(points)})
		score += uint64(points)
		moves++
		b = spawn(after, l.rng) // a move that changed the board left a cell empty
	}
	l.walk(l.trail)
	return score, moves
}

// walk moves the value of each afterstate of trail, from the last to the
// first, toward its λ-return (see backward).
func (l *learner) walk(trail []step) {
	var target float32 // no points come after the last afterstate
	for i := len(trail) - 1; i >= 0; i-- {
		v := l.instruct(trail[i].after, target)
		target = trail[i].points + (l.lambda*target + (1-l.lambda)*v)
	}
	if !finite(target) {
		l.diverged = true
	}
}

// instruct moves the value of the afterstate s toward target, as update
// does, taking the error from its value as it stands, read in the same pass
// over its weights; it returns the value after the update.
func (l *learner) instruct(s engine.Board, target float32) float32 {
	var f [maxFeatures]uint32
	k := l.net.features(s, &f)
	w := l.net.weights
	delta := (target - sumAt(w, f[:k])) * l.rate
	if l.tc == nil {
		for _, p := range f[:k] {
			w.add(p, delta)
		}
	} else {
		l.tc.adjust(w, f[:k], delta)
	}
	v := sumAt(w, f[:k])
	runtime.KeepAlive(l.net) // the owner of the weights (see weights)
	return v
}

// sumAt returns the sum of the weights of w at the positions f.
func sumAt(w weights, f []uint32) float32 {
	var s float32
	for _, p := range f {
		s += w.load(p)
	}
	return s
}
