// Package ai chooses 2048 moves by expectimax search: max nodes over the
// player's moves, chance nodes over every spawn (a 2 with probability 0.9 or a
// 4 with 0.1, in each empty cell), a probability cut-off, a shared
// transposition table, a time budget with iterative deepening, parallel search
// and cancellation. It also has the simpler players the search is compared
// with: random, greedy and minimax.
//
// Nothing here prints or keeps global state: a [Searcher] returns a [Result].
//
// # Sources
//
// The default evaluator and the search rules (cut-off, automatic depth) are
// those of nneonneo's 2048 AI (github.com/nneonneo/2048-ai). The other
// evaluators are the classic heuristics of 2048 bots:
//
//   - [Snake] scores a board by a serpentine path through all 16 cells from
//     a corner, the weights halving along the path, the best of 8 such paths;
//   - [Matrix] weighs each cell by a 4×4 matrix found by random search, the
//     best of its 8 symmetries, as the article "2048 AI – The Intelligent
//     Bot" describes;
//   - [MultiMetric] adds up empty cells, monotonicity, smoothness, a corner
//     bonus and the sum of squared tiles, terms that 2048 bots often combine.
//
// The simpler players, [Random], [Greedy] (the best board one move ahead)
// and [Minimax] (the worst spawn instead of the expected one), are the
// usual baselines against which expectimax is measured.
package ai

import (
	"context"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/term2048/2048/engine"
)

// DefaultCutoff is the probability under which a branch is evaluated rather
// than expanded, as in nneonneo's program.
const DefaultCutoff = 1e-4

// MaxDepth is the deepest search, in plies, everywhere: in the game, in
// hints, reviews and sims. It is the depth the automatic depth reaches on a
// board of every tile from 2 to 32768 (see DepthOf), so that a player who
// steps through the depths meets those the automatic depth takes; deeper, a
// search can take minutes.
const MaxDepth = 14

// DefaultTableMB is the default largest size of a Searcher's transposition
// table. A search takes the part of it its depth needs (16 MB from 9
// plies), and the memory holding it is the system's, not the collector's, so
// that a table costs only the pages its searches touched. Each goroutine of
// a parallel search also has a table of its own, half as large, for the
// last chance layer (see lastLayerTable), and uses a quarter of the part a
// search a ply shallower would (see lastLayerView; all 8 MB from 11
// plies): a search on two cores takes at most 32 MB of tables. With 16 MB
// rather than 32, the late decisions of testdata/agreement.txt (10 to 12
// plies) took 3-5% less time and the shallower ones the same, and two
// cores' tables at 12 plies take 32 MB rather than 64.
const DefaultTableMB = 16

// Config sets up a Searcher. The zero Config is nneonneo's search with the
// default heuristic, on every core.
type Config struct {
	Eval    Evaluator // the leaf evaluator; nil means NneonneoHeuristic()
	Cutoff  float64   // the cut-off probability; 0 means the evaluator's (see SearchEffort), else DefaultCutoff; negative none
	Threads int       // goroutines per search; 0 means GOMAXPROCS
	TableMB int       // the largest transposition table, in MB; 0 means DefaultTableMB (and half as much a goroutine of a parallel search)
}

// Limits set the effort of one search. Depth is in plies: N player moves and
// N−1 chance layers between them (the root move counts). A Depth of Auto
// lets the position decide (see Searcher.AutoDepth). A Time above zero
// searches ply 1, 2, … until the time is up and returns the deepest
// completed answer, going no deeper than Depth if Depth is set.
type Limits struct {
	Depth int
	Time  time.Duration
}

// Auto is the Depth that lets the position decide (see Searcher.AutoDepth):
// the one constant for the automatic depth, in every package.
const Auto = 0

// DepthOf returns the plies the automatic depth searches on b with the
// heuristics, nneonneo's rule: max(3, distinct tiles − 2) chance layers
// beyond the root move, plus that root move. It is at most MaxDepth. An
// evaluator may set a rule of its own (see SearchEffort).
func DepthOf(b engine.Board) int { return max(3, b.DistinctTiles()-2) + 1 }

// A Searcher runs expectimax searches. Its transposition table persists from
// one search to the next, where it stays valid: entries are reused only if
// searched at least as deep. It is safe for concurrent use; concurrent
// searches share the table.
type Searcher struct {
	eval    Evaluator
	effort  SearchEffort // eval, when it sets its own cut-off and automatic depth
	lines   *Lines       // eval, when it is a line table: evaluated inline
	points  bool         // eval estimates the score to come: moves add their points
	lost    float64
	cutoff  float64
	threads int
	tt      *table
	own     []*table // the last-layer tables of the goroutines of a parallel search, one each
	gen     atomic.Uint32
	leaves  leafCaches // when points: the goroutines' caches of scored leaves
	helpers helpers    // the goroutines of parallel searches after the first
}

