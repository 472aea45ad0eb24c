package ai

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/term2048/2048/engine"
)

var (
	recordGame    = flag.Bool("record-game", false, "play the fixed game again and rewrite testdata/game.txt")
	gamePositions = flag.String("game-positions", "", "write the fixed game's boards to this file, one \"game RANKS\" line each, for other programs to time")
)

// gamePath holds the fixed game whose positions BenchmarkGame searches: a
// whole game played by this package at the automatic depth on one thread,
// with one table kept from its first move to its last, as `2048 sim` plays.
// It is written as a seed and the moves, so that the boards come from the
// engine's own replay.
const (
	gamePath = "testdata/game.txt"
	gameSeed = 1
)

// readGame returns the board on which each move of the fixed game was
// chosen, first to last.
func readGame(tb testing.TB) []engine.Board {
	tb.Helper()
	data, err := os.ReadFile(gamePath)
	if err != nil {
		tb.Fatal(err)
	}
	var seed uint64
	var letters string
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, " "); ok {
			switch k {
			case "seed":
				if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
					tb.Fatalf("%s: %v", gamePath, err)
				}
			case "moves":
				letters = v
			}
		}
	}
	g := engine.NewGame(seed)
	boards := make([]engine.Board, 0, len(letters))
	for i := range len(letters) {
		d, err := engine.ParseDirection(letters[i : i+1])
		if err != nil {
			tb.Fatalf("%s: move %d: %v", gamePath, i+1, err)
		}
		boards = append(boards, g.Board())
		if _, ok := g.Move(d); !ok {
			tb.Fatalf("%s: move %d (%v) changes nothing on %v", gamePath, i+1, d, g.Board())
		}
	}
	if !g.Over() {
		tb.Fatalf("%s: the game is not over after its %d moves", gamePath, len(letters))
	}
	return boards
}

// playGame plays the fixed game's seed to its end, as `2048 sim` would, and
// returns its moves.
func playGame(tb testing.TB) []engine.Direction {
	s := NewSearcher(Config{Threads: 1})
	g := engine.NewGame(gameSeed)
	for !g.Over() {
		r, err := s.Search(context.Background(), g.Board(), Limits{Depth: Auto})
		if err != nil {
			tb.Fatal(err)
		}
		g.Move(r.Best)
	}
	return g.Moves()
}

// TestGame checks the fixed game: it replays to its end, and the search still
// chooses its first 200 moves, with the table kept from move to move. With
// -record-game it plays the whole game again (it took 44 minutes on a busy
// 2-core machine) and rewrites the file; with -game-positions it writes the
// boards for a side-by-side timing (nneonneo's harness reads that format).
func TestGame(t *testing.T) {
	if *recordGame {
		moves := playGame(t)
		var sb strings.Builder
		fmt.Fprintf(&sb, "# A whole game played at the automatic depth on one thread, one table for the game (go test ./ai -run TestGame -record-game)\nseed %d\nmoves ", gameSeed)
		for _, d := range moves {
			sb.WriteByte(d.Letter())
		}
		sb.WriteByte('\n')
		if err := os.WriteFile(gamePath, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	boards := readGame(t)
	if *gamePositions != "" {
		var sb strings.Builder
		for _, b := range boards {
			r := b.Ranks()
			fmt.Fprintf(&sb, "game %d", r[0])
			for _, x := range r[1:] {
				fmt.Fprintf(&sb, ",%d", x)
			}
			sb.WriteByte('\n')
		}
		if err := os.WriteFile(*gamePositions, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := NewSearcher(Config{Threads: 1})
	for i, b := range boards[:min(len(boards), 200)] {
		r, err := s.Search(context.Background(), b, Limits{Depth: Auto})
		if err != nil {
			t.Fatal(err)
		}
		if want := boards[i+1]; !leadsTo(b, r.Best, want) {
			t.Fatalf("move %d on %v: the search chose %v, which cannot lead to the game's next board %v", i+1, b, r.Best, want)
		}
	}
}

// leadsTo reports whether moving d on b and one spawn can give next.
func leadsTo(b engine.Board, d engine.Direction, next engine.Board) bool {
	n, _, moved := b.Move(d)
	if !moved {
		return false
	}
	for _, o := range n.Outcomes() {
		if o.Board == next {
			return true
		}
	}
	return false
}
