package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/term2048/2048/ai/ntuple"
)

// TestQuitSignalCheckpointsTraining sends SIGQUIT (kill -QUIT, or ctrl+\
// on the terminal) to a training: like ctrl+c and SIGTERM, it must stop
// the training with its checkpoint written and exit as interrupted, where
// Go's own handler would end it at once with the training since the last
// checkpoint lost.
func TestQuitSignalCheckpointsTraining(t *testing.T) {
	home := t.TempDir()
	g := startGame(t, home, "train", "-time", "1h", "-threads", "1", "-eval-every", "0", "-coherence", "0")
	g.waitFor(t, "moves/s") // the first progress: games have been played
	g.cmd.Process.Signal(syscall.SIGQUIT)
	st := g.wait(t)
	screen := g.text()
	if st.ExitCode() != 130 || !strings.Contains(screen, "checkpoint") {
		t.Fatalf("after SIGQUIT the training ended with %v; want a checkpoint and exit 130 (interrupted); it wrote:\n%s", st, screen)
	}
	f, err := os.Open(filepath.Join(home, "data", "2048", "ntuple.weights"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, state, err := ntuple.ReadNetwork(f); err != nil || state.Episodes == 0 {
		t.Errorf("the checkpoint after SIGQUIT: %v, %d games; want the games played", err, state.Episodes)
	}
}
