package main

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/term2048/2048/ai"
)

// The players sim can pit against each other.
const (
	playerExpectimax = "expectimax"
	playerMinimax    = "minimax"
	playerGreedy     = "greedy"
	playerRandom     = "random"
)

// playerNames lists the players in the order of the -player usage.
func playerNames() []string {
	return []string{playerExpectimax, playerMinimax, playerGreedy, playerRandom}
}

// minimaxDefaultDepth is the depth of the minimax player when -depth is auto:
// minimax has no rule of its own, and seed 003 ran it at 3.
const minimaxDefaultDepth = 3

// randomStream is the second PCG seed word of the random player's
// generator, whose first is the game's seed: the player's choices, like the
// spawns, are then fixed by the seed alone, yet drawn from another stream.
const randomStream = 0x7261_6e64_6f6d_0001 // "random" in ASCII, then 1

// A playerSpec says how a player plays: which player, and for the searching
// ones the evaluator and the effort. Its evaluator is shared by all the
// workers, which evaluators allow.
type playerSpec struct {
	kind     string
	evalName string
	eval     ai.Evaluator
	depth    int           // plies, or ai.Auto
	time     time.Duration // per move, for expectimax; 0 for none
}

// smallTableMB is the table of an expectimax worker searching at most
// smallTableDepth plies, which use no more than 4 MB of a table. A larger
// table would change nothing but the memory: the garbage collector lets the
// heap grow by as much as is live, and a 64 MB table counts as live. At 4
// plies, two workers peaked at 25 MB instead of 147 MB, at the same speed
// and with the same games.
const (
	smallTableMB    = 4
	smallTableDepth = 6
)

// tableMB returns the size of the table of each expectimax worker.
func (p playerSpec) tableMB() int {
	if p.depth != ai.Auto && p.depth <= smallTableDepth && p.time == 0 {
		return smallTableMB
	}
	return ai.DefaultTableMB
}

// searches reports whether the player looks ahead, so that -depth means
// something to it.
func (p playerSpec) searches() bool { return p.kind == playerExpectimax || p.kind == playerMinimax }

// String describes the player for tables: "expectimax 3", "minimax 3",
// "greedy", "random", with the evaluator if it is not the default.
func (p playerSpec) String() string {
	s := p.kind
	switch p.kind {
	case playerExpectimax:
		if p.time > 0 {
			s += " " + p.time.String()
			if p.depth != ai.Auto {
				s += fmt.Sprintf("≤%d", p.depth)
			}
		} else {
			s += " " + depthName(p.depth)
		}
	case playerMinimax:
		s += " " + depthName(p.minimaxDepth())
	}
	if p.kind != playerRandom && p.evalName != defaultEval() {
		s += " " + p.evalName
	}
	return s
}

// describe says in words what the player does, for the head of a report.
func (p playerSpec) describe() string {
	switch p.kind {
	case playerExpectimax:
		effort := "auto depth (nneonneo's rule)"
		if p.depth != ai.Auto {
			effort = plies(p.depth)
		}
		if p.time > 0 {
			effort = fmt.Sprintf("iterative deepening within %v a move", p.time)
			if p.depth != ai.Auto {
				effort += ", at most " + plies(p.depth)
			}
		}
		return fmt.Sprintf("expectimax, %s, eval %s, cut-off %g", effort, p.evalName, ai.DefaultCutoff)
	case playerMinimax:
		return fmt.Sprintf("minimax, %s, eval %s", plies(p.minimaxDepth()), p.evalName)
	case playerGreedy:
		return fmt.Sprintf("greedy (one move ahead), eval %s", p.evalName)
	}
	return "random legal moves"
}

// depthName writes a depth in plies, or "auto".
func depthName(d int) string {
	if d == ai.Auto {
		return "auto"
	}
	return fmt.Sprint(d)
}

// minimaxDepth returns the depth of the minimax player, which has no auto
// depth.
func (p playerSpec) minimaxDepth() int {
	if p.depth == ai.Auto {
		return minimaxDefaultDepth
	}
	return p.depth
}

// newPlayers returns the source of players of one worker: for each game, the
// player that plays it, given its seed. An expectimax worker owns one
// single-threaded Searcher and clears its table at the start of each game,
// so that a game depends on its seed alone, not on the games the worker
// played before. The source and its players are for one goroutine.
func (p playerSpec) newPlayers() func(seed uint64) ai.Player {
	switch p.kind {
	case playerExpectimax:
		s := ai.NewSearcher(ai.Config{Eval: p.eval, Threads: 1, TableMB: p.tableMB()})
		l := ai.Limits{Depth: p.depth, Time: p.time}
		return func(uint64) ai.Player {
			s.Reset()
			return ai.Expectimax{Searcher: s, Limits: l}
		}
	case playerMinimax:
		m := ai.Minimax{Eval: p.eval, Depth: p.minimaxDepth()}
		return func(uint64) ai.Player { return m }
	case playerGreedy:
		g := ai.Greedy{Eval: p.eval}
		return func(uint64) ai.Player { return g }
	}
	return func(seed uint64) ai.Player {
		return ai.Random{Rand: rand.New(rand.NewPCG(seed, randomStream))}
	}
}
