//go:build serve && unix

package ledger

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/term2048/2048/tui/history"
)

// killedDB names the ledger the writer of TestKilled writes to, in its
// environment; the test is then that writer.
const killedDB = "LEDGER_TEST_KILLED_DB"

// killedGame returns the i-th game the writer of TestKilled records: as
// if its history held them all, the test records those the ledger lacks.
func killedGame(t testing.TB, i int) history.Game {
	return played(t, fmt.Sprintf("%016x", i), uint64(i+1), 30, noon.Add(time.Duration(i)*time.Second))
}

// TestKilled kills a process in the middle of its writes to the ledger
// (SIGKILL, as a crash or the OOM killer would), then opens the ledger
// again: the file is whole, every game whose commit the process reported
// is there, in the history and ranked, none twice, and the game in
// progress is the last one saved or the one in flight.
func TestKilled(t *testing.T) {
	if path := os.Getenv(killedDB); path != "" {
		writeUntilKilled(t, path)
		return
	}
	path := filepath.Join(t.TempDir(), "ledger.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilled$", "-test.count=1")
	cmd.Env = append(os.Environ(), killedDB+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	const atLeast = 40
	committed := map[string]bool{}
	saved := -1 // the last game in progress the writer reported saved
	lines := bufio.NewScanner(out)
	deadline := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	defer deadline.Stop()
	read := func() {
		if id, ok := strings.CutPrefix(lines.Text(), "committed "); ok {
			committed[id] = true
		} else if n, ok := strings.CutPrefix(lines.Text(), "saved "); ok {
			saved, _ = strconv.Atoi(n)
		}
	}
	for len(committed) < atLeast && lines.Scan() {
		read()
	}
	cmd.Process.Signal(syscall.SIGKILL)
	for lines.Scan() { // what it said before it died
		read()
	}
	cmd.Wait()
	if len(committed) < atLeast {
		t.Fatalf("the writer reported %d commits before it ended; want %d", len(committed), atLeast)
	}

	d, err := Open(path, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.IntegrityCheck(); err != nil {
		t.Fatal(err)
	}
	stored := count(t, d, "games")
	if g, ok := loadGame(t, d, "SHA256:k"); !ok {
		t.Errorf("no game in progress; want %d or %d", saved, saved+1)
	} else if n, _ := strconv.ParseInt(g.ID, 16, 64); int(n) != saved && int(n) != saved+1 {
		t.Errorf("the game in progress is %d; want %d, the last saved, or %d, the save in flight", n, saved, saved+1)
	}
	for id := range committed {
		if m := missing(t, d, "SHA256:k", []string{id}); len(m) != 0 {
			t.Errorf("game %s, reported committed, is missing", id)
		}
	}
	// The history and the ranks were written in one transaction: they
	// hold the same games, each once, in the order they were left.
	kept, err := d.History("SHA256:k")
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range kept {
		e, err := history.Decode(line)
		if err != nil || e.Game == nil || e.Game.ID != fmt.Sprintf("%016x", i) {
			t.Fatalf("line %d of the history: %v; want game %016x", i+1, err, i)
		}
	}
	if len(kept) != stored || len(missing(t, d, "SHA256:k", idsOf(t, kept))) != 0 {
		t.Errorf("%d games in the history, %d ranked; want the same games", len(kept), stored)
	}
	if err := d.IntegrityCheck(); err != nil {
		t.Error(err)
	}
}

// idsOf returns the IDs of the games of lines of a history.
func idsOf(t *testing.T, lines [][]byte) []string {
	t.Helper()
	var ids []string
	for _, line := range lines {
		e, err := history.Decode(line)
		if err != nil || e.Game == nil {
			t.Fatalf("a line of the history: %v", err)
		}
		ids = append(ids, e.Game.ID)
	}
	return ids
}

// writeUntilKilled records games in the ledger at path, one after the
// other, each followed by a save of the game in progress (its number), as
// a server does, saying so on stdout after each commit, until it is killed
// or some seconds pass.
func writeUntilKilled(t *testing.T, path string) {
	d, err := Open(path, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	stop := time.Now().Add(15 * time.Second)
	for i := 0; time.Now().Before(stop); i++ {
		g := killedGame(t, i)
		if refused, err := d.AppendHistory("SHA256:k", g); err != nil || refused != nil {
			t.Fatal(err, refused)
		}
		fmt.Printf("committed %s\n", g.ID)
		if err := d.SaveGame("SHA256:k", savedGame(uint64(i), 0), false); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("saved %d\n", i)
	}
}
