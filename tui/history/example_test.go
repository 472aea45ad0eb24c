package history_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
)

// A game's line is written with encoding/json and read back with Decode,
// which replays it: the history of the game and of 2048 review alike.
func Example() {
	e := engine.NewGame(7)
	by := review.Movers{}
	for _, d := range []engine.Direction{engine.Down, engine.Left, engine.Down, engine.Right} {
		if _, ok := e.Move(d); ok {
			by = append(by, review.ByPlayer)
		}
	}
	by[len(by)-1] = review.ByHint // the player played the AI's hint last
	g := history.FromEngine(e, by)
	g.Hinted = true
	g.Played, g.Ended = 12*time.Second, time.Date(2026, 11, 23, 14, 5, 9, 0, time.UTC)

	line, err := json.Marshal(g)
	if err != nil {
		fmt.Println(err)
		return
	}
	log, _ := history.Read(strings.NewReader(string(line) + "\n"))
	back := log.Games[0]
	ai, _ := back.AIMoves()
	fmt.Printf("%d moves, %d by the AI; score %d; at most by a %v\n", len(back.Moves), ai, back.Score, back.How())
	// Output: 4 moves, 1 by the AI; score 4; at most by a hint
}
