package accessible_test

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/term2048/2048/tui/accessible"
)

// openPTY opens a pseudo-terminal of 80×24 and returns its two ends: the
// test reads what the game says on tty from master, and types into it.
func openPTY(t *testing.T) (master, tty *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	fd := int(master.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatalf("unlocking the terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatalf("numbering the terminal: %v", err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tty.Close() })
	unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: 80})
	return master, tty
}

// TestTerminal plays by ear on a terminal: it is in raw mode while the
// game runs (a key acts without enter), the lines end in "\r\n" and hold
// no terminal sequence, and the terminal has its mode back at the end.
func TestTerminal(t *testing.T) {
	master, tty := openPTY(t)
	before, err := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 1024)
	go func() {
		defer close(lines)
		r := bufio.NewReader(master)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			lines <- line
		}
	}()
	var said strings.Builder
	until := func(prefix string) {
		t.Helper()
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatalf("the terminal closed before a line that begins with %q; it said:\n%s", prefix, said.String())
				}
				said.WriteString(line)
				if strings.HasPrefix(line, prefix) {
					return
				}
			case <-time.After(silence):
				t.Fatalf("the game said nothing for %v; it said before:\n%s", silence, said.String())
			}
		}
	}
	done := make(chan error, 1)
	go func() { done <- accessible.Run(t.Context(), testConfig(t), tty, tty) }()
	until("Score ")
	during, err := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	if during.Lflag&(unix.ICANON|unix.ECHO) != 0 {
		t.Errorf("the terminal reads lines or echoes during the game (lflag %#x)", during.Lflag)
	}
	master.WriteString("b")
	until("After 0 moves:")
	master.WriteString("\x03") // ctrl+c, a key in raw mode
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	after, err := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	if *after != *before {
		t.Errorf("the terminal's mode after the game is %+v; want it as before, %+v", *after, *before)
	}
	out := said.String()
	if strings.Contains(out, "\x1b") || strings.Count(out, "\r\n") != strings.Count(out, "\n") {
		t.Errorf("the game wrote a terminal sequence, or a line not ended by \\r\\n:\n%q", out)
	}
}
