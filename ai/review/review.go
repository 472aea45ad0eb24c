// Package review rates the moves of a game of 2048 against the AI, as a
// chess engine reviews a game: for every move, the AI's value of each legal
// direction, the move played, the best move, the loss (how far the played
// move's value falls behind the best's, as the hint panel shows it: see
// ai.Result.Gap) and a verdict (see Judge); for the game, an accuracy and
// the count of each verdict (see Summary). Moves the AI made, by autoplay or
// a played hint, are reviewed too but left out of the player's figures.
//
// A review searches every position of the game at one Setting. At a fixed
// depth it is deterministic: each position is searched from an empty table
// on one thread, so the values do not depend on the order in which the
// positions are searched, nor on how many are searched at once.
package review

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// DefaultDepth is the depth of the default review, in plies: the deepest
// at which a game of 2,000 moves is reviewed in seconds on two cores (about
// 4 ms of one core a move, BenchmarkReview; the README has the figures),
// where each ply more costs five to seven times as much. It is the depth
// the game's hints search once a board holds six different tiles (see
// ai.DepthOf).
const DefaultDepth = 5

// NetworkDepth is the depth of the default review with an evaluator whose
// values are points, the learned network. Each of its leaves reads weights
// spread over hundreds of megabytes, several times a heuristic's cost, and
// at 3 plies a game of 2,000 moves is reviewed in 0.6 s of one core, its
// network read included (4 plies: 2.4 s; the heuristic at DefaultDepth:
// 4.4 s; docs/performance.md has the commands). The network at 3 plies is
// the far stronger player of the two defaults (docs/studies.md), so the
// shallower search is no weaker a judge.
const NetworkDepth = 3

// DefaultSetting returns the setting of the default review with eval (nil:
// the default heuristic): DefaultDepth plies, or NetworkDepth with an
// evaluator whose values are points.
func DefaultSetting(eval ai.Evaluator) Setting {
	s := Setting{Depth: DefaultDepth, Eval: eval}
	if s.InPoints() {
		s.Depth = NetworkDepth
	}
	return s
}

// A Setting is how hard a review searches each position: a fixed depth,
// the automatic depth, or a time per move. The default review is
// Setting{Depth: DefaultDepth}. A review is a function of the game and its
// setting, so a stored review stays valid as long as its setting is the
// one asked for.
type Setting struct {
	// Depth is the plies of each search, as ai.Limits counts them: ai.Auto
	// lets each position decide, as the game's hints do (see ai.DepthOf).
	Depth int
	// Time, if above zero, searches each position ply by ply for that long
	// instead, no deeper than Depth if it is above zero. The review then
	// depends on the speed of the machine.
	Time time.Duration
	// Eval scores the leaves of the searches; nil is the default
	// heuristic. With an evaluator whose values are points to come (see
	// InPoints), a move's loss can be told in points (Move.PointsLost).
	Eval ai.Evaluator
}

// Deterministic reports whether the review at s is the same on every
// machine: true at a fixed depth, false with a time per move.
func (s Setting) Deterministic() bool { return s.Time <= 0 }

// InPoints reports whether the values of the searches at s are points
// still to come, as a learned network's are, rather than a heuristic's
// score of a board's shape.
func (s Setting) InPoints() bool {
	se, ok := s.Eval.(ai.ScoreEstimator)
	return ok && se.EstimatesScore()
}

// String describes s: "depth 5", "auto depth", "50ms a move"; with an
// evaluator whose values are points, "depth 3, in points".
func (s Setting) String() string {
	var how string
	switch {
	case s.Time > 0 && s.Depth > 0:
		how = fmt.Sprintf("%v a move, at most depth %d", s.Time, s.Depth)
	case s.Time > 0:
		how = fmt.Sprintf("%v a move", s.Time)
	case s.Depth == ai.Auto:
		how = "auto depth"
	default:
		how = fmt.Sprintf("depth %d", s.Depth)
	}
	if s.InPoints() {
		how += ", in points"
	}
	return how
}

