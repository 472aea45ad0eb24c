package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
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

// noSaves points the game's directories to an empty temporary one and
// returns it, for the test to check that nothing was written there.
func noSaves(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	t.Setenv("ACCESSIBLE", "") // the game by ear plays without a terminal
	return dir
}

func TestPlayFlagErrors(t *testing.T) {
	stdin := notATerminal(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-depth", "15"}, "from 1 to 14"},
		{[]string{"-depth", "0"}, "from 1 to 14"},
		{[]string{"-depth", "deep"}, "from 1 to 14, or auto"},
		{[]string{"-theme", "neon"}, "-theme"},
		{[]string{"-color", "65536"}, "-color"},
		{[]string{"-speed", "-1s"}, "want a duration of 0 or more"},
		{[]string{"-speed", "fast"}, "-speed"},
		{[]string{"-seed", "-1"}, "-seed"},
		{[]string{"-frobnicate"}, "-frobnicate"},
		{[]string{"-board", "2 4 8"}, "-board"},
		{[]string{"-daily", "-seed", "7"}, "-daily: the challenge has its own seed"},
		{[]string{"-board", "0 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0"}, "-board: an empty board"},
		{[]string{"-board", "2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2"}, "-board: no move changes"},
		{[]string{"-race-ai=1"}, "want a depth from 2 to 9 plies"},
		{[]string{"-race-ai=deep"}, "want a depth from 2 to 9 plies"},
		{[]string{"-race-ai", "-seed", "7"}, "-race-ai: the race has its own seed"},
		{[]string{"-race-ai=4", "-daily"}, "-race-ai: the race has its own seed"},
		{[]string{"play"}, `unknown command "play"`},
		{[]string{"help", "play"}, `unknown command "play"`},
	} {
		status, stderr := runPlay(t, stdin, tc.args...)
		if status != 2 {
			t.Errorf("2048 %s: status %d, want 2", strings.Join(tc.args, " "), status)
		}
		// The error, then a short usage: the synopsis and where to find more.
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		if !strings.Contains(lines[0], tc.want) || !strings.HasPrefix(lines[1], "usage: 2048 [") ||
			lines[len(lines)-1] != "Run '2048 -h' for help." || len(lines) > 4 {
			t.Errorf("2048 %s: stderr\n%s\nwant %q, then a usage of two or three lines ending with 2048 -h", strings.Join(tc.args, " "), stderr, tc.want)
		}
	}
}

func TestPlayHelp(t *testing.T) {
	// The help asked for goes to stdout, for a pager: 2048 help | less.
	for _, args := range [][]string{{"-h"}, {"--help"}, {"help"}} {
		var out, errOut bytes.Buffer
		status := run(context.Background(), args, notATerminal(t), &out, &errOut)
		if status != 0 || errOut.Len() > 0 {
			t.Errorf("2048 %s: status %d, stderr %q; want 0 and nothing", args[0], status, errOut.String())
		}
		for _, want := range []string{"2048 hint", "2048 sim", "2048 bench", "2048 help", "--version", "-depth", "-theme", "-color", "-autoplay", "-speed", "-new", "-seed"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("2048 %s does not mention %s:\n%s", args[0], want, out.String())
			}
		}
	}
	// "help COMMAND" is the command's help.
	for _, name := range []string{"hint", "sim", "bench"} {
		status, stdout, stderr := runCommand(context.Background(), "help", name)
		if status != 0 || stderr != "" || !strings.HasPrefix(stdout, "usage: 2048 "+name) || !strings.Contains(stdout, "flags:") {
			t.Errorf("2048 help %s: status %d, stdout %q, stderr %q; want 0 and the help of %s on stdout", name, status, stdout, stderr, name)
		}
	}
}

// TestDepthUsage checks that the game's -depth reads as the headless
// commands' does: one range of depths everywhere.
func TestDepthUsage(t *testing.T) {
	usage := func(args ...string) string {
		_, help, _ := runCommand(context.Background(), args...)
		i := strings.Index(help, "  -depth N\n")
		if i < 0 {
			t.Fatalf("2048 %s: no -depth in\n%s", strings.Join(args, " "), help)
		}
		line, _, _ := strings.Cut(help[i+len("  -depth N\n"):], "\n  -")
		return strings.Join(strings.Fields(line), " ")
	}
	game, hint := usage("-h"), usage("hint", "-h")
	if want := fmt.Sprintf("1 to %d", ai.MaxDepth); game != hint || !strings.Contains(game, want) {
		t.Errorf("the game's -depth reads\n%s\nthe headless commands'\n%s\nwant them alike, from %s", game, hint, want)
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"-version"}} {
		var out, errOut bytes.Buffer
		status := run(context.Background(), args, nil, &out, &errOut)
		want := regexp.MustCompile(`^2048 \S+.* \(go1\.[^,]+, ` + runtime.GOOS + "/" + runtime.GOARCH + `\)\n$`)
		if status != 0 || !want.MatchString(out.String()) || errOut.Len() > 0 {
			t.Errorf("2048 %s: status %d, stdout %q, stderr %q; want 0 and a line like %v", args[0], status, out.String(), errOut.String(), want)
		}
	}
}

