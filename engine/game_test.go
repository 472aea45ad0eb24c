package engine_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/engine"
)

// cornerPlay plays the first legal move in the order down, left, right, up
// until the game is over or n moves are played: a fixed, seedless policy.
func cornerPlay(g *engine.Game, n int) {
	for g.MoveCount() < n {
		played := false
		for _, d := range []engine.Direction{engine.Down, engine.Left, engine.Right, engine.Up} {
			if _, ok := g.Move(d); ok {
				played = true
				break
			}
		}
		if !played {
			return
		}
	}
}

// TestGoldenReplay plays seed 20481 with cornerPlay to the end and compares
// the game's record (seed, moves, board, score, over) with
// testdata/TestGoldenReplay.golden: any change to the rules, the spawns or
// the use of the generator shows there. Replaying the recorded seed and
// moves must arrive at the same game. go test ./engine -update rewrites it.
func TestGoldenReplay(t *testing.T) {
	g := engine.NewGame(20481)
	cornerPlay(g, 10_000)
	if !g.Over() || g.MoveCount() < 100 {
		t.Fatalf("the golden game stops after %d moves, over %v; want a finished game of 100 moves or more", g.MoveCount(), g.Over())
	}
	var moves strings.Builder
	for _, d := range g.Moves() {
		moves.WriteByte(d.Letter())
	}
	golden.RequireEqual(t, fmt.Sprintf("seed %d\nmoves %s\nboard %v\nscore %d\nover %v\n",
		g.Seed(), moves.String(), g.Board(), g.Score(), g.Over()))

	r, err := engine.Replay(g.Seed(), 0, g.Moves())
	if err != nil {
		t.Fatal(err)
	}
	if r.Board() != g.Board() || r.Score() != g.Score() || r.Over() != g.Over() {
		t.Errorf("Replay(%d, its %d moves) ends at %v, score %d, over %v; want %v, score %d, over %v",
			g.Seed(), g.MoveCount(), r.Board(), r.Score(), r.Over(), g.Board(), g.Score(), g.Over())
	}
}

// TestFirstMoves works out the start of the game of seed 1 from the
// generator, to pin down how a game draws from it.
func TestFirstMoves(t *testing.T) {
	g := engine.NewGame(1)
	// The documented protocol: PCG(seed, 0x2048204820482048); per spawn, the
	// index among the empty cells in cell order, then 4 if IntN(10) == 0.
	r := rand.New(rand.NewPCG(1, 0x2048_2048_2048_2048))
	var want engine.Board
	for range 2 {
		k, four := r.IntN(want.CountEmpty()), r.IntN(10) == 0
		for i := range engine.NumCells {
			if want.Cell(i) == 0 {
				if k == 0 {
					want = want.With(i, map[bool]uint8{false: 1, true: 2}[four])
					break
				}
				k--
			}
		}
	}
	if g.Board() != want {
		t.Fatalf("NewGame(1) starts at %v; want %v", g.Board(), want)
	}
	if n := g.Board().CountEmpty(); n != 14 {
		t.Fatalf("a new game has %d empty cells; want 14", n)
	}
	if g.Score() != 0 || g.MoveCount() != 0 || g.Won() || g.Over() {
		t.Fatalf("a new game: score %d, %d moves, won %v, over %v", g.Score(), g.MoveCount(), g.Won(), g.Over())
	}
	// The same seed gives the same game; another seed, another.
	if engine.NewGame(1).Board() != g.Board() {
		t.Error("two games with seed 1 start differently")
	}
	differ := false
	for s := uint64(2); s < 10; s++ {
		differ = differ || engine.NewGame(s).Board() != g.Board()
	}
	if !differ {
		t.Error("seeds 1 to 9 all start alike")
	}
}

