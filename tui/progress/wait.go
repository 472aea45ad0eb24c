package progress

import (
	"fmt"
	"io"
	"time"
)

// Wait says on w that label's work, what it does, is under way once it
// has run for after, until done is closed: on a terminal (tty), a line
// redrawn every second with the time so far and taken away at the end;
// elsewhere, one line. Work done within after says nothing. Wait returns
// once done is closed.
func Wait(done <-chan struct{}, w io.Writer, tty bool, label, what string, after time.Duration) {
	start := time.Now()
	wait := time.NewTimer(after)
	defer wait.Stop()
	select {
	case <-done:
		return
	case <-wait.C:
	}
	if !tty {
		fmt.Fprintf(w, "%s: %s, which can take minutes; ctrl+c stops it\n", label, what)
		<-done
		return
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		fmt.Fprintf(w, "\r\x1b[K%s: %s so far (ctrl+c stops it)", what, time.Since(start).Round(time.Second))
		select {
		case <-done:
			fmt.Fprint(w, "\r\x1b[K")
			return
		case <-tick.C:
		}
	}
}
