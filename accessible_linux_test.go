package main

import (
	"path/filepath"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/term2048/2048/tui/playerdata"
)

// TestByEarSignalsSave plays by ear on a terminal, a key at a time, and
// ends the game with the signals of a closed terminal (SIGHUP) and of kill
// (SIGTERM): the game is saved with the move played, exits 0, and the
// terminal has its line editing and echo back.
func TestByEarSignalsSave(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			home := t.TempDir()
			g := startGame(t, home, "-accessible", "-seed", "7", "-depth", "2")
			g.waitFor(t, "Score 0.")
			if raw := g.modes(t); raw.Lflag&(unix.ICANON|unix.ECHO) != 0 {
				t.Fatalf("the game by ear reads lines or echoes (lflag %#x); want single keys", raw.Lflag)
			}
			g.master.WriteString("\x1b[D")
			g.waitFor(t, "Left. New ")
			g.cmd.Process.Signal(sig)
			st := g.wait(t)
			if modes := g.modes(t); modes.Lflag&(unix.ICANON|unix.ECHO) != unix.ICANON|unix.ECHO {
				t.Errorf("after %v the terminal is left without line editing or echo (lflag %#x)", sig, modes.Lflag)
			}
			if ws := st.Sys().(syscall.WaitStatus); ws.Signaled() || st.ExitCode() != 0 {
				t.Fatalf("after %v the game ended with %v; want it to save and exit 0; it wrote:\n%s", sig, st, g.text())
			}
			store := playerdata.Files{StateDir: filepath.Join(home, "state", "2048")}
			if s, err := store.LoadGame(); err != nil || s.Game.MoveCount() != 1 {
				t.Errorf("the game after %v: %v; want it saved with its move", sig, err)
			}
		})
	}
}
