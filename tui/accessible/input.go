package accessible

import (
	"fmt"
	"io"
	"os"
	"sync"

	"golang.org/x/term"
)

// isTerminal reports whether f is a terminal.
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && term.IsTerminal(int(file.Fd()))
}

// rawMode puts the terminal in in raw mode, so that each key comes as it
// is pressed, unechoed, and returns the function that gives the terminal
// its mode back.
func rawMode(in *os.File) (restore func(), err error) {
	state, err := term.MakeRaw(int(in.Fd()))
	if err != nil {
		return nil, fmt.Errorf("setting the terminal to read single keys: %w", err)
	}
	return func() { _ = term.Restore(int(in.Fd()), state) }, nil
}

// An endReader reads r and calls ended, once, when r comes to its end: a
// script whose keys have all been read has nothing more to say.
//
// The end is told after the keys read before it: Bubble Tea parses the
// bytes read on a goroutine of its own, and takes the next bytes read only
// once it has sent the keys of the last. So the end of r is first read as
// no bytes, which it takes in turn, and only the read after says it.
type endReader struct {
	r     io.Reader
	ended func()
	atEnd bool // r has ended; the next read tells it
	once  sync.Once
}

// Read reads r.
func (e *endReader) Read(p []byte) (int, error) {
	if e.atEnd {
		e.once.Do(e.ended)
		return 0, io.EOF
	}
	n, err := e.r.Read(p)
	if err == io.EOF {
		e.atEnd = true
		return n, nil
	}
	return n, err
}
