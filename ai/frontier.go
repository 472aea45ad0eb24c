package ai

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/term2048/2048/engine"
)

// The frontier is the top of a search tree expanded by hand, so that the
// subtrees below it, the tasks, can be searched by several goroutines at once.
// Its values are then combined exactly as the recursive search combines them,
// in the same order, so the frontier changes nothing but who does the work.
type frontier struct {
	worker *worker      // does the frontier's own nodes and counts them
	open   []*topMax    // the positions after a spawn searched as tasks
	groups []*topChance // the chance nodes whose spawns are the tasks
}

// A task is a position after a spawn searched whole by one goroutine.
type task struct {
	board engine.Board
	prob  float64
	depth int
	value float64
}

// topChance is a chance node of the frontier.
type topChance struct {
	board  engine.Board
	points float64 // what the move to it scored, if the evaluator counts points
	prob   float64
	depth  int
	done   bool // value is known: a leaf or a table hit
	value  float64
	kids   []*topMax // for each empty cell, its 2 and then its 4
}

// topMax is a max node of the frontier: a task, or expanded into moves.
type topMax struct {
	task  *task
	moves [engine.NumDirections]*topChance // once expanded; nil for an illegal move
}

// root expands the root b into the chance node of each legal move.
func (f *frontier) root(b engine.Board) [engine.NumDirections]*topChance {
	var out [engine.NumDirections]*topChance
	f.expand(b, 1, 0, &out)
	return out
}

// chance expands a chance node one level, making its spawns tasks.
func (f *frontier) chance(b engine.Board, prob float64, depth int) *topChance {
	w := f.worker
	c := &topChance{board: b, prob: prob, depth: depth}
	if prob < w.cutoff || depth >= w.limit {
		w.reached = max(w.reached, depth)
		c.done, c.value = true, w.evaluate(b, b.Transpose())
		return c
	}
	w.Nodes++
	if v, ok := w.tt.get(b, w.limit-depth, probClass(prob)); ok {
		w.Hits++
		w.reached = w.limit // the stored search went at least as deep
		c.done, c.value = true, v
		return c
	}
	empty := b.EmptyBits()
	cells := bits.OnesCount64(empty)
	p2, p4 := prob*(1-engine.FourProbability)/float64(cells), prob*engine.FourProbability/float64(cells)
	// The spawns' nodes and tasks in one allocation each: a search of 2 or 3
	// plies is over in tens of microseconds, and allocating them one by one
	// took a third of that.
	maxes, tasks := make([]topMax, 2*cells), make([]task, 2*cells)
	for i, e := 0, empty; e != 0; i += 2 {
		var two engine.Board
		two, e = nextSpawn(e)
		tasks[i] = task{board: b | two, prob: p2, depth: depth + 1}
		tasks[i+1] = task{board: b | two<<1, prob: p4, depth: depth + 1}
	}
	c.kids = make([]*topMax, 2*cells)
	for k := range maxes {
		maxes[k].task = &tasks[k]
		c.kids[k] = &maxes[k]
	}
	f.open = append(f.open, c.kids...)
	f.groups = append(f.groups, c)
	return c
}

// split expands every task one more level, up to twice, until there are at
// least target tasks.
func (f *frontier) split(target int) {
	for round := 0; round < 2 && len(f.open) < target; round++ {
		open := f.open
		f.open, f.groups = nil, nil
		for _, m := range open {
			t := m.task
			m.task = nil
			f.worker.Nodes++
			f.worker.MovesTried += engine.NumDirections
			f.expand(t.board, t.prob, t.depth, &m.moves)
		}
	}
}

// tasks returns the tasks grouped by the chance node they follow, the
// groups in order of probability, largest first, and where each group
// begins and ends (see taskQueue). Before a split the groups are the root
// moves', all of probability 1: the order is then that of the recursive
// search, which one goroutine follows exactly.
//
// For several goroutines (parallel), a group's tasks after a 2 come before
// those after a 4, which the cut-off prunes harder: a goroutine's run then
// ends with its smallest tasks, and the goroutines finish closer together.
// A 6-ply decision on two threads took 1-2% less time so, with the same
// work (two runs of 4 and 5 rounds alternating); 8 plies about the same.
func (f *frontier) tasks(parallel bool) ([]*task, []span) {
	groups := slices.Clone(f.groups)
	slices.SortStableFunc(groups, func(a, b *topChance) int { return cmp.Compare(b.prob, a.prob) })
	passes := 1 // every kid in order
	if parallel {
		passes = 2 // the kids after a 2, then those after a 4
	}
	ts := make([]*task, 0, len(f.open))
	spans := make([]span, 0, len(groups))
	for _, c := range groups {
		start := len(ts)
		for first := range passes { // kids are a 2, then a 4, for each cell
			for k := first; k < len(c.kids); k += passes {
				ts = append(ts, c.kids[k].task)
			}
		}
		spans = append(spans, span{start, len(ts)})
	}
	return ts, spans
}

// value combines the values below c, as worker.chanceNode does, and stores it.
func (f *frontier) value(c *topChance) float64 {
	if c.done {
		return c.value
	}
	sum := 0.0
	for i := 0; i < len(c.kids); i += 2 {
		sum += spawnPair(f.maxValue(c.kids[i]), f.maxValue(c.kids[i+1]))
	}
	v := sum / float64(len(c.kids)/2)
	w := f.worker
	w.tt.put(c.board, w.limit-c.depth, probClass(c.prob), v, w.gen)
	return v
}

// maxValue returns the value of m's best move, as worker.maxNode does.
func (f *frontier) maxValue(m *topMax) float64 {
	if m.task != nil {
		return m.task.value
	}
	best := f.worker.lost
	for _, c := range m.moves {
		if c != nil {
			if v := c.points + f.value(c); v > best {
				best = v
			}
		}
	}
	return best
}

// expand makes the chance node of each legal move on b, a max node, with the
// points of the move if the evaluator counts them.
func (f *frontier) expand(b engine.Board, prob float64, depth int, out *[engine.NumDirections]*topChance) {
	for d := range engine.Direction(engine.NumDirections) {
		n, points, moved := b.Move(d)
		if !moved {
			continue
		}
		out[d] = f.chance(n, prob, depth)
		if f.worker.points {
			out[d].points = float64(points)
		}
	}
}
