//go:build !serve

package main

import (
	"context"
	"errors"
	"io"
)

// serveCommand says how to build the server: a player's 2048 leaves it
// out, and with it the SSH library, about a megabyte (see docs/serve-reference.md).
func serveCommand(context.Context, []string, io.Reader, io.Writer, io.Writer) error {
	return errors.New("this 2048 was built without the server: build it with " +
		"go install -tags serve github.com/term2048/2048@latest")
}
