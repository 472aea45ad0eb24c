package main

import (
	"context"
	"errors"
	"io"
	"io/fs"

	"github.com/term2048/2048/ai/regularfile"
)

// The commands read their files with package regularfile, which refuses at
// once a path that is not a regular file: a named pipe would block the
// command before it could see ctrl+c, a terminal would wait for a line,
// /dev/zero would never end. What is left here is what only the commands
// need: standard input, and messages that name a path once.

// readStdin reads stdin to its end, or until ctx is done; it reads at most
// limit bytes, and a longer input is an error satisfying
// errors.Is(err, regularfile.ErrTooLarge).
//
// A read of a pipe or of a terminal cannot be interrupted, so the read is
// made by a goroutine of its own: when ctx is done first, readStdin returns
// errInterrupted at once, and the goroutine stays blocked until the input
// ends or the program exits, which for a command is at once.
func readStdin(ctx context.Context, stdin io.Reader, limit int64) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1) // the goroutine never waits to send
	go func() {
		data, err := io.ReadAll(io.LimitReader(stdin, limit+1))
		done <- result{data, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			return nil, &fs.PathError{Op: "read", Path: "standard input", Err: r.err}
		}
		if int64(len(r.data)) > limit {
			return nil, &fs.PathError{Op: "read", Path: "standard input", Err: regularfile.ErrTooLarge}
		}
		return r.data, nil
	case <-ctx.Done():
		return nil, errInterrupted
	}
}

// withoutPath returns the cause of a *fs.PathError, for a message that
// names the path itself: "weights file F: a named pipe, not a regular
// file" rather than "weights file F: open F: a named pipe, …".
func withoutPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
