package main

import (
	"context"
	"errors"
	"flag"
)

// errInterrupted is the error of a command stopped by ctrl+c or another of
// the signals main catches.
var errInterrupted = errors.New("interrupted")

// exitCode returns the exit status of a command that returned err: 0 for
// success and after -h, 2 for a usage error (a bad flag, argument or board),
// 130 after an interruption (128 + SIGINT, as a shell reports it), and 1 for
// any other failure.
func exitCode(err error) int {
	var usage *usageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &usage):
		return 2
	case errors.Is(err, errInterrupted), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return 130
	}
	return 1
}
