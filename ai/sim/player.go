package sim

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/term2048/2048/ai"
)

// The kinds of player a Config can name.
const (
	Expectimax = "expectimax" // ai.Expectimax on one thread
	Minimax    = "minimax"    // ai.Minimax: the worst spawn instead of the expected one
	Greedy     = "greedy"     // ai.Greedy: the best board one move ahead
	Random     = "random"     // ai.Random: any legal move
)

// Kinds lists the kinds of player, the strongest first.
func Kinds() []string { return []string{Expectimax, Minimax, Greedy, Random} }

// randomStream is the second PCG seed word of the random player's
// generator, whose first is the game's seed: the player's choices, like the
// spawns, are then fixed by the seed alone, yet drawn from another stream.
const randomStream = 0x7261_6e64_6f6d_0001 // "random" in ASCII, then 1

// A Player says how the games are played: which kind of player, and for
// those that evaluate boards the evaluator and the effort.
type Player struct {
	Kind  string        // Expectimax, Minimax, Greedy or Random
	Eval  string        // the evaluator's name (see ai.Evaluators); "" means the default
	Depth int           // plies for Expectimax and Minimax, or ai.Auto
	Time  time.Duration // Expectimax only: search ply by ply for at most this a move; 0 for no limit
	// Cutoff, for Expectimax only, is the probability under which a branch
	// is evaluated rather than expanded, as ai.Config's: 0 for the
	// evaluator's, negative for none (every branch expanded, as programs
	// without a cut-off search).
	Cutoff float64
	// Evaluator, if not nil, is the evaluator itself, for one that a name
	// alone cannot make, like a network read from a weights file; Eval then
	// only names it. The workers share it, which evaluators allow.
	Evaluator ai.Evaluator
}

// EvalName returns the name of the player's evaluator, the default one if
// Eval is empty.
func (p Player) EvalName() string {
	if p.Eval == "" {
		return ai.Evaluators()[0].Name
	}
	return p.Eval
}

// Check reports what is wrong with p, if anything: an unknown kind or
// evaluator, a depth out of range, a negative time, a time or a cut-off for
// a player that has none, or a cut-off of 1 or more.
func (p Player) Check() error {
	switch {
	case !slices.Contains(Kinds(), p.Kind):
		return fmt.Errorf("unknown player %q: want one of %s", p.Kind, strings.Join(Kinds(), ", "))
	case p.Depth != ai.Auto && (p.Depth < 1 || p.Depth > ai.MaxDepth):
		return fmt.Errorf("depth %d: want plies from 1 to %d, or auto", p.Depth, ai.MaxDepth)
	case p.Time < 0:
		return fmt.Errorf("time %v: want a positive duration", p.Time)
	case p.Time > 0 && p.Kind != Expectimax:
		return errors.New("only the expectimax player has a time budget")
	case p.Cutoff != 0 && p.Kind != Expectimax:
		return errors.New("only the expectimax player cuts branches off")
	case !(p.Cutoff < 1): // NaN too
		return fmt.Errorf("cut-off %v: want a probability below 1", p.Cutoff)
	}
	_, err := p.evaluator()
	return err
}

// evaluator returns the player's evaluator: Evaluator, or the one Eval
// names.
func (p Player) evaluator() (ai.Evaluator, error) {
	if p.Evaluator != nil {
		return p.Evaluator, nil
	}
	return ai.NewEvaluator(p.EvalName())
}

// Searches reports whether the player looks ahead, so that its depth means
// something.
func (p Player) Searches() bool { return p.Kind == Expectimax || p.Kind == Minimax }

// SearchDepth returns the plies the player looks ahead: Depth for
// expectimax (ai.Auto for the automatic depth), ai.MinimaxDepth for a
// minimax player at ai.Auto, 1 for greedy and 0 for random.
func (p Player) SearchDepth() int {
	switch p.Kind {
	case Expectimax:
		return p.Depth
	case Minimax:
		if p.Depth == ai.Auto {
			return ai.MinimaxDepth
		}
		return p.Depth
	case Greedy:
		return 1
	}
	return 0
}

// String names the player briefly, for tables and legends: "expectimax 3",
// "expectimax auto", "expectimax 10ms≤4", "minimax 3", "greedy", "random",
// followed by the evaluator's name if it is not the default, and by a
// cut-off that is not the evaluator's ("cut-off none", "cut-off 0.001").
func (p Player) String() string {
	s := p.Kind
	switch {
	case p.Kind == Expectimax && p.Time > 0:
		s += " " + p.Time.String()
		if p.Depth != ai.Auto {
			s += "≤" + strconv.Itoa(p.Depth)
		}
	case p.Kind == Expectimax && p.Depth == ai.Auto:
		s += " auto"
	case p.Searches():
		s += " " + strconv.Itoa(p.SearchDepth())
	}
	if p.Kind != Random && p.EvalName() != ai.Evaluators()[0].Name {
		s += " " + p.EvalName()
	}
	switch {
	case p.Cutoff < 0:
		s += " cut-off none"
	case p.Cutoff > 0:
		s += " cut-off " + strconv.FormatFloat(p.Cutoff, 'g', -1, 64)
	}
	return s
}

// smallTableMB is the table of an expectimax worker searching at most
// smallTableDepth plies, which use no more than 0.5 MB of a table (see
// ai.DefaultTableMB): a larger one would change nothing, and the check of
// -workers against the machine's memory would count what is never used.
// (When tables were on the Go heap, two workers at 4 plies peaked at 25 MB
// with it instead of 147 MB, at the same speed and with the same games.)
const (
	smallTableMB    = 4
	smallTableDepth = 6
)

// TableMB returns the size of the transposition table each worker of a run
// reserves for p when it starts, in MiB: 0 for the players without a table.
// It depends on the player alone, never on the number of workers, so that
// the games do not either.
func (p Player) TableMB() int {
	switch {
	case p.Kind != Expectimax:
		return 0
	case p.Depth != ai.Auto && p.Depth <= smallTableDepth && p.Time == 0:
		return smallTableMB
	}
	return ai.DefaultTableMB
}

// newPlayers returns the source of players of one worker: for each game, the
// player that plays it, given its seed. An expectimax worker owns one
// single-threaded Searcher and clears its table at the start of each game,
// so that a game depends on its seed alone, not on the games the worker
// played before. eval is shared by the workers, which evaluators allow. The
// source and its players are for one goroutine.
func (p Player) newPlayers(eval ai.Evaluator) func(seed uint64) ai.Player {
	switch p.Kind {
	case Expectimax:
		s := ai.NewSearcher(ai.Config{Eval: eval, Cutoff: p.Cutoff, Threads: 1, TableMB: p.TableMB()})
		l := ai.Limits{Depth: p.Depth, Time: p.Time}
		return func(uint64) ai.Player {
			s.Reset()
			return ai.Expectimax{Searcher: s, Limits: l}
		}
	case Minimax:
		m := ai.Minimax{Eval: eval, Depth: p.SearchDepth()}
		return func(uint64) ai.Player { return m }
	case Greedy:
		g := ai.Greedy{Eval: eval}
		return func(uint64) ai.Player { return g }
	}
	return func(seed uint64) ai.Player {
		return ai.Random{Rand: rand.New(rand.NewPCG(seed, randomStream))}
	}
}
