package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvalFlagErrors checks -eval ntuple without a trained network, with a
// damaged one, and -weights for another evaluator.
func TestEvalFlagErrors(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.weights")
	if err := os.WriteFile(garbage, []byte("not a network\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	board := "2 2 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0"
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"hint", "-eval", "ntuple", "-weights", filepath.Join(dir, "none.weights"), board}, 1, "2048 train -time 1h"},
		{[]string{"hint", "-eval", "ntuple", "-weights", garbage, board}, 1, "not a weights file"},
		{[]string{"hint", "-weights", garbage, board}, 2, "only -eval ntuple reads weights"},
		{[]string{"sim", "-eval", "ntuple", "-weights", garbage, "-games", "1"}, 1, "not a weights file"},
		{[]string{"bench", "-eval", "ntuple", "-weights", garbage}, 1, "not a weights file"},
		{[]string{"hint", "-eval", "nn", board}, 2, "or ntuple"},
	} {
		status, _, stderr := runCommand(context.Background(), c.args...)
		if status != c.status || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: status %d, stderr %q; want %d and %q", c.args, status, stderr, c.status, c.want)
		}
	}
}
