package accessible

import (
	"io"
	"strings"
)

// A printer writes the lines said to the player, in order, on a goroutine
// of its own: the program's Update hands them over and goes on, and only
// the printer waits for a slow terminal. Its goroutine ends with close.
type printer struct {
	lines chan []string
	done  chan struct{}
	err   error // the first write that failed; read after close
}

// newPrinter starts a printer on out, which ends each line with eol:
// "\r\n" on a terminal in raw mode, whose newline only moves down.
func newPrinter(out io.Writer, eol string) *printer {
	p := &printer{lines: make(chan []string, 64), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		for lines := range p.lines {
			if p.err != nil {
				continue
			}
			_, p.err = io.WriteString(out, strings.Join(lines, eol)+eol)
		}
	}()
	return p
}

// say writes lines, after those said before.
func (p *printer) say(lines ...string) {
	if len(lines) > 0 {
		p.lines <- lines
	}
}

// close waits until every line said is written, and ends the printer. It
// returns the error of the first write that failed.
func (p *printer) close() error {
	close(p.lines)
	<-p.done
	return p.err
}
