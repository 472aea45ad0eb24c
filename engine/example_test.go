package engine_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/term2048/2048/engine"
)

// A board is written as its 16 tile values, row by row; rows may be
// separated by slashes, values by spaces or commas.
func ExampleParse() {
	b, err := engine.Parse("2 0 0 2 / 4 4 0 0 / 0 0 0 0 / 0 0 0 8")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b)
	fmt.Println("empty cells:", b.CountEmpty(), "highest tile:", b.HighestTile())

	_, err = engine.Parse("2 0 0 3 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0")
	fmt.Println(err)
	// Output:
	// 2 0 0 2 / 4 4 0 0 / 0 0 0 0 / 0 0 0 8
	// empty cells: 11 highest tile: 8
	// board "2 0 0 3 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0": row 1, column 4: 3 is not a tile value: want 0 or a power of two from 2 to 32768
}

// Move slides and merges the tiles but spawns none; a move that changes
// nothing reports moved == false.
func ExampleBoard_Move() {
	b, _ := engine.Parse("2 0 0 2 / 4 4 0 0 / 0 0 0 0 / 0 0 0 8")
	for _, d := range []engine.Direction{engine.Left, engine.Down} {
		next, points, moved := b.Move(d)
		fmt.Printf("%-5v %v  points %d, moved %v\n", d, next, points, moved)
	}
	top, _ := engine.Parse("2 4 8 16 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0")
	_, _, moved := top.Move(engine.Up)
	fmt.Println("up on a full top row moves:", moved)
	// Output:
	// left  4 0 0 0 / 8 0 0 0 / 0 0 0 0 / 8 0 0 0  points 12, moved true
	// down  0 0 0 0 / 0 0 0 0 / 2 0 0 2 / 4 4 0 8  points 0, moved true
	// up on a full top row moves: false
}

// Spawn puts a new tile in an empty cell, drawn from the generator passed
// in: a 2 nine times in ten, otherwise a 4.
func ExampleBoard_Spawn() {
	b, _ := engine.Parse("2 4 8 16 / 32 64 128 256 / 512 1024 2048 4096 / 8192 16384 0 2")
	s, ok := b.Spawn(rand.New(rand.NewPCG(1, 2)))
	fmt.Println(ok, "a", engine.TileValue(s.Rank), "in cell", s.Cell)
	fmt.Println(s.Board)
	// Output:
	// true a 2 in cell 14
	// 2 4 8 16 / 32 64 128 256 / 512 1024 2048 4096 / 8192 16384 2 2
}

// A game is replayed exactly from its seed and its moves: undoing a move and
// playing it again brings the same new tile.
func ExampleGame() {
	g := engine.NewGame(2048)
	fmt.Println("start:", g.Board())
	for _, d := range []engine.Direction{engine.Left, engine.Up, engine.Left} {
		if t, ok := g.Move(d); ok {
			fmt.Printf("%-5v %v  +%d\n", d, g.Board(), t.Points)
		}
	}
	fmt.Println("score", g.Score(), "after", g.MoveCount(), "moves")

	g.Undo()
	fmt.Println("undo: ", g.Board(), " score", g.Score())
	g.Move(engine.Left)
	fmt.Println("left: ", g.Board(), " the same tile again")
	// Output:
	// start: 0 0 0 0 / 0 0 0 2 / 2 0 0 0 / 0 0 0 0
	// left  0 0 0 0 / 2 0 0 0 / 2 0 0 0 / 0 2 0 0  +0
	// up    4 2 0 0 / 0 0 2 0 / 0 0 0 0 / 0 0 0 0  +4
	// left  4 2 0 0 / 2 0 0 0 / 2 0 0 0 / 0 0 0 0  +0
	// score 4 after 3 moves
	// undo:  4 2 0 0 / 0 0 2 0 / 0 0 0 0 / 0 0 0 0  score 4
	// left:  4 2 0 0 / 2 0 0 0 / 2 0 0 0 / 0 0 0 0  the same tile again
}

// A saved game holds its seed and moves, and the board and score they must
// arrive at: a damaged save fails to load rather than load another game.
func ExampleGame_UnmarshalJSON() {
	g := engine.NewGame(7)
	g.Move(engine.Down)
	g.Move(engine.Left)
	data, _ := json.Marshal(g)
	fmt.Println(string(data))

	var loaded engine.Game
	if err := json.Unmarshal(data, &loaded); err == nil {
		fmt.Println("loaded:", loaded.Board(), "score", loaded.Score())
	}
	damaged := strings.Replace(string(data), `"score":4`, `"score":40`, 1)
	fmt.Println(json.Unmarshal([]byte(damaged), &loaded))
	// Output:
	// {"seed":7,"moves":"DL","board":"0 2 0 0 / 0 0 0 0 / 2 0 0 0 / 4 0 0 0","score":4}
	// loaded: 0 2 0 0 / 0 0 0 0 / 2 0 0 0 / 4 0 0 0 score 4
	// decoding game: replay ends at 0 2 0 0 / 0 0 0 0 / 2 0 0 0 / 4 0 0 0, score 4; the record says 0 2 0 0 / 0 0 0 0 / 2 0 0 0 / 4 0 0 0, score 40
}

// A game's transcript replays it: the same seed and moves bring the same
// tiles.
func ExampleTranscript() {
	g := engine.NewGame(7)
	for _, d := range []engine.Direction{engine.Left, engine.Down, engine.Right} {
		g.Move(d)
	}
	t := g.Transcript()
	again, err := t.Replay()
	if err != nil {
		panic(err)
	}
	fmt.Println(len(t.Moves), again.Board() == g.Board(), again.Score() == g.Score())
	// Output: 3 true true
}
