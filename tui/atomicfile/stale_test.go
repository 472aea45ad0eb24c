package atomicfile_test

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/tui/atomicfile"
)

// writeEnv names the file a re-executed test binary starts writing, as the
// writer in another process of the tests.
const writeEnv = "ATOMICFILE_TEST_WRITE"

// TestMain makes the test binary, re-executed with writeEnv set, a writer
// at work: it creates the file, writes some of it, says "writing" and waits
// until its standard input closes, then commits; or is killed before.
func TestMain(m *testing.M) {
	if path := os.Getenv(writeEnv); path != "" {
		f, err := atomicfile.Create(path, 0o644)
		if err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		f.Write([]byte("half of it"))
		fmt.Println("writing")
		io.Copy(io.Discard, os.Stdin)
		if err := f.Commit(false); err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// writer starts another process that writes the file at path until its
// standard input closes, and returns it and that pipe.
func writer(t *testing.T, path string) (*exec.Cmd, io.WriteCloser, *bufio.Reader) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), writeEnv+"="+path)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	out := bufio.NewReader(stdout)
	if line, _ := out.ReadString('\n'); line != "writing\n" {
		t.Fatalf("the writer says %q; want writing", line)
	}
	return cmd, stdin, out
}

// age sets the time of last writing of every temporary file in dir to an
// hour ago, older than any age RemoveStale waits for.
func age(t *testing.T, dir string) {
	t.Helper()
	hourAgo := time.Now().Add(-time.Hour)
	for _, name := range temps(t, dir) {
		if err := os.Chtimes(filepath.Join(dir, name), hourAgo, hourAgo); err != nil {
			t.Fatal(err)
		}
	}
}

// all owns every file.
func all(string) bool { return true }

// TestRemoveStaleSparesAWriterAtWork checks that the temporary file of a
// writer at work in another process is kept, however old, and that the
// writer then commits; that of a writer killed is removed.
func TestRemoveStaleSparesAWriterAtWork(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ntuple.weights")
	cmd, stdin, out := writer(t, path)
	age(t, dir)
	if removed, err := atomicfile.RemoveStale(dir, all); err != nil || len(removed) > 0 {
		t.Fatalf("RemoveStale while the other process writes removed %v (%v); want nothing", removed, err)
	}
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		rest, _ := io.ReadAll(out)
		t.Fatalf("the writer failed after RemoveStale: %v, %s", err, rest)
	}
	if got := readFile(t, path); got != "half of it" {
		t.Errorf("the writer's file holds %q; want what it wrote", got)
	}

	cmd, _, _ = writer(t, path)
	cmd.Process.Kill() // SIGKILL: the writer can neither commit nor abort
	cmd.Wait()
	left := temps(t, dir)
	if len(left) != 1 {
		t.Fatalf("the killed writer left %v; want its temporary file", left)
	}
	if removed, err := atomicfile.RemoveStale(dir, all); err != nil || len(removed) > 0 {
		t.Errorf("RemoveStale of a temporary file written a moment ago removed %v (%v); want nothing yet", removed, err)
	}
	age(t, dir)
	removed, err := atomicfile.RemoveStale(dir, all)
	if want := []string{filepath.Join(dir, left[0])}; err != nil || !slices.Equal(removed, want) {
		t.Errorf("RemoveStale after the writer was killed removed %v (%v); want %v", removed, err, want)
	}
	if got := readFile(t, path); got != "half of it" {
		t.Errorf("the file holds %q after RemoveStale; want it untouched", got)
	}
}

// TestRemoveStaleSparesThisProcess checks that a File of this process is
// kept too, and commits.
func TestRemoveStaleSparesThisProcess(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	f, err := atomicfile.Create(path, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	age(t, dir)
	if removed, err := atomicfile.RemoveStale(dir, all); err != nil || len(removed) > 0 {
		t.Fatalf("RemoveStale while a File is open removed %v (%v); want nothing", removed, err)
	}
	if _, err := f.Write([]byte("saved")); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(true); err != nil {
		t.Fatalf("Commit after RemoveStale: %v", err)
	}
	if got := readFile(t, path); got != "saved" {
		t.Errorf("the file holds %q; want saved", got)
	}
}

// TestRemoveStaleOwned checks that RemoveStale looks only at the temporary
// files of the files the caller owns, and at nothing that is not a
// temporary file of this package.
func TestRemoveStaleOwned(t *testing.T) {
	dir := t.TempDir()
	mine, theirs := ".game.json.tmp-123", ".ntuple.weights.tmp-456"
	keep := []string{theirs, "game.json", ".hidden", "notes.tmp-1", "game.json.tmp-789"}
	for _, name := range append([]string{mine}, keep...) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	hourAgo := time.Now().Add(-time.Hour)
	for _, name := range append([]string{mine}, keep...) {
		if err := os.Chtimes(filepath.Join(dir, name), hourAgo, hourAgo); err != nil {
			t.Fatal(err)
		}
	}
	var asked []string
	removed, err := atomicfile.RemoveStale(dir, func(name string) bool {
		asked = append(asked, name)
		return name == "game.json"
	})
	if want := []string{filepath.Join(dir, mine)}; err != nil || !slices.Equal(removed, want) {
		t.Errorf("RemoveStale removed %v (%v); want %v", removed, err, want)
	}
	for _, name := range keep {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s: %v; want it kept", name, err)
		}
	}
	slices.Sort(asked)
	if want := []string{"game.json", "ntuple.weights"}; !slices.Equal(asked, want) {
		t.Errorf("RemoveStale asked about %v; want the files of the temporary files, %v", asked, want)
	}
	if _, err := atomicfile.RemoveStale(filepath.Join(dir, "none"), all); err == nil || !strings.Contains(err.Error(), "none") {
		t.Errorf("RemoveStale of a missing directory: %v; want an error naming it", err)
	}
}
