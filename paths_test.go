package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/tui/settings"
)

// runOn runs the command line args in-process, as main does, with stdin,
// and stdout if not nil, and returns its status and what it wrote (to
// stdout if stdout is nil). It has no time limit of its own, which the load
// of the machine would make wrong some day: a command that blocks (in the
// opening of a named pipe, say) or reads for ever hangs the test, which go
// test's -timeout reports with the stack of every goroutine, the command's
// included.
func runOn(stdin, stdout *os.File, args ...string) (status int, output, stderr string) {
	var out, errOut bytes.Buffer
	var w io.Writer = &out
	if stdout != nil {
		w = stdout
	}
	status = run(context.Background(), args, stdin, w, &errOut)
	return status, out.String(), errOut.String()
}

// A pathCase is something other than a readable regular file at a path:
// make makes it in dir, named base if it makes a file, and returns the
// path to give.
type pathCase struct {
	name string
	make func(t *testing.T, dir, base string) string
}

// A pathUse is a command line that takes a path, at "PATH" in args.
type pathUse struct {
	name   string
	args   []string
	output bool   // the path is written: a missing file is created, not refused
	ext    string // the path must end with it, as -plot's must
	game   bool   // the game's own command line, run on a terminal
}

// pathCasesEverywhere are the bad paths every system can make: a
// directory, and for a file read, one that is not there; for a file
// written, one in a directory that is not there.
func pathCasesEverywhere(output bool) []pathCase {
	if output {
		return []pathCase{
			{"directory", func(t *testing.T, dir, base string) string { return mkdir(t, dir, base) }},
			{"no directory", func(t *testing.T, dir, base string) string { return filepath.Join(dir, "none", base) }},
		}
	}
	return []pathCase{
		{"directory", func(t *testing.T, dir, base string) string { return mkdir(t, dir, base) }},
		{"missing", func(t *testing.T, dir, base string) string { return filepath.Join(dir, base) }},
	}
}

// mkdir makes the directory base in dir and returns its path.
func mkdir(t *testing.T, dir, base string) string {
	path := filepath.Join(dir, base)
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPathsRefused gives every path-taking flag, argument and setting of
// every command each kind of path that is not a readable regular file (a
// directory, a named pipe, a device, a loop of links): each command must
// return, with a non-zero status and a message naming the path, rather
// than block or read forever.
func TestPathsRefused(t *testing.T) {
	shard := simOutputFile(t, "sim", "-player", "random", "-games", "2", "-seed", "3", "-json")
	board := "2 2 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0"
	uses := []pathUse{
		{name: "hint -weights", args: []string{"hint", "-eval", "ntuple", "-weights", "PATH", board}},
		{name: "sim -weights", args: []string{"sim", "-eval", "ntuple", "-weights", "PATH", "-games", "1"}},
		{name: "bench -weights", args: []string{"bench", "-eval", "ntuple", "-weights", "PATH"}},
		{name: "review FILE", args: []string{"review", "-depth", "1", "PATH"}},
		{name: "sim -merge FILE", args: []string{"sim", "-merge", shard, "PATH"}},
		{name: "sim -csv", args: []string{"sim", "-player", "random", "-games", "1", "-csv", "PATH"}, output: true},
		{name: "sim -plot", args: []string{"sim", "-player", "random", "-games", "1", "-plot", "PATH"}, output: true, ext: ".png"},
		{name: "sim -merge -csv", args: []string{"sim", "-merge", "-csv", "PATH", shard}, output: true},
		{name: "sim -merge -plot", args: []string{"sim", "-merge", "-plot", "PATH", shard}, output: true, ext: ".svg"},
		{name: "2048 -weights", args: []string{"-eval", "ntuple", "-weights", "PATH"}, game: true},
		{name: "config.toml weights with -eval ntuple", args: []string{"-eval", "ntuple", "CONFIG"}, game: true},
	}
	for _, use := range uses {
		cases := append(pathCasesEverywhere(use.output), unixOnlyPathCases...)
		for _, c := range cases {
			t.Run(use.name+"/"+c.name, func(t *testing.T) {
				dir := t.TempDir()
				path := c.make(t, dir, "file"+use.ext)
				if !strings.HasSuffix(path, use.ext) { // a device: -plot takes a link to it
					link := filepath.Join(dir, "link"+use.ext)
					if err := os.Symlink(path, link); err != nil {
						t.Skip("no symbolic link here:", err)
					}
					path = link
				}
				var stdin, stdout *os.File
				if use.game {
					noSaves(t)
					t.Setenv("TERM", "xterm-256color")
					stdin = openTerminal(t)
					stdout = stdin
				}
				args := make([]string, 0, len(use.args))
				for _, a := range use.args {
					switch a {
					case "PATH":
						args = append(args, path)
					case "CONFIG": // the path is in the preferences, not on the command line
						writeConfig(t, "eval = \"ntuple\"\nweights = '"+path+"'\n")
					default:
						args = append(args, a)
					}
				}
				status, _, stderr := runOn(stdin, stdout, args...)
				if status == 0 || status == 130 || !strings.Contains(stderr, path) {
					t.Errorf("2048 %q: status %d, stderr %q; want a failure naming %s", args, status, stderr, path)
				}
			})
		}
	}
}

// writeConfig writes the preferences of the game, in the configuration
// directory noSaves made.
func writeConfig(t *testing.T, text string) {
	t.Helper()
	dir := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "2048")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// simOutputFile runs sim with args and returns a file holding what it
// printed.
func simOutputFile(t *testing.T, args ...string) string {
	t.Helper()
	status, stdout, stderr := runCommand(context.Background(), args...)
	if status != 0 {
		t.Fatalf("2048 %q: status %d, stderr %q", args, status, stderr)
	}
	return writeTemp(t, "sim.json", stdout)
}

// TestPreferredWeightsRefused gives the weights setting of config.toml
// each kind of bad path, without -eval: the game opens with the default
// evaluator, and a problem on screen names the path.
func TestPreferredWeightsRefused(t *testing.T) {
	for _, c := range append(pathCasesEverywhere(false), unixOnlyPathCases...) {
		t.Run(c.name, func(t *testing.T) {
			path := c.make(t, t.TempDir(), "ntuple.weights")
			cf := newCommandFlags("2048", "", "", io.Discard, io.Discard)
			flags := cf.evalFlags()
			prefs := &settings.Prefs{Eval: ntupleEval, Weights: path}
			_, err := openEvaluator(flags, prefs, "config.toml", false) // one that blocks hangs the test: see runOn
			problems := strings.Join(prefs.Problems, "\n")
			if err != nil || flags.name != ai.Evaluators()[0].Name || !strings.Contains(problems, path) {
				t.Errorf("openEvaluator: %v, the game shows %q, problems %q; want the default evaluator and a problem naming %s",
					err, flags.name, problems, path)
			}
		})
	}
}
