//go:build serve

package serve

import (
	"bytes"
	"testing"
	"testing/synctest"
	"time"
)

// TestScreenLineFeeds checks that a lone line feed gets a carriage return
// before it, one after a carriage return does not, even across writes.
func TestScreenLineFeeds(t *testing.T) {
	var b bytes.Buffer
	s := newScreen(&b)
	for _, w := range []string{"a\nb\r\nc\r", "\nd\n\n"} {
		if n, err := s.Write([]byte(w)); n != len(w) || err != nil {
			t.Fatalf("Write(%q) = %d, %v; want %d, nil", w, n, err, len(w))
		}
	}
	if got, want := b.String(), "a\r\nb\r\nc\r\nd\r\n\r\n"; got != want {
		t.Errorf("written %q; want %q", got, want)
	}
}

// blockingWriter is a client that takes no output: its writes wait until
// release is closed.
type blockingWriter struct{ release chan struct{} }

// Write waits for release, then takes p.
func (w blockingWriter) Write(p []byte) (int, error) {
	<-w.release
	return len(p), nil
}

// TestScreenStalled checks that a write the client does not take is seen
// to wait, for as long as it waits, and that none is once it is taken. It
// runs in a synctest bubble, whose clock stands still while a goroutine
// runs: once the write waits for the client (synctest.Wait), an hour from
// now is an hour of waiting.
func TestScreenStalled(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w := blockingWriter{make(chan struct{})}
		s := newScreen(w)
		if d := s.stalled(time.Now()); d != 0 {
			t.Fatalf("stalled before any write: %v", d)
		}
		written := make(chan struct{})
		go func() { s.Write([]byte("frame")); close(written) }()
		synctest.Wait() // the write waits for the client
		if d := s.stalled(time.Now().Add(time.Hour)); d != time.Hour {
			t.Errorf("an hour after a write that waits: stalled %v", d)
		}
		close(w.release)
		<-written
		if d := s.stalled(time.Now()); d != 0 {
			t.Errorf("stalled after the write was taken: %v", d)
		}
	})
}