func TestScoreAndTurn(t *testing.T) {
	start, _ := engine.Parse("2 2 4 4 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2")
	g := engine.NewGameFrom(start, 7)
	turn, ok := g.Move(engine.Left)
	if !ok {
		t.Fatal("Move(Left) was refused")
	}
	if turn.Points != 4+8 || g.Score() != 12 {
		t.Errorf("Move(Left) scored %d, game score %d; want 12, 12", turn.Points, g.Score())
	}
	moved, _, _ := start.Move(engine.Left)
	if turn.Spawn.Board != g.Board() || moved.Cell(turn.Spawn.Cell) != 0 || turn.Spawn.Board != moved.With(turn.Spawn.Cell, turn.Spawn.Rank) {
		t.Errorf("the spawn %+v is not one new tile on %v", turn.Spawn, moved)
	}
	stuck, _ := engine.Parse("2 4 0 0 / 8 0 0 0 / 0 0 0 0 / 0 0 0 0")
	h := engine.NewGameFrom(stuck, 7)
	if turn, ok := h.Move(engine.Left); ok || h.Board() != stuck || h.MoveCount() != 0 || h.CanUndo() || turn.Points != 0 {
		t.Errorf("Move(Left) on %v was played: %+v", stuck, turn)
	}
}

func TestUndo(t *testing.T) {
	g := engine.NewGame(99)
	start := g.Board()
	var boards []engine.Board
	var scores []int
	for range 50 {
		boards, scores = append(boards, g.Board()), append(scores, g.Score())
		cornerPlay(g, g.MoveCount()+1)
	}
	after := g.Board()
	for i := len(boards) - 1; i >= 0; i-- {
		if !g.Undo() {
			t.Fatalf("Undo refused with %d moves to undo", i+1)
		}
		if g.Board() != boards[i] || g.Score() != scores[i] || g.MoveCount() != i {
			t.Fatalf("after undoing to move %d: %v, score %d, %d moves; want %v, score %d",
				i, g.Board(), g.Score(), g.MoveCount(), boards[i], scores[i])
		}
	}
	if g.Undo() || g.CanUndo() || g.Board() != start {
		t.Fatal("Undo at the start of the game did something")
	}
	// The generator was rewound too: the same moves give the same game.
	cornerPlay(g, 50)
	if g.Board() != after {
		t.Errorf("replaying after undo gives %v; want %v", g.Board(), after)
	}
}

func TestUndoThenSameMoveSameSpawn(t *testing.T) {
	g := engine.NewGame(5)
	cornerPlay(g, 20)
	for _, d := range g.Board().LegalMoves() {
		first, _ := g.Move(d)
		g.Undo()
		again, _ := g.Move(d)
		g.Undo()
		if first != again {
			t.Errorf("Move(%v), undo, Move(%v): spawns %+v then %+v", d, d, first.Spawn, again.Spawn)
		}
	}
}

func TestOverAndWon(t *testing.T) {
	over, _ := engine.Parse("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2")
	if g := engine.NewGameFrom(over, 1); !g.Over() {
		t.Error("a full board with no merge is not over")
	}
	notOver, _ := engine.Parse("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 8 8")
	if g := engine.NewGameFrom(notOver, 1); g.Over() {
		t.Error("a full board with a merge is over")
	}
	almost, _ := engine.Parse("1024 1024 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0")
	g := engine.NewGameFrom(almost, 1)
	if g.Won() {
		t.Error("won before making 2048")
	}
	g.Move(engine.Left)
	if !g.Won() || g.HighestTile() != 2048 {
		t.Errorf("after merging two 1024s: won %v, max tile %d", g.Won(), g.HighestTile())
	}
	if g.Over() {
		t.Error("the game ends at 2048; play should go on")
	}
}

func TestReplay(t *testing.T) {
	g := engine.NewGame(123)
	cornerPlay(g, 300)
	r, err := engine.Replay(g.Seed(), g.Start(), g.Moves())
	if err != nil {
		t.Fatal(err)
	}
	if r.Board() != g.Board() || r.Score() != g.Score() {
		t.Errorf("Replay ends at %v, %d; want %v, %d", r.Board(), r.Score(), g.Board(), g.Score())
	}
	top, _ := engine.Parse("2 4 8 16 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0")
	if _, err := engine.Replay(1, top, []engine.Direction{engine.Up}); err == nil || !strings.Contains(err.Error(), "move 1 (up) changes nothing") {
		t.Errorf("Replay of a move that changes nothing: error %v", err)
	}
	// A custom start equal to the seed's own start still replays as custom.
	c := engine.NewGameFrom(engine.NewGame(8).Board(), 8)
	cornerPlay(c, 30)
	rc, err := engine.Replay(c.Seed(), c.Start(), c.Moves())
	if err != nil || rc.Board() != c.Board() {
		t.Errorf("Replay of a custom start: %v, %v; want %v", rc, err, c.Board())
	}
}
