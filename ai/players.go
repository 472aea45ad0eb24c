package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"github.com/term2048/2048/engine"
)

// A Player chooses moves. Play returns the choice for b in a Result, with as
// much of the rest (values, work) as the player knows.
type Player interface {
	Play(ctx context.Context, b engine.Board) (Result, error)
}

// Expectimax is the expectimax player: s searching within l.
type Expectimax struct {
	Searcher *Searcher
	Limits   Limits
}

// Play searches b.
func (p Expectimax) Play(ctx context.Context, b engine.Board) (Result, error) {
	return p.Searcher.Search(ctx, b, p.Limits)
}

// legal fills in the legal moves of b.
func legal(b engine.Board) Result {
	r := Result{Board: b, Depth: 1, Threads: 1}
	for d, n := range b.Next() {
		r.Legal[d] = n != b
	}
	return r
}

// Random plays a uniformly random legal move, drawn from Rand: the baseline
// every player should beat. It is not safe for concurrent use, as Rand is
// not.
type Random struct{ Rand *rand.Rand }

// Play chooses a legal move at random.
func (p Random) Play(ctx context.Context, b engine.Board) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	r := legal(b)
	var moves []engine.Direction
	for d, ok := range r.Legal {
		if ok {
			moves = append(moves, engine.Direction(d))
		}
	}
	if len(moves) > 0 {
		r.Best = moves[p.Rand.IntN(len(moves))]
	}
	return r, nil
}

// Greedy plays the move whose board scores best at once, ignoring the spawn
// that follows: a search of one ply without the machinery. With a
// ScoreEstimator a move is worth its points plus the value of its board.
type Greedy struct{ Eval Evaluator }

// Play chooses the move of highest immediate value.
func (p Greedy) Play(ctx context.Context, b engine.Board) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	start := time.Now()
	r := legal(b)
	points := estimatesScore(p.Eval)
	for d := range engine.Direction(engine.NumDirections) {
		n, pts, moved := b.Move(d)
		if !moved {
			continue
		}
		r.Value[d] = p.Eval.Evaluate(n)
		if points {
			r.Value[d] += float64(pts)
		}
		r.Leaves++
		r.Nodes++
	}
	r.MovesTried = engine.NumDirections
	r.Best = best(r)
	r.Elapsed = time.Since(start)
	return r, nil
}

// MinimaxDepth is the depth of Minimax when none is given: minimax has no
// rule of its own, and as it searches every spawn, with no probability
// cut-off, its time grows steeply with the depth; 3 plies (a move, the
// worst spawn, a move) keep it a quick baseline.
const MinimaxDepth = 3

// Minimax plays as if every spawn were the worst one for it: max nodes over
// the moves, min nodes over every spawn (a 2 or a 4 in any empty cell), to
// Depth plies (as Limits counts them), with alpha-beta pruning. It is the
// pessimistic baseline, which ignores the odds of the spawns; Depth 0 means
// MinimaxDepth.
type Minimax struct {
	Eval  Evaluator
	Depth int
}

// Play searches b.
func (p Minimax) Play(ctx context.Context, b engine.Board) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	start := time.Now()
	depth := p.Depth
	if depth <= 0 {
		depth = MinimaxDepth
	}
	m := minimax{eval: p.Eval, points: estimatesScore(p.Eval), lost: p.Eval.Lost(), ctx: ctx}
	r := legal(b)
	r.Depth = depth
	for d := range engine.Direction(engine.NumDirections) {
		if n, bonus, ok := m.move(b, d); ok {
			// A full window for each root move, so that every value is exact.
			r.Value[d] = bonus + m.minNode(n, depth-1, math.Inf(-1), math.Inf(1))
		}
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	r.Best = best(r)
	r.Counts = m.Counts
	r.Elapsed = time.Since(start)
	return r, nil
}

type minimax struct {
	eval   Evaluator
	points bool // moves add their points (see ScoreEstimator)
	lost   float64
	ctx    context.Context
	Counts
}

// move plays d on b and returns the board, what the move adds to the value
// of the board after it (its points, if the evaluator counts them), and
// whether it changed anything.
func (m *minimax) move(b engine.Board, d engine.Direction) (engine.Board, float64, bool) {
	n, pts, moved := b.Move(d)
	if !m.points {
		return n, 0, moved
	}
	return n, float64(pts), moved
}

// minNode returns the value of b, a board after a move (so with an empty cell),
// under the worst spawn, with moves more moves to come.
func (m *minimax) minNode(b engine.Board, moves int, alpha, beta float64) float64 {
	m.Nodes++
	if moves == 0 {
		m.Leaves++
		return m.eval.Evaluate(b)
	}
	if m.Nodes&1023 == 0 && m.ctx.Err() != nil {
		return 0
	}
	empty := b.EmptyBits()
	for e := empty; e != 0; e &= e - 1 {
		two := engine.Board(e & -e)
		for _, s := range [2]engine.Board{b | two, b | two<<1} {
			beta = min(beta, m.maxNode(s, moves, alpha, beta))
			if beta <= alpha {
				return beta
			}
		}
	}
	return beta
}

// maxNode returns the value of the best move on b, a board after a spawn.
func (m *minimax) maxNode(b engine.Board, moves int, alpha, beta float64) float64 {
	m.Nodes++
	m.MovesTried += engine.NumDirections
	best := m.lost
	for d := range engine.Direction(engine.NumDirections) {
		n, bonus, ok := m.move(b, d)
		if !ok {
			continue
		}
		best = max(best, bonus+m.minNode(n, moves-1, alpha-bonus, beta-bonus))
		alpha = max(alpha, best)
		if alpha >= beta {
			break
		}
	}
	return best
}
