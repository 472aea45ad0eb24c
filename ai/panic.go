package ai

import (
	"fmt"
	"runtime/debug"
	"sync/atomic"
)

// A PanicError is a panic inside a search (in the evaluator, say), returned
// by Search as its error instead of ending the program: a panic in one of
// the search's goroutines could not be recovered by the caller, and a game
// must be able to say what went wrong and restore the terminal.
type PanicError struct {
	Value any    // the value the search panicked with
	Stack []byte // the stack of the goroutine that panicked
}

// Error says that the search panicked, and with what.
func (e *PanicError) Error() string { return fmt.Sprintf("the search panicked: %v", e.Value) }

// recovered returns the panic value v as a *PanicError, keeping one that
// already is (re-raised from a worker goroutine).
func recovered(v any) *PanicError {
	if e, ok := v.(*PanicError); ok {
		return e
	}
	return &PanicError{Value: v, Stack: debug.Stack()}
}

// catchPanic, deferred in a worker goroutine, keeps the first panic of the
// search in first and stops the other workers, so that the search's own
// goroutine can re-raise it once they are done.
func catchPanic(first *atomic.Pointer[PanicError], stop *atomic.Bool) {
	if v := recover(); v != nil {
		first.CompareAndSwap(nil, recovered(v))
		stop.Store(true)
	}
}
