package airace

import (
	"context"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/race"
)

// A seat is the player's place in a race against the AI. Its goroutine
// (run) plays the AI's game and decides the race; it ends, closing
// updates, when the seat is left.
type seat struct {
	seed    uint64
	depth   atomic.Int32 // the AI's depth, once known
	cancel  context.CancelFunc
	updates chan race.State // the latest state only: run is its one sender
	moved   chan struct{}   // a report came: run looks at the player's game

	mu     sync.Mutex
	player race.Board // the player's game as last reported
	wonAt  int        // the move with which the player made 2048; 0 before
}

// Code returns the race's code as the history keeps it: AI and the AI's
// depth, or AI alone until the depth is known.
func (s *seat) Code() string {
	if d := s.depth.Load(); d > 0 {
		return "AI" + strconv.Itoa(int(d))
	}
	return "AI"
}

// Seed returns the seed of both games.
func (s *seat) Seed() uint64 { return s.seed }

// Updates brings the race as it stands; it is closed once the seat has
// left and the race's goroutine has ended.
func (s *seat) Updates() <-chan race.State { return s.updates }

// Report takes where the player's game stands; it never waits.
func (s *seat) Report(b race.Board) {
	s.mu.Lock()
	s.player = b
	if b.Won && s.wonAt == 0 {
		s.wonAt = b.Moves
	}
	s.mu.Unlock()
	select {
	case s.moved <- struct{}{}:
	default: // run has a report to look at already
	}
}

// Leave ends the race and its goroutine; it may be called more than once.
func (s *seat) Leave() { s.cancel() }

// reported returns the player's game as last reported, and the move with
// which it made 2048.
func (s *seat) reported() (race.Board, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.player, s.wonAt
}

// send hands the game st, in place of a state it has not taken.
func (s *seat) send(st race.State) {
	select {
	case <-s.updates:
	default:
	}
	s.updates <- st
}

// run plays the AI's game of the race, a move for each of the player's
// (all it can once the player is out), until the race is decided, then
// waits for the seat to be left.
func (s *seat) run(ctx context.Context, cfg Config, depth int) {
	defer close(s.updates)
	if depth == 0 {
		depth = LikeDepth(PlayerAccuracies(ctx, cfg.Reviews))
	}
	s.depth.Store(int32(depth))
	mover := cfg.mover
	if mover == nil {
		mover = searchMover(ai.NewSearcher(ai.Config{Eval: cfg.Eval, Threads: 1}), depth)
	}
	g := engine.NewGame(s.seed)
	st := race.State{Started: true, Opponent: boardOf(g, depth)}
	s.send(st)
	for {
		player, wonAt := s.reported()
		if st.Result == race.On {
			if st.Result, st.By = decide(player, wonAt, g); st.Result != race.On {
				s.send(st)
				continue
			}
			if !g.Over() && (g.MoveCount() < player.Moves || player.Over) {
				d, err := mover(ctx, g.Board())
				if err != nil {
					return // the seat was left
				}
				if _, ok := g.Move(d); !ok {
					return // no searcher chooses a move that changes nothing
				}
				st.Opponent = boardOf(g, depth)
				s.send(st)
				continue
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-s.moved:
		}
	}
}

// decide returns how the race stands for the player, whose game is p and
// made 2048 with its move wonAt (0: not yet), against the AI's game g. The
// player's nth move comes before the AI's: the first to make 2048 wins;
// without 2048, the higher score once both are out. Once the player is
// out, an AI ahead has won: its score can only grow.
func decide(p race.Board, wonAt int, g *engine.Game) (race.Result, race.Reason) {
	n := g.MoveCount()
	switch {
	case wonAt > 0 && wonAt <= n:
		return race.Won, race.By2048
	case g.Won():
		return race.Lost, race.By2048
	case wonAt > 0 && (wonAt == n+1 || g.Over()): // the AI's next move, if any, comes after
		return race.Won, race.By2048
	case p.Over && g.Over() && p.Score > g.Score():
		return race.Won, race.ByScore
	case p.Over && p.Score < g.Score():
		return race.Lost, race.ByScore
	case p.Over && g.Over():
		return race.Tied, race.ByScore
	}
	return race.On, 0
}

// boardOf returns where the AI's game g stands, named for its depth.
func boardOf(g *engine.Game, depth int) race.Board {
	return race.Board{Board: g.Board(), Score: g.Score(), Moves: g.MoveCount(), Over: g.Over(), Won: g.Won(), Name: Name(depth)}
}

// searchMover returns the AI's choice of move: a search of depth plies
// by s.
func searchMover(s *ai.Searcher, depth int) func(ctx context.Context, b engine.Board) (engine.Direction, error) {
	return func(ctx context.Context, b engine.Board) (engine.Direction, error) {
		r, err := s.Search(ctx, b, ai.Limits{Depth: depth})
		return r.Best, err
	}
}