// NewSearcher returns a Searcher for c.
func NewSearcher(c Config) *Searcher {
	s := &Searcher{eval: c.Eval, cutoff: c.Cutoff, threads: c.Threads}
	if s.eval == nil {
		s.eval = NneonneoHeuristic()
	}
	s.lines, _ = s.eval.(*Lines)
	s.effort, _ = s.eval.(SearchEffort)
	s.points = estimatesScore(s.eval)
	s.lost = s.eval.Lost()
	switch {
	case s.cutoff == 0 && s.effort != nil:
		s.cutoff = s.effort.Cutoff()
	case s.cutoff == 0:
		s.cutoff = DefaultCutoff
	case s.cutoff < 0:
		s.cutoff = 0
	}
	if s.threads <= 0 {
		s.threads = runtime.GOMAXPROCS(0)
	}
	mb := c.TableMB
	if mb <= 0 {
		mb = DefaultTableMB
	}
	s.tt = newTable(mb)
	if s.threads > 1 {
		for range s.threads {
			s.own = append(s.own, newTable(mb/2)) // memory only once a search uses it
		}
	}
	return s
}

// Threads returns the number of goroutines a search uses.
func (s *Searcher) Threads() int { return s.threads }

// AutoDepthRange returns the plies of s's automatic depth on an empty
// board and on a board of every tile: the range of the rule of its
// evaluator (see SearchEffort), for a player to read.
func (s *Searcher) AutoDepthRange() (lo, hi int) {
	return s.AutoDepth(engine.Board(0)), s.AutoDepth(engine.Board(0x0123_4567_89ab_cdef))
}

// Evaluator returns the evaluator s scores leaves with: the default
// heuristic if its Config named none.
func (s *Searcher) Evaluator() Evaluator { return s.eval }

// EstimatesScore reports whether the values of s's results are points
// still to come, the move's own included (see ScoreEstimator): a move's
// loss can then be told in points.
func (s *Searcher) EstimatesScore() bool { return s.points }

// Cutoff returns the probability under which a search scores a branch
// rather than expanding it; 0 for none.
func (s *Searcher) Cutoff() float64 { return s.cutoff }

// AutoDepth returns the plies of a search of b at Auto: the evaluator's rule
// if it has one (see SearchEffort), else DepthOf(b).
func (s *Searcher) AutoDepth(b engine.Board) int {
	if s.effort != nil {
		return min(max(s.effort.AutoDepth(b), 1), MaxDepth)
	}
	return DepthOf(b)
}

// Reset forgets every stored position, so that the next search depends on
// nothing searched before. It takes constant time, and must not run while a
// search does.
func (s *Searcher) Reset() {
	s.tt.reset()
	for _, t := range s.own {
		t.reset()
	}
	s.leaves.reset()
}

// Search finds the best move on b within the limits l. It returns ctx.Err()
// if ctx is done before an answer is ready; the search then stops within
// microseconds and leaves no goroutine behind. A panic in any goroutine of
// the search (in the evaluator, say) is returned as a *PanicError.
func (s *Searcher) Search(ctx context.Context, b engine.Board, l Limits) (_ Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = NewPanicError(v)
		}
	}()
	start := time.Now()
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	if l.Time <= 0 {
		ply, auto := l.Depth, l.Depth <= 0
		if auto {
			ply = s.AutoDepth(b)
		}
		r, err := s.searchDepth(ctx, b, min(ply, MaxDepth))
		r.Auto, r.Elapsed = auto, time.Since(start)
		return r, err
	}
	return s.deepen(ctx, b, l, start)
}

