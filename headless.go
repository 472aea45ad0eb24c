package main

import (
	"context"
	"fmt"
	"io"
)

// The headless commands are being written; these stand in for them.

func benchCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "2048 bench: not built yet")
	return 1
}
