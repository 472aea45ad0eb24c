package main

import (
	"context"
	"fmt"
	"io"
	"os"
)

// playCommand opens the game in the terminal.
func playCommand(ctx context.Context, args []string, stdin *os.File, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "2048: the terminal game is not built yet")
	return 1
}
