package puzzle_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// result returns a search of a board whose legal moves are worth values
// (NaN-free; a direction missing from values is not legal).
func result(values map[engine.Direction]float64) ai.Result {
	r := ai.Result{Board: engine.Board(0x1234_0000_0000_0001)}
	first := true
	for d, v := range values {
		r.Legal[d], r.Value[d] = true, v
		if first || v > r.Value[r.Best] {
			r.Best, first = d, false
		}
	}
	return r
}

func TestCandidate(t *testing.T) {
	tests := []struct {
		name   string
		values map[engine.Direction]float64
		second engine.Direction
		ok     bool
	}{
		{"a gap of 20% is a blunder", map[engine.Direction]float64{engine.Left: 1000, engine.Up: 800, engine.Down: 500}, engine.Up, true},
		{"a gap of 2% is a mistake", map[engine.Direction]float64{engine.Left: 1000, engine.Up: 980}, engine.Up, true},
		{"exactly the mistake's threshold", map[engine.Direction]float64{engine.Left: 1000, engine.Up: 1000 * (1 - puzzle.MinGap)}, engine.Up, true},
		{"a gap of 0.5% is an inaccuracy", map[engine.Direction]float64{engine.Left: 1000, engine.Up: 995, engine.Down: 100}, engine.Up, false},
		{"two moves as good", map[engine.Direction]float64{engine.Left: 1000, engine.Right: 1000, engine.Down: 10}, 0, false},
		{"a forced move", map[engine.Direction]float64{engine.Left: 1000}, 0, false},
		{"no move", map[engine.Direction]float64{}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			second, ok := puzzle.Candidate(result(tt.values))
			if ok != tt.ok || (ok && second != tt.second) {
				t.Errorf("Candidate(%v) = %v, %v; want %v, %v", tt.values, second, ok, tt.second, tt.ok)
			}
		})
	}
}

// sloppy plays as expectimax at 2 plies, but one move in four at random:
// a weak player, seeded, who slips.
type sloppy struct {
	s   *ai.Searcher
	rng *rand.Rand
}

func (p sloppy) move(b engine.Board) engine.Direction {
	if p.rng.IntN(4) == 0 {
		var legal []engine.Direction
		for d := range engine.Direction(engine.NumDirections) {
			if _, _, ok := b.Move(d); ok {
				legal = append(legal, d)
			}
		}
		return legal[p.rng.IntN(len(legal))]
	}
	r, err := p.s.Search(context.Background(), b, ai.Limits{Depth: 2})
	if err != nil {
		panic(err)
	}
	return r.Best
}

// sloppyGame plays a game of seed by the sloppy player, at most limit moves.
func sloppyGame(seed uint64, limit int) review.Game {
	p := sloppy{ai.NewSearcher(ai.Config{Threads: 1, TableMB: 8}), rand.New(rand.NewPCG(seed, 2))}
	g := engine.NewGame(seed)
	for !g.Over() && g.MoveCount() < limit {
		g.Move(p.move(g.Board()))
	}
	return review.Game{Transcript: g.Transcript()}
}

// TestFromReviewProperty checks every puzzle found in games of a weak
// player against a search of its own at the confirming depth: the same
// best move, which beats every other legal move by MinGap or more.
func TestFromReviewProperty(t *testing.T) {
	const reviewDepth, confirmDepth = 2, 3
	total, slips := 0, 0
	for seed := uint64(1); seed <= 4; seed++ {
		g := sloppyGame(seed, 150)
		rev, err := review.Run(context.Background(), g, review.Options{Setting: review.Setting{Depth: reviewDepth}, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		ps, err := puzzle.FromReview(context.Background(), puzzle.NewSearcher(), rev.Moves, confirmDepth)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) > puzzle.PerGame {
			t.Errorf("game %d: %d puzzles; want at most %d", seed, len(ps), puzzle.PerGame)
		}
		for i, p := range ps {
			total++
			if p.Slip {
				slips++
			}
			if i > 0 && ps[i-1].Move >= p.Move {
				t.Errorf("game %d: puzzles at moves %d then %d; want the order of the game", seed, ps[i-1].Move, p.Move)
			}
			checkPuzzle(t, p, confirmDepth)
			if rev.Moves[p.Move-1].Search.Board != p.Board() || rev.Moves[p.Move-1].Played != p.Played {
				t.Errorf("game %d: puzzle of move %d is not that move's position", seed, p.Move)
			}
		}
	}
	if total == 0 || slips == 0 {
		t.Errorf("%d puzzles, %d of them slips, in 4 games of a sloppy player; want some of each", total, slips)
	}
}

// checkPuzzle searches p's board again at depth and checks that it is a
// puzzle there.
func checkPuzzle(t testing.TB, p puzzle.Puzzle, depth int) {
	t.Helper()
	s := puzzle.NewSearcher()
	r, err := s.Search(context.Background(), p.Board(), ai.Limits{Depth: depth})
	if err != nil {
		t.Fatal(err)
	}
	if r.Best != p.Best() {
		t.Errorf("puzzle %v: best %v; a search at %d plies says %v", p.Board(), p.Best(), depth, r.Best)
	}
	legal := 0
	for d := range engine.Direction(engine.NumDirections) {
		if !r.Legal[d] {
			continue
		}
		legal++
		if d == r.Best {
			continue
		}
		if _, v := review.Judge(r, d); v != review.Mistake && v != review.Blunder {
			t.Errorf("puzzle %v: %v loses %.4f to %v, judged %v; want a mistake or worse", p.Board(), d, r.Gap(d), r.Best, v)
		}
	}
	if legal < 2 {
		t.Errorf("puzzle %v has %d legal moves", p.Board(), legal)
	}
}

// TestConfirmRefusesAnotherBest gives Confirm a first search whose best
// move the deeper search does not keep.
func TestConfirmRefusesAnotherBest(t *testing.T) {
	g := sloppyGame(7, 60)
	rev, err := review.Run(context.Background(), g, review.Options{Setting: review.Setting{Depth: 2}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rev.Moves {
		second, ok := puzzle.Candidate(m.Search)
		if !ok {
			continue
		}
		if _, ok, err := puzzle.Confirm(context.Background(), puzzle.NewSearcher(), m.Search, 3); err != nil || !ok {
			continue
		}
		wrong := m.Search
		wrong.Best = second
		if _, ok, err := puzzle.Confirm(context.Background(), puzzle.NewSearcher(), wrong, 3); err != nil || ok {
			t.Errorf("Confirm of %v with the best move %v (the deeper search's second) = %v, %v; want refused", wrong.Board, second, ok, err)
		}
		return
	}
	t.Fatal("no confirmed puzzle in the game")
}

func TestConfirmCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := result(map[engine.Direction]float64{engine.Left: 1000, engine.Up: 100})
	if _, ok, err := puzzle.Confirm(ctx, puzzle.NewSearcher(), r, 3); err == nil || ok {
		t.Errorf("Confirm with ctx done = %v, %v; want ctx's error", ok, err)
	}
}