// deepen searches ply 1, 2, … until the time budget or the depth limit.
func (s *Searcher) deepen(ctx context.Context, b engine.Board, l Limits, start time.Time) (Result, error) {
	deadline := start.Add(l.Time)
	dctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	last := MaxDepth
	if l.Depth > 0 {
		last = min(l.Depth, MaxDepth)
	}
	var best Result
	var work Counts
	for ply := 1; ply <= last; ply++ {
		c := dctx
		if ply == 1 {
			c = ctx // ply 1 takes microseconds: always have an answer
		}
		t := time.Now()
		r, err := s.searchDepth(c, b, ply)
		work.add(r.Counts)
		if err != nil {
			if ctx.Err() != nil {
				return Result{}, ctx.Err()
			}
			best.Deadline = true
			break
		}
		best = r
		took := time.Since(t)
		// Stop when deeper changes nothing (the cut-off ended every branch
		// or the game is over), or when the next ply, which usually costs
		// several times this one, cannot finish in time.
		if r.Reached < ply || !r.HasMove() || time.Now().Add(2*took).After(deadline) {
			break
		}
	}
	best.Counts = work
	best.Elapsed = time.Since(start)
	return best, nil
}

// searchDepth runs one expectimax search of ply plies from b.
func (s *Searcher) searchDepth(ctx context.Context, b engine.Board, ply int) (Result, error) {
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()

	gen := uint8(s.gen.Add(1)) // this search's entries outrank older ones
	r := Result{Board: b, Depth: ply, Threads: 1, Cutoff: s.cutoff}
	deadline, _ := ctx.Deadline()
	f := frontier{worker: s.newWorker(ply-1, gen, &stop, deadline)}
	root := f.root(b)
	threads := s.threads
	if ply < minParallelPly || len(f.open) < 2 {
		threads = 1 // too little work to share
	}
	if threads > 1 {
		f.split(8 * threads)
	}
	tasks, groups := f.tasks(threads > 1)
	workers := append(s.run(tasks, groups, threads, ply-1, gen, &stop, deadline), f.worker)
	for _, w := range workers {
		r.add(w.Counts)
	}
	// The caches go back last first, so that the next search's first
	// goroutine takes the one this search's first goroutine filled: that
	// goroutine always searches, while the others may start too late to
	// find a task left in a short search.
	for _, w := range slices.Backward(workers) {
		if w.leaves != nil {
			s.leaves.put(w.leaves)
		}
	}
	// ctx may be done while stop is not set yet: its AfterFunc runs on a
	// goroutine of its own, which the last leaves can beat. The search is
	// whole then, but a search whose ctx is done says so, always.
	if err := ctx.Err(); err != nil {
		return r, err
	}
	if stop.Load() {
		return r, context.DeadlineExceeded // a worker saw the deadline before ctx's timer fired
	}
	for d, c := range root {
		if c != nil {
			r.Legal[d] = true
			r.Value[d] = c.points + f.value(c)
		}
	}
	r.Best = best(r)
	r.Threads = threads
	for _, w := range workers {
		r.Reached = max(r.Reached, w.reached+1)
	}
	return r, nil
}

// minParallelPly is the shallowest search shared by several goroutines. A
// search of 4 plies takes about a millisecond, a few thousand positions a
// goroutine, and on two threads it was slower than on one (0.86×): what the
// second thread saves does not pay for waking it and for the caches the two
// then share.
const minParallelPly = 5

// best returns the legal move of highest value, the first in direction order
// among equals.
func best(r Result) engine.Direction {
	var d engine.Direction
	v := math.Inf(-1)
	for i := range engine.Direction(engine.NumDirections) {
		if r.Legal[i] && r.Value[i] > v {
			d, v = i, r.Value[i]
		}
	}
	return d
}

// run searches the tasks on threads goroutines (see taskQueue) and returns
// the workers with their counts.
func (s *Searcher) run(tasks []*task, groups []span, threads, limit int, gen uint8, stop *atomic.Bool, deadline time.Time) []*worker {
	workers := make([]*worker, threads)
	for i := range workers {
		workers[i] = s.newWorker(limit, gen, stop, deadline)
		if threads > 1 {
			workers[i].last = s.own[i].lastLayerView(limit + 1)
		}
		if s.points {
			workers[i].leaves = s.leaves.get() // given back by searchDepth
		}
	}
	queue := newTaskQueue(groups, threads)
	var panicked atomic.Pointer[PanicError]
	work := func(id int) {
		w := workers[id]
		for {
			i, ok := queue.take(id)
			if !ok || stop.Load() {
				return
			}
			t := tasks[i]
			t.value = w.maxNode(t.board, t.prob, t.depth)
		}
	}
	var wg sync.WaitGroup
	wg.Add(threads - 1)
	for id := 1; id < threads; id++ {
		s.helpers.start(func() {
			defer wg.Done()
			defer catchPanic(&panicked, stop)
			work(id)
		})
	}
	func() {
		defer catchPanic(&panicked, stop)
		work(0)
	}()
	wg.Wait()
	if p := panicked.Load(); p != nil {
		panic(p) // in the search's goroutine, where Search recovers it
	}
	return workers
}

