// Command 2048 is the game 2048 in a terminal, with an AI at your side.
//
// This first version only checks that the engine is built; the game comes
// with the terminal interface.
package main

import (
	"fmt"

	"github.com/term2048/2048/engine"
)

func main() {
	g := engine.NewGame(1)
	fmt.Printf("2048: the engine is ready (a new game: %v); the terminal game is not built yet.\n", g.Board())
}
