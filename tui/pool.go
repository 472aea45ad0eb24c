package tui

import (
	"context"
	"fmt"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// A Pool runs the AI of many games at once on a bounded number of cores:
// the games a server plays share one (see Config.Pool), so that no game,
// nor all of them together, takes more than the pool's threads.
//
// Every search of a game on a pool (a hint, an autoplay move, the coach's
// rating, a position of a replay's review) waits for one of the pool's
// threads, in the order asked, and runs on it alone. A hint or an autoplay
// move searches ply by ply for at most the pool's thinking time, as deep as
// the game's depth asks within it. All of them use one searcher, whose
// table they share; its evaluator is the pool's, and a game on a pool does
// not change it.
//
// A Pool is safe for concurrent use.
type Pool struct {
	searcher *ai.Searcher
	evalName string
	slots    chan struct{} // a search holds one while it runs
	think    time.Duration
	pace     time.Duration
	searched func(waited, searched time.Duration)
}

// PoolConfig sets up a Pool.
type PoolConfig struct {
	// Threads is the number of searches that run at once, one thread each;
	// at least 1.
	Threads int
	// Think is the most time a hint or an autoplay move may take, once
	// under way; at least a millisecond.
	Think time.Duration
	// Pace is the least time between two moves of autoplay, whatever the
	// player asks for.
	Pace time.Duration
	// Eval scores the boards, EvalName names it for the panel; nil is the
	// default heuristic.
	Eval     ai.Evaluator
	EvalName string
	// TableMB is the size of the table the searches share; 0 is
	// ai.DefaultTableMB.
	TableMB int
	// Searched, if set, is told the times of each hint or autoplay move:
	// how long it waited for a thread, and how long it searched on it. It
	// is called from the searches' goroutines, at once.
	Searched func(waited, searched time.Duration)
}

// NewPool returns the pool c describes, or why it cannot be made.
func NewPool(c PoolConfig) (*Pool, error) {
	switch {
	case c.Threads < 1:
		return nil, fmt.Errorf("a pool needs a thread at least, not %d", c.Threads)
	case c.Think < time.Millisecond:
		return nil, fmt.Errorf("a pool's searches need a millisecond at least, not %v", c.Think)
	case c.Pace < 0:
		return nil, fmt.Errorf("the pace of autoplay cannot be negative (%v)", c.Pace)
	}
	name := c.EvalName
	if c.Eval == nil || name == "" {
		name = ai.Evaluators()[0].Name
	}
	return &Pool{
		searcher: ai.NewSearcher(ai.Config{Eval: c.Eval, Threads: 1, TableMB: c.TableMB}),
		evalName: name,
		slots:    make(chan struct{}, c.Threads),
		think:    c.Think,
		pace:     c.Pace,
		searched: c.Searched,
	}, nil
}

// Threads returns the number of searches that run at once.
func (p *Pool) Threads() int { return cap(p.slots) }

// acquire waits for a thread of the pool and returns the function that
// gives it back; if ctx is done first, it returns ctx's error. On a nil
// Pool it returns at once: a game of its own runs its searches as they
// come.
func (p *Pool) acquire(ctx context.Context) (release func(), err error) {
	if p == nil {
		return func() {}, nil
	}
	select {
	case p.slots <- struct{}{}:
		return func() { <-p.slots }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// search searches b on a thread of the pool, for at most the pool's
// thinking time: ply by ply up to the depth l asks (the automatic depth of
// b for ai.Auto), the deepest answer completed in time.
func (p *Pool) search(ctx context.Context, s *ai.Searcher, b engine.Board, l ai.Limits) (ai.Result, error) {
	asked := time.Now()
	release, err := p.acquire(ctx)
	if err != nil {
		return ai.Result{}, err
	}
	defer release()
	auto := l.Depth == ai.Auto
	if auto {
		l.Depth = s.AutoDepth(b) // the evaluator's rule, as a search of the searcher's own takes it
	}
	l.Time = p.think
	began := time.Now()
	r, err := s.Search(ctx, b, l)
	r.Auto = auto
	if p.searched != nil {
		p.searched(began.Sub(asked), time.Since(began))
	}
	return r, err
}

// searchFunc returns the function that runs the assistant's searches: on
// its pool if it has one, else on its own searcher as they come. It
// captures the searcher and the pool, never the model.
func (a *assistant) searchFunc() func(context.Context, engine.Board, ai.Limits) (ai.Result, error) {
	s, p := a.searcher, a.pool
	if p == nil {
		return s.Search
	}
	return func(ctx context.Context, b engine.Board, l ai.Limits) (ai.Result, error) {
		return p.search(ctx, s, b, l)
	}
}

// pace returns the least time between two moves of autoplay: the
// player's, but never below the pool's.
func (a *assistant) pace() time.Duration {
	if a.pool != nil {
		return max(a.delay, a.pool.pace)
	}
	return a.delay
}

// evalFixed reports whether the evaluator of the AI is not the player's to
// choose: a game on a pool uses the pool's.
func (m *Model) evalFixed() bool { return m.ai.pool != nil }
