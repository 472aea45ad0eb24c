package sim_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/term2048/2048/ai/sim"
)

// Write the games of a run as 2048 sim -json prints them, then read them
// back, as sim -merge and 2048 review do.
func ExampleDocument() {
	run := sim.Config{Player: sim.Player{Kind: sim.Greedy}, Games: 2, Seed: 1, Workers: 1}
	outcome, err := sim.Run(context.Background(), run, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var b bytes.Buffer
	if _, err := (sim.Document{Runs: []sim.Outcome{outcome}}).WriteTo(&b); err != nil {
		fmt.Println(err)
		return
	}
	lines := strings.Split(b.String(), "\n")
	fmt.Println(lines[1]) // the configuration, on one line; each game has one too

	var doc sim.Document
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		fmt.Println(err)
		return
	}
	back := doc.Runs[0]
	fmt.Printf("%d games of %v, mean score %.1f\n", len(back.Games), back.Config.Player, back.Summary().MeanScore)
	// Output:
	//  "config": {"player":"greedy","label":"greedy","eval":"nneonneo","depth":1,"seed":1,"games":2,"workers":1},
	// 2 games of greedy, mean score 2912.0
}
