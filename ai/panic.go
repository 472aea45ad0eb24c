package ai

import (
	"fmt"
	"runtime/debug"
	"sync/atomic"
)

// A PanicError is a panic inside a search (in the evaluator, say), returned
// by Search as its error instead of ending the program: a panic in one of
// the search's goroutines could not be recovered by the caller, and a game
// must be able to say what went wrong and restore the terminal. The
// packages that run searches on goroutines of their own (review, sim)
// return a panic of those goroutines as one too (see NewPanicError).
type PanicError struct {
	Value any    // the value the goroutine panicked with
	Stack []byte // the stack of the goroutine that panicked
}

// Error says that a panic stopped the work, and with what value.
func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// NewPanicError returns v, a value recovered from a panic, as a *PanicError
// with the stack of the goroutine that panicked: it must be called by the
// function deferred in that goroutine that recovered v. A v that is a
// *PanicError already, re-raised from another goroutine, is returned as it
// is.
func NewPanicError(v any) *PanicError {
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
		first.CompareAndSwap(nil, NewPanicError(v))
		stop.Store(true)
	}
}
