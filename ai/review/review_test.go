package review_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// testDepth is the review depth of the tests: shallow, to keep them quick.
const testDepth = 3

// play plays a game of seed with p, at most limit moves.
func play(t testing.TB, p ai.Player, seed uint64, limit int) review.Game {
	t.Helper()
	g := engine.NewGame(seed)
	for !g.Over() && g.MoveCount() < limit {
		r, err := p.Play(context.Background(), g.Board())
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := g.Move(r.Best); !ok {
			t.Fatalf("the player chose %v on %v, which changes nothing", r.Best, g.Board())
		}
	}
	return review.Game{Transcript: g.Transcript()}
}

func expectimax(depth int) ai.Player {
	return ai.Expectimax{Searcher: ai.NewSearcher(ai.Config{Threads: 1, TableMB: 8}), Limits: ai.Limits{Depth: depth}}
}

func randomPlayer(seed uint64) ai.Player { return ai.Random{Rand: rand.New(rand.NewPCG(seed, 1))} }

func run(t *testing.T, g review.Game, o review.Options) *review.Review {
	t.Helper()
	rev, err := review.Run(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	if !rev.Complete() || len(rev.Moves) != len(g.Moves) {
		t.Fatalf("reviewed %d moves of %d", len(rev.Moves), len(g.Moves))
	}
	return rev
}

// TestAIGameIsPerfect checks that a game the AI played at the review
// setting reviews as 100% with every move best or forced, and that the
// same seed played at random reviews far lower.
func TestAIGameIsPerfect(t *testing.T) {
	depth, limit := testDepth, 300
	if !testing.Short() && !raceEnabled { // at the default depth, the race detector takes minutes
		depth, limit = review.DefaultDepth, 600
	}
	const seed = 5
	o := review.Options{Setting: review.Setting{Depth: depth}}
	s := run(t, play(t, expectimax(depth), seed, limit), o).Summary()
	if s.Accuracy != 100 || s.Verdicts[review.Best]+s.Verdicts[review.Forced] != s.Player {
		t.Errorf("the AI's own game at depth %d: accuracy %.2f%%, verdicts %v; want 100%% and every move best or forced", depth, s.Accuracy, s.Verdicts)
	}
	r := run(t, play(t, randomPlayer(seed), seed, limit), o).Summary()
	if r.Accuracy > 40 || r.Verdicts[review.Mistake]+r.Verdicts[review.Blunder] == 0 {
		t.Errorf("a random game: accuracy %.1f%%, verdicts %v; want under 40%% with mistakes", r.Accuracy, r.Verdicts)
	}
	t.Logf("accuracy: the AI %.1f%%, random play %.1f%% (%d moves)", s.Accuracy, r.Accuracy, r.Player)
}

// TestWorkersAgree checks that a review does not depend on how many
// positions are searched at once.
func TestWorkersAgree(t *testing.T) {
	g := play(t, expectimax(2), 3, 200)
	one := run(t, g, review.Options{Setting: review.Setting{Depth: testDepth}, Workers: 1})
	two := run(t, g, review.Options{Setting: review.Setting{Depth: testDepth}, Workers: 2})
	for i := range one.Moves {
		a, b := one.Moves[i], two.Moves[i]
		if a.Search.Value != b.Search.Value || a.Search.Best != b.Search.Best || a.Loss != b.Loss || a.Verdict != b.Verdict {
			t.Fatalf("move %d: one worker says %+v, two say %+v", i+1, a, b)
		}
	}
}

// TestMovesInOrder checks what Run hands OnMove: every move once, in the
// order of the game, each with its board, the move played and who made it.
func TestMovesInOrder(t *testing.T) {
	g := play(t, expectimax(1), 8, 120)
	g.By = make(review.Movers, len(g.Moves))
	for i := range g.By {
		g.By[i] = review.Mover(i % 3)
	}
	var seen []review.Move
	rev := run(t, g, review.Options{Setting: review.Setting{Depth: 2}, Workers: 2,
		OnMove: func(m review.Move) { seen = append(seen, m) }})
	if !reflect.DeepEqual(seen, rev.Moves) {
		t.Fatal("OnMove saw other moves than the review holds")
	}
	e := engine.NewGame(g.Seed)
	for i, m := range rev.Moves {
		if m.Number != i+1 || m.Played != g.Moves[i] || m.By != g.By[i] || m.Search.Board != e.Board() {
			t.Fatalf("move %d is reviewed as number %d, %v by %v on %v; want %v by %v on %v",
				i+1, m.Number, m.Played, m.By, m.Search.Board, g.Moves[i], g.By[i], e.Board())
		}
		e.Move(g.Moves[i])
	}
}

// TestCancel checks that a cancelled review returns the moves reviewed
// until then, from the first, with the context's error.
func TestCancel(t *testing.T) {
	g := play(t, expectimax(2), 4, 400)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const stopAt = 5 // far from the end: the rest takes seconds, the cancellation microseconds
	rev, err := review.Run(ctx, g, review.Options{Workers: 2,
		OnMove: func(m review.Move) {
			if m.Number == stopAt {
				cancel()
			}
		}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run cancelled at move %d: error %v; want context.Canceled", stopAt, err)
	}
	if rev.Complete() || len(rev.Moves) < stopAt || rev.Total != len(g.Moves) {
		t.Fatalf("cancelled at move %d: %d of %d moves reviewed, complete %v", stopAt, len(rev.Moves), rev.Total, rev.Complete())
	}
	for i, m := range rev.Moves {
		if m.Number != i+1 {
			t.Fatalf("move %d of the cancelled review is number %d", i+1, m.Number)
		}
	}
}

func TestGameThatDoesNotReplay(t *testing.T) {
	g := play(t, expectimax(1), 2, 30)
	tests := map[string]review.Game{
		"a move that changes nothing": {Transcript: engine.Transcript{Seed: 1, Start: mustParse(t, "2 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0"), Moves: []engine.Direction{engine.Up}}},
		"an invalid direction":        {Transcript: engine.Transcript{Seed: 1, Moves: []engine.Direction{7}}},
		"movers that do not match":    {Transcript: g.Transcript, By: review.Movers{review.ByPlayer}},
		"an unknown mover":            {Transcript: engine.Transcript{Seed: g.Seed, Moves: g.Moves[:1]}, By: review.Movers{9}},
	}
	for name, bad := range tests {
		if rev, err := review.Run(context.Background(), bad, review.Options{Setting: review.Setting{Depth: 1}}); err == nil {
			t.Errorf("%s: Run = %d moves, no error", name, len(rev.Moves))
		}
	}
}

func TestGameWithoutMoves(t *testing.T) {
	rev, err := review.Run(context.Background(), review.Game{Transcript: engine.Transcript{Seed: 9}}, review.Options{})
	if err != nil || !rev.Complete() || len(rev.Moves) != 0 || rev.Total != 0 {
		t.Errorf("a game without moves: %+v, %v; want a complete review of nothing", rev, err)
	}
	if s := rev.Summary(); s.Rated != 0 || s.Player != 0 {
		t.Errorf("a game without moves: summary %+v", s)
	}
}

func TestSettingString(t *testing.T) {
	for _, tt := range []struct {
		s             review.Setting
		want          string
		deterministic bool
	}{
		{review.Setting{Depth: review.DefaultDepth}, "depth 5", true},
		{review.Setting{Depth: 3}, "depth 3", true},
		{review.Setting{}, "auto depth", true},
		{review.Setting{Time: 50 * time.Millisecond}, "50ms a move", false},
		{review.Setting{Depth: 6, Time: time.Second}, "1s a move, at most depth 6", false},
	} {
		if got := tt.s.String(); got != tt.want || tt.s.Deterministic() != tt.deterministic {
			t.Errorf("%#v: String() = %q, Deterministic() = %v; want %q, %v", tt.s, got, tt.s.Deterministic(), tt.want, tt.deterministic)
		}
	}
}

// TestKnown checks that Run takes the searches of an earlier review as
// they are, from the first to the first that does not fit its position,
// searches the rest, and reviews the game as it would have without them.
func TestKnown(t *testing.T) {
	g := play(t, expectimax(2), 9, 120)
	o := review.Options{Setting: review.Setting{Depth: testDepth}, Workers: 2}
	want := run(t, g, o)
	const taken = 50 * time.Hour // no search takes this long: it marks the searches taken as they are
	known := func(n int) []ai.Result {
		out := make([]ai.Result, n)
		for i := range out {
			out[i] = want.Moves[i].Search
			out[i].Elapsed = taken
		}
		return out
	}
	wrongBoard, wrongLegal := known(80), known(80)
	wrongBoard[30].Board++ // another position: it and those after it are searched again
	played := g.Moves[30]
	wrongLegal[30].Legal[played] = false // a search of the right board that finds other moves: taken, it would not judge
	for _, tt := range []struct {
		name  string
		known []ai.Result
		taken int
	}{
		{"none", nil, 0},
		{"the first 40", known(40), 40},
		{"every move", known(len(g.Moves)), len(g.Moves)},
		{"more than the game", append(known(len(g.Moves)), want.Moves[0].Search), len(g.Moves)},
		{"a search of another board", wrongBoard, 30},
		{"a search with other legal moves", wrongLegal, 30},
	} {
		o.Known = tt.known
		got := run(t, g, o)
		if !sameMoves(got.Moves, want.Moves) {
			t.Errorf("%s: the review differs from one without them", tt.name)
		}
		for i, m := range got.Moves {
			if wasTaken := m.Search.Elapsed == taken; wasTaken != (i < tt.taken) {
				t.Errorf("%s: move %d taken as known %v; want the first %d taken", tt.name, i+1, wasTaken, tt.taken)
				break
			}
		}
	}
}

// TestAcquire checks that Options.Acquire is asked before the search of
// every position, each given back, never more held at once than it lets
// through, and that its error ends the review with that error.
func TestAcquire(t *testing.T) {
	g := play(t, expectimax(2), 6, 60)
	slots := make(chan struct{}, 1)
	var asked, held, most int
	var mu sync.Mutex
	acquire := func(ctx context.Context) (func(), error) {
		slots <- struct{}{}
		mu.Lock()
		asked, held, most = asked+1, held+1, max(most, held+1)
		mu.Unlock()
		return func() {
			mu.Lock()
			held--
			mu.Unlock()
			<-slots
		}, nil
	}
	run(t, g, review.Options{Setting: review.Setting{Depth: 2}, Workers: 3, Acquire: acquire})
	if asked != len(g.Moves) || held != 0 || most != 1 {
		t.Errorf("Acquire asked %d times for %d moves, %d held at the end, %d at most; want %d, 0, 1", asked, len(g.Moves), held, most, len(g.Moves))
	}
	full := errors.New("no thread free")
	_, err := review.Run(context.Background(), g, review.Options{Setting: review.Setting{Depth: 2},
		Acquire: func(context.Context) (func(), error) { return nil, full }})
	if !errors.Is(err, full) {
		t.Errorf("Run with an Acquire that fails: error %v; want %v", err, full)
	}
}
