package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// keysFile returns a file holding keys, to stand for a script's input.
func keysFile(t *testing.T, keys string) *os.File {
	t.Helper()
	f := notATerminal(t)
	if _, err := f.WriteString(keys); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestPlayByEar: -accessible, or ACCESSIBLE set to a true value, plays
// the game by ear from keys that are no terminal's; -accessible=false
// overrides the environment, and the game then needs its terminal.
func TestPlayByEar(t *testing.T) {
	for _, c := range []struct {
		name, env string
		args      []string
		byEar     bool
	}{
		{"flag", "", []string{"-accessible"}, true},
		{"environment", "1", nil, true},
		{"environment true", "true", nil, true},
		{"environment false", "0", nil, false},
		{"flag overrides", "1", []string{"-accessible=false"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			noSaves(t)
			t.Setenv("ACCESSIBLE", c.env)
			var out, errOut bytes.Buffer
			status := run(context.Background(), append(c.args, "-seed", "7"), keysFile(t, "\x1b[D"), &out, &errOut)
			switch {
			case c.byEar && (status != 0 || !strings.Contains(out.String(), "\nLeft. New ")):
				t.Errorf("status %d, stdout %q, stderr %q; want the game by ear, and its move left", status, out.String(), errOut.String())
			case !c.byEar && (status != 1 || !strings.Contains(errOut.String(), "needs a terminal")):
				t.Errorf("status %d, stderr %q; want 1 and that the game needs a terminal", status, errOut.String())
			}
		})
	}
}

// TestByEarRefusesRaces: a race is not played by ear.
func TestByEarRefusesRaces(t *testing.T) {
	noSaves(t)
	status, stderr := runPlay(t, keysFile(t, ""), "-accessible", "-race-ai")
	if status == 0 || !strings.Contains(stderr, "races are not played by ear") {
		t.Errorf("status %d, stderr %q; want an error that says races are not played by ear", status, stderr)
	}
}