func TestFormatVersion(t *testing.T) {
	tail := " (" + runtime.Version() + ", " + runtime.GOOS + "/" + runtime.GOARCH + ")"
	setting := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	const rev = "0123456789abcdef0123456789abcdef01234567"
	for _, c := range []struct {
		info *debug.BuildInfo
		want string
	}{
		{nil, "2048 (unknown)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, "2048 v1.2.0"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: setting("vcs.revision", rev, "vcs.time", "2026-11-22T10:00:00Z", "vcs.modified", "true")},
			"2048 (devel), commit 0123456789ab of 2026-11-22T10:00:00Z with local changes"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261122100000-0123456789ab"},
			Settings: setting("vcs.revision", rev, "vcs.time", "2026-11-22T10:00:00Z")},
			"2048 v0.0.0-20261122100000-0123456789ab"},
	} {
		if got := formatVersion(c.info, c.info != nil); got != c.want+tail {
			t.Errorf("formatVersion(%+v) = %q; want %q", c.info, got, c.want+tail)
		}
	}
}

func TestPlayNeedsTerminal(t *testing.T) {
	// Without a terminal the game stops before opening its files.
	dir := noSaves(t)
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

// TestPlayNeedsATerminalToDrawOn runs the game with its keys from a
// terminal but its output redirected, to a file or to a pipe, and with
// TERM=dumb: each time it says why it cannot play and exits 1 without
// touching its files. (Were it to start the game, the timeout would end it
// with status 0.)
func TestPlayNeedsATerminalToDrawOn(t *testing.T) {
	tty := openTerminal(t)
	file := notATerminal(t)
	pipeRead, pipeWrite, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pipeRead.Close()
	defer pipeWrite.Close()
	for _, c := range []struct {
		name   string
		stdout *os.File
		term   string
		want   string
	}{
		{"file", file, "xterm-256color", "standard output is not one"},
		{"pipe", pipeWrite, "xterm-256color", "standard output is not one"},
		{"dumb", tty, "dumb", "TERM=dumb"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := noSaves(t)
			t.Setenv("TERM", c.term)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			var errOut bytes.Buffer
			status := run(ctx, nil, tty, c.stdout, &errOut)
			if status != 1 || !strings.Contains(errOut.String(), c.want) {
				t.Errorf("status %d, stderr %q; want 1 and %q", status, errOut.String(), c.want)
			}
			if entries, _ := os.ReadDir(dir); len(entries) > 0 {
				t.Errorf("the game wrote to %s", dir)
			}
		})
	}
}

// TestRaceAIFlag: -race-ai alone races an AI like the player; with a
// depth, the AI at that depth; =false none.
func TestRaceAIFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		now  bool
		code string
	}{{nil, false, ""}, {[]string{"-race-ai"}, true, ""}, {[]string{"-race-ai=4"}, true, "4"}, {[]string{"-race-ai=false"}, false, ""}, {[]string{"-race-ai=true"}, true, ""}} {
		fs := newCommandFlags("2048", playSynopsis, playAbout, io.Discard, io.Discard)
		f := definePlayFlags(fs)
		if err := fs.parse(c.args); err != nil {
			t.Fatalf("2048 %v: %v", c.args, err)
		}
		cfg, err := f.config(fs)
		if err != nil || cfg.RaceNow != c.now || cfg.RaceCode != c.code {
			t.Errorf("2048 %v: RaceNow %v, RaceCode %q, %v; want %v, %q", c.args, cfg.RaceNow, cfg.RaceCode, err, c.now, c.code)
		}
	}
}

// TestPracticeByEar: 2048 practice -accessible opens the game by ear on
// its practice, as 2048 practice opens the screen on it.
func TestPracticeByEar(t *testing.T) {
	noSaves(t)
	stdin := notATerminal(t)
	if _, err := stdin.WriteString("q"); err != nil { // leaves the practice; the input's end then quits
		t.Fatal(err)
	}
	if _, err := stdin.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if status := run(context.Background(), []string{"practice", "-accessible", "-seed", "4"}, stdin, &out, &errOut); status != 0 {
		t.Fatalf("2048 practice -accessible: status %d, stderr %q", status, errOut.String())
	}
	if said := out.String(); !strings.Contains(said, "The practice: puzzles from your games.") || !strings.Contains(said, "Back to your game.") {
		t.Errorf("2048 practice -accessible said:\n%s\nwant the practice, then the game", said)
	}
}
