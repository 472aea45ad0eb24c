package review

import (
	"context"
	"sync"

	"github.com/term2048/2048/ai"
)

// A Stream is a review running in the background, for a screen that shows
// the moves as they are reviewed: Next hands over the reviewed moves in
// batches, in the order of the game, and Result the review once it has
// ended. Cancelling the context given to Start stops it within
// microseconds.
//
// The review keeps no reference to anything of the caller's: it works on a
// copy of the game, and what it finds waits in the Stream until asked for.
// So a screen that goes away only cancels the context; nothing is written
// to it afterwards, and the review's goroutines end even if the Stream is
// never read again.
//
// Next and Result may be called from any goroutine, but Next by one at a
// time: each reviewed move is handed over once.
type Stream struct {
	mu      sync.Mutex
	pending []Move        // reviewed, not yet handed over by Next
	wake    chan struct{} // a token when pending grows or the review ends
	ended   chan struct{} // closed when the review has ended
	review  *Review
	err     error
}

// Start begins to review g in the background and returns at once (see
// Run; Options.OnMove is not called). A game that does not replay ends the
// review at once with Run's error. A panic of the review ends it too, with
// an *ai.PanicError, rather than the program: a game must be able to say
// what went wrong and restore the terminal.
func Start(ctx context.Context, g Game, o Options) *Stream {
	g.Moves = append(g.Moves[:0:0], g.Moves...)
	g.By = append(g.By[:0:0], g.By...)
	o.Known = append(o.Known[:0:0], o.Known...)
	s := &Stream{wake: make(chan struct{}, 1), ended: make(chan struct{})}
	o.OnMove = func(m Move) {
		s.mu.Lock()
		s.pending = append(s.pending, m)
		s.mu.Unlock()
		s.signal()
	}
	go func() {
		rev, err := runRecovered(ctx, g, o)
		s.mu.Lock()
		s.review, s.err = rev, err
		s.mu.Unlock()
		close(s.ended)
		s.signal()
	}()
	return s
}

// runRecovered is Run, but a panic in it is returned as an *ai.PanicError
// with no review.
func runRecovered(ctx context.Context, g Game, o Options) (rev *Review, err error) {
	defer func() {
		if v := recover(); v != nil {
			rev, err = nil, ai.NewPanicError(v)
		}
	}()
	return Run(ctx, g, o)
}

// signal leaves a token for a waiting Next, unless one is already there.
func (s *Stream) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Next waits until moves have been reviewed that Next has not handed over
// yet, and returns them, first to last. It returns nil once the review has
// ended and every move has been handed over.
func (s *Stream) Next() []Move {
	for {
		s.mu.Lock()
		batch := s.pending
		s.pending = nil
		s.mu.Unlock()
		if len(batch) > 0 {
			return batch
		}
		select {
		case <-s.ended:
			s.mu.Lock()
			defer s.mu.Unlock()
			batch, s.pending = s.pending, nil
			return batch // nil unless the last moves came with the end
		case <-s.wake:
		}
	}
}

// Result waits until the review has ended and returns it as Run does: the
// moves reviewed (all of them, or the first ones if ctx was cancelled) and
// the error that stopped it, if any. A review that panicked returns no
// review and an *ai.PanicError.
func (s *Stream) Result() (*Review, error) {
	<-s.ended
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.review, s.err
}