// A worker searches subtrees depth-first; each goroutine has its own, and
// all share the table, the evaluator and the stop flag.
type worker struct {
	tt     view
	last   view       // the table of the last chance layer (see lastLayerTable)
	leaves *leafCache // when points, in a goroutine of run: the values of leaves scored so far
	lines  *Lines
	eval   Evaluator
	points bool // add the points of each move to its value (see ScoreEstimator)
	lost   float64
	cutoff float64
	limit  int // the depth (moves after the root) at which chance nodes are leaves
	gen    uint8
	stop   *atomic.Bool
	// deadline, if timed, is when the search must stop; see pastDeadline.
	deadline   time.Time
	timed      bool
	untilClock int // chance nodes until pastDeadline reads the clock again

	Counts
	reached int // the deepest leaf, in moves after the root

	_ [64]byte // keeps the counters of two workers off one cache line
}

func (s *Searcher) newWorker(limit int, gen uint8, stop *atomic.Bool, deadline time.Time) *worker {
	tt := s.tt.view(limit + 1)
	return &worker{
		tt: tt, last: tt, lines: s.lines, eval: s.eval, points: s.points, lost: s.lost, cutoff: s.cutoff,
		limit: limit, gen: gen, stop: stop, deadline: deadline, timed: !deadline.IsZero(),
	}
}

// clockEvery is how many chance nodes a worker searches between two readings
// of the clock: a few microseconds of search.
const clockEvery = 64

// pastDeadline reports whether the deadline of a timed search has passed,
// and then stops every worker of the search. It reads the clock every
// clockEvery chance nodes. The context's own timer stops a search too, but
// late when every processor searches: a goroutine that never blocks gives
// the runtime no moment to run the timer, and moves of "2048 sim -time 1ms"
// on both cores took 1.96 ms where one worker's took 1.13.
func (w *worker) pastDeadline() bool {
	if w.untilClock--; w.untilClock > 0 {
		return false
	}
	w.untilClock = clockEvery
	if time.Now().Before(w.deadline) {
		return false
	}
	w.stop.Store(true)
	return true
}

// table returns the table of the chance nodes deeper layers above the
// leaves: w.last for the last layer, the shared table above it.
//
// The last layer is lastLayerTable: its nodes are the most numerous and
// the cheapest to search again, and a goroutine of a parallel search keeps
// them in a table of its own. In a shared table, each goroutine's lookups
// went to cache lines the other core had just written, and each goroutine
// did 17% less work a second than one alone (the machine's two cores run
// two independent searches at full speed each); owning the last layer got
// that back at the cost of 1-4% more work. Every goroutine owns one, the
// first too: when the first kept its last layer in the shared table, the
// other core read the layers above from the cache lines it wrote, and a
// 6-ply decision on two threads took 4% longer. A search on one goroutine
// has no table of its own: w.last is the shared table, and nothing changes.
func (w *worker) table(deeper int) view {
	if deeper <= lastLayerTable {
		return w.last
	}
	return w.tt
}

// lastLayerTable is the number of chance layers, from the leaves up, whose
// nodes a goroutine of a parallel search stores in a table of its own: one,
// measured against two (which saved as much time and did 4% more work) and
// none.
const lastLayerTable = 1

// evaluate scores a leaf: n, a board after a move, whose transpose is t. It
// is the one place where the search calls the evaluator, and it counts the
// leaf.
func (w *worker) evaluate(n, t engine.Board) float64 {
	w.Nodes++
	w.Leaves++
	if w.lines != nil {
		return float64(w.lines.sumT(n, t))
	}
	return w.eval.Evaluate(n)
}

// nextSpawn returns the first of the empty cells e (a set as EmptyBits gives
// it), in cell order from the top-left, as the bit that puts a 2 there (a 4
// is the bit shifted left once), and e without that cell. It is the one
// definition of the order in which the search and its frontier visit the
// spawns, which makes their floating-point sums, and so their values, equal.
func nextSpawn(e uint64) (two engine.Board, rest uint64) {
	two = engine.Board(1) << (63 - bits.LeadingZeros64(e))
	return two, e &^ uint64(two)
}

// spawnPair is the share of one empty cell in the value of a chance node,
// before the division by the number of cells: the values after a 2 and
// after a 4 there, weighted by their probabilities.
func spawnPair(two, four float64) float64 {
	return (1-engine.FourProbability)*two + engine.FourProbability*four
}