// limits returns the search limits of s.
func (s Setting) limits() ai.Limits { return ai.Limits{Depth: s.Depth, Time: s.Time} }

// Options set up a review. The zero Options review at the automatic depth
// on every core.
type Options struct {
	Setting
	// Workers is the number of positions searched at once, each by its own
	// goroutine with its own table; 0 means one a core (GOMAXPROCS).
	Workers int
	// OnMove, if not nil, is called with the review of each move as soon as
	// it and every move before it are reviewed: in the order of the game,
	// one call at a time, on the goroutine that called Run.
	OnMove func(Move)
	// Acquire, if not nil, is called before the search of each position,
	// and the function it returns after it: a program that runs many
	// reviews and other searches at once (a server of the game) bounds
	// the cores they take with it. An error it returns, ctx's when ctx is
	// done, ends the review with that error.
	Acquire func(ctx context.Context) (release func(), err error)
	// Known are the AI's searches of the first positions of the game, at
	// this setting, from an earlier review: a review kept on disk, or the
	// review of the game when it had fewer moves. Run takes them as they
	// are, from the first on, as long as each is of the board the game
	// reaches at its turn and finds the same legal moves, and searches the
	// positions after them only. At a fixed depth a search is a function of
	// its board, so the review is the one Run would have made without them.
	Known []ai.Result
}

// tableMB is the size of each worker's transposition table. A search of a
// few plies uses a small part of a table (see ai's table views), so a small
// one costs nothing and keeps the memory of a review low.
const tableMB = 8

// A Move is the review of one move of a game.
type Move struct {
	Number int   // 1 for the first move of the game
	By     Mover // who made it
	// Search is the AI's search of the board before the move: its Board,
	// the Value of each Legal direction and the Best one.
	Search  ai.Result
	Played  engine.Direction
	Loss    float64 // Search.Gap(Played): 0 for the best move, 0.01 for one worth 1% less
	Verdict Verdict
}

// Best returns the AI's move on the board before m.
func (m Move) Best() engine.Direction { return m.Search.Best }

// PointsLost returns how much less the move played is worth than the best
// one, in the units of the search's values: points still to come when the
// review's setting is InPoints. It is Loss before it is made a fraction of
// the best value: 0 for the best move.
func (m Move) PointsLost() float64 {
	if m.Verdict == Forced {
		return 0
	}
	return m.Search.Value[m.Search.Best] - m.Search.Value[m.Played]
}

// A Review is the review of a game's moves.
type Review struct {
	Setting Setting // as given, with a depth of 0 made DefaultDepth
	Total   int     // the moves of the game
	// Moves are the moves reviewed, first to last: all Total of them, or
	// the first ones if the review was stopped.
	Moves []Move
}

// Complete reports whether every move of the game was reviewed.
func (r *Review) Complete() bool { return len(r.Moves) == r.Total }

// Run reviews every move of g. If g does not replay it fails at once with
// an error saying why. If ctx is done before the end, it returns the moves
// reviewed until then (see Review.Moves) and ctx's error; the searches stop
// within microseconds and no goroutine outlives the call. A search that
// fails, or a panic in one of the goroutines that search, stops the review
// the same way, with that error (an *ai.PanicError for a panic).
func Run(ctx context.Context, g Game, o Options) (*Review, error) {
	boards, err := g.boards()
	if err != nil {
		return nil, err
	}
	rev := &Review{Setting: o.Setting, Total: len(g.Moves), Moves: make([]Move, 0, len(g.Moves))}
	add := func(r ai.Result) {
		m := judgeMove(len(rev.Moves), r, g)
		rev.Moves = append(rev.Moves, m)
		if o.OnMove != nil {
			o.OnMove(m)
		}
	}
	known := knownPrefix(o.Known, boards)
	for _, r := range o.Known[:known] {
		add(r)
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, len(boards)-known)

	// The first failure of a worker cancels ctx with its error, which
	// stops the others. Deferred in this order, the workers are stopped,
	// then waited for, whichever way Run returns (a panic of OnMove
	// included).
	var wg sync.WaitGroup
	defer wg.Wait()
	ctx, fail := context.WithCancelCause(ctx)
	defer fail(nil)
	results := make(chan searched)
	var next atomic.Int64
	next.Store(int64(known))
	for range workers {
		wg.Go(func() { searchPositions(ctx, fail, boards, &next, o, results) })
	}

	// The workers take the positions in order, so at most workers-1 wait
	// here for one before them to finish.
	waiting := make(map[int]ai.Result, workers)
	for !rev.Complete() {
		select {
		case d := <-results:
			waiting[d.i] = d.res
			for r, ok := waiting[len(rev.Moves)]; ok; r, ok = waiting[len(rev.Moves)] {
				delete(waiting, len(rev.Moves))
				add(r)
			}
		case <-ctx.Done():
			return rev, context.Cause(ctx)
		}
	}
	return rev, nil
}

