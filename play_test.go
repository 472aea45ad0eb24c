package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runPlay runs the game's command line with stdin and returns its status
// and what it wrote to stderr. Nothing must reach stdout, the screen.
func runPlay(t *testing.T, stdin *os.File, args ...string) (int, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	status := run(context.Background(), args, stdin, &out, &errOut)
	if out.Len() > 0 {
		t.Errorf("2048 %s wrote to stdout: %q", strings.Join(args, " "), out.String())
	}
	return status, errOut.String()
}

// notATerminal returns a file to stand for a redirected stdin.
func notATerminal(t *testing.T) *os.File {
	t.Helper()
	f, err := os.Create(filepath.Join(t.TempDir(), "stdin"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func TestPlayFlagErrors(t *testing.T) {
	stdin := notATerminal(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-depth", "13"}, "from 1 to 12"},
		{[]string{"-depth", "0"}, "from 1 to 12"},
		{[]string{"-depth", "deep"}, "from 1 to 12, or auto"},
		{[]string{"-theme", "neon"}, "-theme"},
		{[]string{"-color", "65536"}, "-color"},
		{[]string{"-speed", "-1s"}, "want a duration of 0 or more"},
		{[]string{"-speed", "fast"}, "-speed"},
		{[]string{"-seed", "-1"}, "-seed"},
		{[]string{"-frobnicate"}, "-frobnicate"},
		{[]string{"play"}, `unknown command "play"`},
	} {
		status, stderr := runPlay(t, stdin, tc.args...)
		if status != 2 {
			t.Errorf("2048 %s: status %d, want 2", strings.Join(tc.args, " "), status)
		}
		if !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "Usage:") {
			t.Errorf("2048 %s: stderr %q, want %q and the usage", strings.Join(tc.args, " "), stderr, tc.want)
		}
	}
}

func TestPlayHelp(t *testing.T) {
	status, stderr := runPlay(t, notATerminal(t), "-h")
	if status != 0 {
		t.Errorf("2048 -h: status %d, want 0", status)
	}
	for _, want := range []string{"2048 hint", "2048 sim", "2048 bench", "-depth", "-theme", "-color", "-autoplay", "-speed", "-new", "-seed"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("2048 -h does not mention %s:\n%s", want, stderr)
		}
	}
}

func TestPlayNeedsTerminal(t *testing.T) {
	// A save directory the game must not touch: without a terminal it
	// stops before opening the store.
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "data"))
	status, stderr := runPlay(t, notATerminal(t), "-depth", "5", "-theme", "dark")
	if status != 1 {
		t.Errorf("status %d, want 1", status)
	}
	if !strings.Contains(stderr, "needs a terminal") {
		t.Errorf("stderr %q, want it to say the game needs a terminal", stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("the game wrote to %s without a terminal", dir)
	}
}
