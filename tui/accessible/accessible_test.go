package accessible_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui"
	"github.com/term2048/2048/tui/accessible"
	"github.com/term2048/2048/tui/playerdata"
)

// TestSession is a short game by ear from a pipe, said whole: the moves,
// one that moves nothing, the hint and its key, undo, the depth, the
// keys of the screens, the review and the end of the input.
func TestSession(t *testing.T) {
	cfg := testConfig(t)
	cfg.Board = engine.FromRanks([engine.NumCells]uint8{1, 2, 1, 2}) // 2 4 2 4 on the top row: up and left move nothing
	s := play(t, t.Context(), cfg)
	s.press(up, "Up: nothing moves that way.")
	s.press(left, "Left: nothing moves that way.")
	s.press(down, "Score ")
	s.press("h", "Press space to play it.")
	s.press("h", "Best: ")
	s.press(" ", "Score ")
	s.press("u", "Score ")
	s.press("+", "The AI looks")
	s.press("x", "x does nothing here.")
	s.press("?", "While the AI plays")
	s.press("s", "Statistics:")
	s.press("t", "Themes are colours")
	s.press("o", "The settings screen")
	s.press("v", "Races are not")
	s.press("b", "Score ")
	s.press(right, "Score ")
	s.press("r", "Review:")
	if err := s.end(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	for _, line := range s.heard {
		if strings.ContainsAny(line, "\x1b\r╭─│") {
			t.Errorf("line %q holds a terminal sequence or a box's drawing", line)
		}
	}
	golden.RequireEqual(t, strings.Join(s.heard, "\n")+"\n")
	saved, err := s.files.LoadGame()
	if err != nil {
		t.Fatal(err)
	}
	g := review.Game{Transcript: saved.Game.Transcript(), By: saved.Movers()}
	if kept, err := s.files.LoadReview(g, review.Setting{Depth: review.DefaultDepth}); err != nil || len(kept) != saved.Game.MoveCount() {
		t.Errorf("the review kept holds %d searches (%v); want one a move of the game, %d", len(kept), err, saved.Game.MoveCount())
	}
}

// rowLine is a line of the board said: "Row 1: 2, empty, empty, 4."
var rowLine = regexp.MustCompile(`^Row ([1-4]): (\w+), (\w+), (\w+), (\w+)\.$`)

// board reads the board from the last four lines heard.
func (s *script) board() [4][4]int {
	s.t.Helper()
	var b [4][4]int
	rows := s.heard[len(s.heard)-5 : len(s.heard)-1] // the score's line is last
	for i, line := range rows {
		m := rowLine.FindStringSubmatch(line)
		if m == nil || m[1] != strconv.Itoa(i+1) {
			s.t.Fatalf("line %q is not row %d of the board", line, i+1)
		}
		for c, cell := range m[2:] {
			if cell != "empty" {
				b[i][c], _ = strconv.Atoi(cell)
			}
		}
	}
	return b
}

// TestWholeGame plays a game to its end by ear, choosing each move from
// the board the game says (down, else left, else right, else up: it keeps
// the largest tiles low), then leaves it for a new one, and finds the game
// in the history, with the score the game said.
func TestWholeGame(t *testing.T) {
	cfg := testConfig(t)
	s := play(t, t.Context(), cfg)
	order := []struct{ key, name string }{{down, "Down"}, {left, "Left"}, {right, "Right"}, {up, "Up"}}
	moves, line := 0, ""
	for over := false; !over; {
		before := s.board()
		for _, d := range order {
			line = s.press(d.key, "")
			if strings.HasPrefix(line, d.name+": nothing moves") {
				continue
			}
			if !strings.HasPrefix(line, d.name+".") {
				t.Fatalf("after %s, the game said %q", d.name, line)
			}
			s.until("Score ")
			moves++
			break
		}
		if s.board() == before {
			t.Fatalf("move %d: the board said is the board before it", moves)
		}
		line, over = s.gameOver()
	}
	var score int
	if _, err := fmt.Sscanf(strings.ReplaceAll(line, ",", ""), "Game over: no move is left. Score %d", &score); err != nil {
		t.Fatalf("game over line %q: %v", line, err)
	}
	s.until("Press n for a new game")
	s.press("n", "Score ")
	if err := s.end(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	x, _, err := s.files.LoadHistory()
	if err != nil || len(x.Records) != 1 {
		t.Fatalf("the history holds %d games (%v); want the game played", len(x.Records), err)
	}
	if g := x.Records[0]; g.Score != score || g.MoveCount != moves {
		t.Errorf("the history has a game of %d points in %d moves; the game said %d in %d", g.Score, g.MoveCount, score, moves)
	}
}

// gameOver reports whether the game says it is over after the score of
// the move just played, in the same write, and returns the line that says
// it.
func (s *script) gameOver() (line string, over bool) {
	if len(s.pending) == 0 {
		return "", false
	}
	line, _ = s.next()
	return line, strings.HasPrefix(line, "Game over:")
}

func TestWanted(t *testing.T) {
	for value, want := range map[string]bool{"": false, "1": true, "true": true, "TRUE": true, "0": false, "false": false, "yes": false} {
		if got := accessible.Wanted(func(string) string { return value }); got != want {
			t.Errorf("Wanted with ACCESSIBLE=%q = %v; want %v", value, got, want)
		}
	}
}

// TestInterrupted ends the game as a signal does, by its context: the
// game is saved with the move played.
func TestInterrupted(t *testing.T) {
	cfg := testConfig(t)
	ctx, cancel := context.WithCancel(t.Context())
	s := play(t, ctx, cfg)
	s.press(left, "Score ")
	cancel()
	if err := s.end(); err != nil {
		t.Fatalf("Run after an interrupt = %v; want nil", err)
	}
	g, err := s.files.LoadGame()
	if err != nil || g.Game.MoveCount() != 1 {
		t.Fatalf("saved game: %v moves (%v); want 1", g.Game.MoveCount(), err)
	}
}

// TestInputEnds ends the input right after a key whose answer takes the
// AI's search: the game says the answer, then quits, saved.
func TestInputEnds(t *testing.T) {
	s := play(t, t.Context(), testConfig(t))
	if _, err := io.WriteString(s.keys, "h"); err != nil {
		t.Fatal(err)
	}
	if err := s.end(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	said := strings.Join(s.heard, "\n")
	hint, bye := strings.Index(said, "\nBest: "), strings.Index(said, "\n2048: ")
	if hint < 0 || bye < hint {
		t.Errorf("the game did not say the hint, then goodbye; it said:\n%s", said)
	}
}

// TestOneGameAtATime: a second game of the same player's data, by ear,
// is told that a game is open already, and reads and writes nothing.
func TestOneGameAtATime(t *testing.T) {
	cfg := testConfig(t)
	release, err := cfg.Store.Lock()
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	var out strings.Builder
	err = accessible.Run(t.Context(), cfg, strings.NewReader("\x1b[D"), &out)
	var held *tui.RunningError
	if !errors.As(err, &held) || out.Len() > 0 {
		t.Errorf("Run with the player's data held = %v, and said %q; want a *tui.RunningError, and nothing said", err, out.String())
	}
	if _, err := cfg.Store.LoadGame(); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a game was saved by the second game: %v", err)
	}
}

// TestAutoplay starts with autoplay on: each move of the AI is a line, and
// any key stops it and says the board.
func TestAutoplay(t *testing.T) {
	cfg := testConfig(t)
	cfg.Autoplay = true
	s := play(t, t.Context(), cfg)
	s.until("Autoplay on:")
	if line := s.until("AI: "); !strings.Contains(line, "New ") {
		t.Errorf("the AI's move is said %q; want its direction and new tile", line)
	}
	s.press("x", "Autoplay off")
	s.until("Row 1: ")
	s.until("Score ")
	if err := s.end(); err != nil {
		t.Fatalf("Run: %v", err)
	}
}

// TestUnsaved plays where the game cannot be saved: the player is told
// at the start, play goes on, and Run says so at the end.
func TestUnsaved(t *testing.T) {
	cfg := testConfig(t)
	files := cfg.Store.(*playerdata.Files)
	if err := os.WriteFile(files.StateDir, []byte("a file where the directory should be"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := play(t, t.Context(), cfg)
	if said := strings.Join(s.heard, "\n"); !strings.Contains(said, "\nNot saved, play goes on: ") {
		t.Errorf("the game did not say it is not saved; it said:\n%s", said)
	}
	s.press(left, "Score ")
	if err := s.end(); err == nil || !strings.Contains(err.Error(), "not saved") {
		t.Errorf("Run = %v; want an error that says the game was not saved", err)
	}
}

// TestPractice: p opens the practice by ear: its puzzle (a built-in one,
// for a player with no games) and the board are said; an answer is said
// with its verdict; the practice's keys are said; q goes back to the
// game, said again.
func TestPractice(t *testing.T) {
	s := play(t, t.Context(), testConfig(t))
	s.press("p", "The practice:")
	s.until("Row 4:") // the puzzle's board, once found
	if !s.said("Which?") {
		t.Fatalf("p said no puzzle:\n%s", strings.Join(s.heard, "\n"))
	}
	s.press("?", "The practice's keys:")
	s.press("b", "Row 4:")
	s.press(left, "Your rating")
	if !s.said("Left is a") && !s.said("Right") {
		t.Errorf("the answer said no verdict:\n%s", strings.Join(s.heard, "\n"))
	}
	s.press("x", "x does nothing in the practice")
	s.press("q", "Back to your game.") // q leaves the practice, not the game
	s.until("Score ")
	if !s.said("Back to your game.") {
		t.Errorf("q did not go back to the game:\n%s", strings.Join(s.heard, "\n"))
	}
	if err := s.end(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	for _, line := range s.heard {
		if strings.ContainsAny(line, "\x1b\r╭─│←→↑↓") {
			t.Errorf("line %q holds a terminal sequence, a box's drawing or an arrow", line)
		}
	}
}

// said reports whether a line heard holds text.
func (s *script) said(text string) bool {
	for _, line := range s.heard {
		if strings.Contains(line, text) {
			return true
		}
	}
	return false
}

// TestPracticeAtTheStart: the game opened on its practice (2048 practice
// -accessible) says the practice first.
func TestPracticeAtTheStart(t *testing.T) {
	cfg := testConfig(t)
	cfg.Practice = true
	s := play(t, t.Context(), cfg)
	s.until("The practice:")
	s.until("Row 4:") // the puzzle's board, once found
	s.press("q", "Back to your game.")
	if err := s.end(); err != nil {
		t.Fatalf("Run: %v", err)
	}
}