// chanceNode returns the expected value of b, a board after a move, over every
// spawn that can follow; prob is the probability of reaching b from the root
// and depth the number of moves after the root move. The caller has checked
// that b is not a leaf.
func (w *worker) chanceNode(b engine.Board, prob float64, depth int) float64 {
	w.Nodes++
	deeper := w.limit - depth
	tt := w.table(deeper)
	if v, ok := tt.get(b, deeper, probClass(prob)); ok {
		w.Hits++
		w.reached = w.limit // the stored search went at least as deep
		return v
	}
	if w.stop.Load() || w.timed && w.pastDeadline() {
		return 0 // the result will be thrown away
	}
	empty := b.EmptyBits()
	n := float64(bits.OnesCount64(empty))
	p2, p4 := prob*(1-engine.FourProbability)/n, prob*engine.FourProbability/n
	sum := 0.0
	if !w.points && (depth+1 >= w.limit || p2 < w.cutoff) {
		// Every spawn ends in a leaf max node (a 4 is less likely than a 2):
		// the last layer of the tree, where most of the time goes.
		w.reached = max(w.reached, depth+1)
		sum = w.leafSpawns(b, empty)
	} else {
		for e := empty; e != 0; {
			var two engine.Board
			two, e = nextSpawn(e)
			sum += spawnPair(w.maxNode(b|two, p2, depth+1), w.maxNode(b|two<<1, p4, depth+1))
		}
	}
	if w.stop.Load() {
		// A child was cut short: the sum is wrong and must not outlive this
		// search in the table. (The flag never goes back, so a node whose
		// child stopped always sees it here.)
		return 0
	}
	v := sum / n
	tt.put(b, deeper, probClass(prob), v, w.gen)
	return v
}

// maxNode returns the value of the best move on b, a board after a spawn. No
// position is worth less than a lost one: with no legal move, or only moves
// worse than losing, it is worth the evaluator's Lost value (as in nneonneo's
// program, where a maxNode node starts from 0).
func (w *worker) maxNode(b engine.Board, prob float64, depth int) float64 {
	if w.points {
		return w.maxNodeScored(b, prob, depth)
	}
	if prob < w.cutoff || depth >= w.limit {
		w.reached = max(w.reached, depth)
		return w.leafMax(b)
	}
	w.Nodes++
	w.MovesTried += engine.NumDirections
	u, d, l, r := b.Successors()
	// Start loading the table entries of all the moves before the first
	// lookup waits for its own: the misses then overlap.
	tt := w.table(w.limit - depth)
	tt.touch(u)
	tt.touch(d)
	tt.touch(l)
	tt.touch(r)
	best := w.lost
	for _, n := range [engine.NumDirections]engine.Board{u, d, l, r} {
		if n != b {
			if v := w.chanceNode(n, prob, depth); v > best {
				best = v
			}
		}
	}
	return best
}

// leafMax is maxNode when every move ends in a leaf, the hot loop of the
// search: the moves, their transposes and their values, with nothing else.
func (w *worker) leafMax(b engine.Board) float64 {
	w.Nodes++
	w.MovesTried += engine.NumDirections
	u, d, l, r, ut, dt, lt, rt := b.SuccessorsT()
	best := w.lost
	if u != b {
		if v := w.evaluate(u, ut); v > best {
			best = v
		}
	}
	if d != b {
		if v := w.evaluate(d, dt); v > best {
			best = v
		}
	}
	if l != b {
		if v := w.evaluate(l, lt); v > best {
			best = v
		}
	}
	if r != b {
		if v := w.evaluate(r, rt); v > best {
			best = v
		}
	}
	return best
}

// maxNodeScored is maxNode for an evaluator that estimates the score to come
// (see ScoreEstimator): the value of a move is the points it scores plus the
// value of the board after it. It is apart from maxNode so that the
// heuristic's hot loop pays nothing for it.
func (w *worker) maxNodeScored(b engine.Board, prob float64, depth int) float64 {
	w.Nodes++
	w.MovesTried += engine.NumDirections
	best := w.lost
	leaf := prob < w.cutoff || depth >= w.limit
	if leaf {
		w.reached = max(w.reached, depth)
	}
	for d := range engine.Direction(engine.NumDirections) {
		n, points, moved := b.Move(d)
		if !moved {
			continue
		}
		var v float64
		if leaf {
			v = w.scoredLeaf(n)
		} else {
			v = w.chanceNode(n, prob, depth)
		}
		if v += float64(points); v > best {
			best = v
		}
	}
	return best
}
