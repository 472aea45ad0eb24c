// Package airace races the player against the AI, in the local game: a
// race.Hub whose seats' opponent is the AI, on the player's seed, one move
// of the AI for each of the player's. The first to make 2048 wins; without
// 2048, the higher score once both are out. The player chooses the AI's depth,
// or an AI as accurate as they are (see LikeDepth).
//
// Each race has a goroutine of its own, which searches the AI's moves off
// the screen's and ends when the seat is left. The package holds no Charm
// import and does not import the game: it implements package race's
// interfaces.
package airace

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/race"
)

// MinDepth and MaxDepth bound the depths a player may type: one digit of a
// race's code (race.CodeAlphabet has no 1), and no deeper than a search a
// move the player would wait for.
const (
	MinDepth = 2
	MaxDepth = 9
)

// Reviews is what the hub reads of the player's data for an AI like the
// player: the history of finished games, read only, and the reviews kept
// of them. playerdata.Files is one; its methods are safe to call from the
// race's goroutine.
type Reviews interface {
	HistoryPath() string
	LoadReview(g review.Game, set review.Setting) ([]ai.Result, error)
}

// Config sets up a Hub.
type Config struct {
	Eval    ai.Evaluator  // the AI's evaluator; nil: the default heuristic
	Reviews Reviews       // the player's reviews; nil: an AI like the player plays DefaultLikeDepth
	Seed    func() uint64 // the seed of each race; nil: one at random

	// mover, if not nil, chooses the AI's moves in place of its search:
	// the tests script the AI with it.
	mover func(ctx context.Context, b engine.Board) (engine.Direction, error)
}

// A Hub opens races against the AI. It is safe for concurrent use.
type Hub struct{ cfg Config }

var _ race.Prompter = (*Hub)(nil)

// NewHub returns a hub for c.
func NewHub(c Config) *Hub { return &Hub{cfg: c} }

// Prompt says what the game's prompt asks for: a depth, or none.
func (h *Hub) Prompt() race.Prompt {
	return race.Prompt{
		Head:  "Race the AI: ",
		Text:  fmt.Sprintf("type its depth, %d to %d plies, and enter; enter alone for an AI as accurate as you. esc: no race.", MinDepth, MaxDepth),
		Enter: "race, or alone: an AI like you",
		Len:   1,
	}
}

// Create starts a race against an AI as accurate as the player (see
// LikeDepth): its depth is known once the race has started.
func (h *Hub) Create() (race.Seat, error) { return h.open(0), nil }

// Join starts a race against the AI searching depth plies, code being
// the depth in digits.
func (h *Hub) Join(code string) (race.Seat, error) {
	d, err := strconv.Atoi(code)
	if err != nil || d < MinDepth || d > MaxDepth {
		return nil, &race.Error{Why: fmt.Sprintf("%q is no depth of the AI: type %d to %d plies, or enter alone for an AI like you.", code, MinDepth, MaxDepth)}
	}
	return h.open(d), nil
}

// open starts the race's goroutine against the AI at depth, 0 for an
// AI like the player.
func (h *Hub) open(depth int) *seat {
	seed := rand.Uint64()
	if h.cfg.Seed != nil {
		seed = h.cfg.Seed()
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &seat{seed: seed, cancel: cancel, updates: make(chan race.State, 1), moved: make(chan struct{}, 1)}
	go s.run(ctx, h.cfg, depth)
	return s
}

// Name names the AI searching depth plies, as the race shows it.
func Name(depth int) string {
	if depth == 1 {
		return "the AI (1 ply)"
	}
	return fmt.Sprintf("the AI (%d plies)", depth)
}
