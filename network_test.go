package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/term2048/2048/tui/settings"
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

// TestOpenEvaluatorFromPreferences: the game opens the evaluator its
// preferences name unless a flag names one; a preferred network that
// cannot be read leaves the default evaluator and a problem on screen,
// not a refusal to start.
func TestOpenEvaluatorFromPreferences(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none.weights")
	for _, c := range []struct {
		name          string
		eval, weights string // the preferences'
		flagName      string // -eval, when fromFlags
		fromFlags     bool
		wantName      string // the evaluator shown in the game
		wantProblem   string // in the problems, "" for none
		wantErr       string
	}{
		{"preferred heuristic", "snake", "", "", false, "snake", "", ""},
		{"default", "nneonneo", "", "", false, "nneonneo", "", ""},
		{"preferred network missing", "ntuple", missing, "", false, "nneonneo", "2048 train -time 1h", ""},
		{"flag wins", "ntuple", missing, "matrix", true, "matrix", "", ""},
		{"flag network reads the preferred file", "ntuple", missing, "ntuple", true, "", "", missing},
	} {
		t.Run(c.name, func(t *testing.T) {
			cf := newCommandFlags("play", "", "", io.Discard, io.Discard)
			flags := cf.evalFlags()
			if c.fromFlags {
				flags.name = c.flagName
			}
			prefs := &settings.Prefs{Eval: c.eval, Weights: c.weights}
			eval, err := openEvaluator(flags, prefs, "config.toml", c.fromFlags)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error %v; want one naming %s", err, c.wantErr)
				}
				return
			}
			if err != nil || eval == nil {
				t.Fatalf("openEvaluator: %v, %v", eval, err)
			}
			if flags.name != c.wantName {
				t.Errorf("the game shows evaluator %q; want %q", flags.name, c.wantName)
			}
			problems := strings.Join(prefs.Problems, "\n")
			if (c.wantProblem == "") != (problems == "") || !strings.Contains(problems, c.wantProblem) {
				t.Errorf("problems %q; want %q", problems, c.wantProblem)
			}
		})
	}
}
