//go:build serve

package serve

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/practice"
)

// TestDailyPuzzleBoard: two players of a server open the practice and are
// asked the same puzzle, today's, found once from the server's own daily
// seed; each answers it right, and sees where they stand on the day's
// board, its rows as the ledger ranks them, their own marked.
func TestDailyPuzzleBoard(t *testing.T) {
	var mu sync.Mutex
	var seeds []uint64
	today := practice.BuiltIn()[0]
	ts := startServer(t, Config{findDaily: func(_ context.Context, seed uint64, _ practice.Acquire) (puzzle.Puzzle, error) {
		mu.Lock()
		defer mu.Unlock()
		seeds = append(seeds, seed)
		return today, nil
	}})
	date := history.DailyDate(time.Now())
	var asked []string
	for i := range 2 {
		key := newKey(t)
		term := ts.play(t, key, 100, 34)
		term.waitText("SCORE")
		term.press("p")
		asked = append(asked, term.waitText("Which?"))
		if !strings.Contains(asked[i], "Today's puzzle — the same for every player") {
			t.Fatalf("player %d is asked another puzzle first:\n%s", i+1, asked[i])
		}
		term.press(arrowKeys[today.Best()])
		screen := term.waitText(fmt.Sprintf(" of %d today.", i+1))
		board, err := ts.ledger.PuzzleBoard(date, 5, ssh.FingerprintSHA256(key.PublicKey()))
		if err != nil || len(board.Top) != i+1 || board.Yours.Place == 0 {
			t.Fatalf("the ledger's board = %+v, %v; want %d players, this one among them", board, err, i+1)
		}
		if !strings.Contains(screen, fmt.Sprintf("Right in %.1f s: %s of %d today.", board.Yours.Took.Seconds(), figures.Ordinal(board.Yours.Place), i+1)) {
			t.Errorf("player %d does not see their place, %d, on the board:\n%s", i+1, board.Yours.Place, screen)
		}
		at := strings.Index(screen, "Fastest today:")
		for _, e := range board.Top { // in the ledger's order, the player's own row marked
			row := fmt.Sprintf("%2d. %8s  %s", e.Place, fmt.Sprintf("%.1f s", e.Took.Seconds()), e.Name)
			next := strings.Index(screen[max(at, 0):], row)
			if at < 0 || next < 0 {
				t.Fatalf("player %d's board has no row %q where the ledger has it:\n%s", i+1, row, screen)
			}
			at += next
			line, _, _ := strings.Cut(screen[at:], "\n")
			if mine := e.Fingerprint == board.Yours.Fingerprint; mine != strings.Contains(line, "(you)") {
				t.Errorf("row %q: marked as the player's %v; want %v", line, !mine, mine)
			}
		}
	}
	if asked[0] != asked[1] {
		t.Errorf("two players are asked two puzzles:\n%s\n\n%s", asked[0], asked[1])
	}
	want, err := ts.ledger.DailySeed(date)
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seeds) != 1 || seeds[0] != want {
		t.Errorf("the day's puzzle was found from the seeds %v; want once, from the server's daily seed %d", seeds, want)
	}
}