// searched is the search of the position numbered i.
type searched struct {
	i   int
	res ai.Result
}

// searchPositions is a worker of Run: with a searcher of its own, it
// searches the positions of boards numbered by next, one after the other,
// and sends each search on results, until none is left or ctx is done. Its
// failure, a panic included, cancels ctx with its error by fail.
func searchPositions(ctx context.Context, fail context.CancelCauseFunc, boards []engine.Board, next *atomic.Int64, o Options, results chan<- searched) {
	defer func() {
		if v := recover(); v != nil {
			fail(ai.NewPanicError(v))
		}
	}()
	s := newSearcher(o.Eval)
	for {
		i := int(next.Add(1) - 1)
		if i >= len(boards) {
			return
		}
		r, err := searchAcquired(ctx, s, boards[i], o)
		if err != nil {
			fail(err) // ctx's own error if it is done: no change
			return
		}
		select {
		case results <- searched{i, r}:
		case <-ctx.Done():
			return
		}
	}
}

// knownPrefix returns how many of the first searches of known can be taken
// for the positions boards: those before the first that is of another
// board, or finds other legal moves than the board has.
func knownPrefix(known []ai.Result, boards []engine.Board) int {
	n := 0
	for n < len(known) && n < len(boards) && known[n].Board == boards[n] && known[n].Legal == legalMoves(boards[n]) {
		n++
	}
	return n
}

// legalMoves returns which moves change b.
func legalMoves(b engine.Board) [engine.NumDirections]bool {
	var legal [engine.NumDirections]bool
	for d := range engine.Direction(engine.NumDirections) {
		_, _, legal[d] = b.Move(d)
	}
	return legal
}

// newSearcher returns a searcher of positions for a review: one thread,
// its own table, and eval (nil: the default heuristic).
func newSearcher(eval ai.Evaluator) *ai.Searcher {
	return ai.NewSearcher(ai.Config{Eval: eval, Threads: 1, TableMB: tableMB})
}

// searchPosition searches b at set with s, from an empty table: the values
// of a position then do not depend on what s searched before, and a review
// is the same whatever the order of its searches and the number of its
// workers. s must search nothing else meanwhile.
func searchPosition(ctx context.Context, s *ai.Searcher, b engine.Board, set Setting) (ai.Result, error) {
	s.Reset()
	return s.Search(ctx, b, set.limits())
}

// searchAcquired searches b as searchPosition does, once o.Acquire, if
// set, lets it.
func searchAcquired(ctx context.Context, s *ai.Searcher, b engine.Board, o Options) (ai.Result, error) {
	if o.Acquire != nil {
		release, err := o.Acquire(ctx)
		if err != nil {
			return ai.Result{}, err
		}
		defer release()
	}
	return searchPosition(ctx, s, b, o.Setting)
}

// judgeMove returns the review of move i of g, r being the search of the
// board before it.
func judgeMove(i int, r ai.Result, g Game) Move {
	m := Move{Number: i + 1, By: g.mover(i), Search: r, Played: g.Moves[i]}
	m.Loss, m.Verdict = Judge(r, m.Played)
	return m
}
