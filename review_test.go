package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
)

// The review tests search 3 plies deep, to be quick.
const (
	savedGame = "testdata/review/saved.json" // 60 moves: 12 by the AI, the others at random
	simGame   = "testdata/review/sim.json"   // 2048 sim -games 1 -seed 3 -player greedy -json
)

// writeTemp writes data to a file in a temporary directory and returns its
// path.
func writeTemp(t *testing.T, name, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// withoutMovers returns the saved game of path without its record of who
// made each move, as the game saved it before it kept one.
func withoutMovers(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		t.Fatal(err)
	}
	delete(fields, "by")
	out, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	return writeTemp(t, "game.json", string(out))
}

// asHistoryLine returns a file holding the saved game at path as the
// history writes a finished game: one line of package history.
func asHistoryLine(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var saved playerdata.SavedGame
	if err := json.Unmarshal(data, &saved); err != nil {
		t.Fatal(err)
	}
	g := history.FromEngine(saved.Game, saved.By)
	g.Hinted, g.Autoplayed = saved.Hinted, saved.Autoplayed
	g.Played, g.Ended = 95*time.Second, time.Date(2026, 11, 23, 14, 5, 0, 0, time.UTC)
	line, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return writeTemp(t, "history.jsonl", string(line)+"\n")
}

// TestReviewReports compares the text reports of fixed games with their
// golden files in testdata/TestReviewReports: "go test -run
// TestReviewReports -update" rewrites them, for review.
func TestReviewReports(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name   string
		ctx    context.Context
		args   []string
		status int
	}{
		{"saved", context.Background(), []string{"-depth", "3", "-worst", "3", savedGame}, 0},
		{"unmarked", context.Background(), []string{"-depth", "3", "-worst", "1", withoutMovers(t, savedGame)}, 0},
		{"history", context.Background(), []string{"-depth", "3", "-worst", "3", asHistoryLine(t, savedGame)}, 0},
		{"sim", context.Background(), []string{"-depth", "3", "-worst", "2", simGame}, 0},
		{"network", context.Background(), []string{"-eval", "ntuple", "-worst", "2", savedGame}, 0}, // the built-in network, at its depth: in points
		{"interrupted", cancelled, []string{"-depth", "3", savedGame}, 130},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, stdout, stderr := runCommand(c.ctx, append([]string{"review"}, c.args...)...)
			if status != c.status {
				t.Fatalf("review %q: status %d, stderr %q; want %d", c.args, status, stderr, c.status)
			}
			golden.RequireEqual(t, stdout)
		})
	}
}

// reviewOutput is what the tests read of review -json.
type reviewOutput struct {
	Game struct {
		Seed  uint64 `json:"seed"`
		Moves int    `json:"moves"`
		Score int    `json:"score"`
	} `json:"game"`
	Setting struct {
		Depth int `json:"depth"`
	} `json:"setting"`
	Reviewed int  `json:"reviewed"`
	Complete bool `json:"complete"`
	Summary  struct {
		Accuracy *float64       `json:"accuracy"`
		Rated    int            `json:"rated"`
		AI       int            `json:"ai_moves"`
		Verdicts map[string]int `json:"verdicts"`
	} `json:"summary"`
	Moves []reviewOutputMove `json:"moves"`
}

// reviewOutputMove is a move of review -json.
type reviewOutputMove struct {
	Move    int                 `json:"move"`
	By      string              `json:"by"`
	Board   string              `json:"board"`
	Played  string              `json:"played"`
	Best    string              `json:"best"`
	Values  map[string]*float64 `json:"values"`
	Loss    float64             `json:"loss"`
	Verdict string              `json:"verdict"`
}

// TestReviewJSONMatchesLibrary checks that review -json parses, that its
// moves replay the game, and that it says what review.Run says.
func TestReviewJSONMatchesLibrary(t *testing.T) {
	status, stdout, stderr := runCommand(context.Background(), "review", "-json", "-depth", "3", savedGame)
	if status != 0 {
		t.Fatalf("review -json: status %d, stderr %q", status, stderr)
	}
	var got reviewOutput
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("review -json printed %q: %v", stdout, err)
	}
	file, err := readGameFile(context.Background(), savedGame, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := review.Run(context.Background(), file.Game, review.Options{Setting: review.Setting{Depth: 3}})
	if err != nil {
		t.Fatal(err)
	}
	checkReviewHead(t, got, file.Game.Seed, want)
	if len(got.Moves) != len(want.Moves) {
		t.Fatalf("review -json: %d moves; want %d", len(got.Moves), len(want.Moves))
	}
	g := engine.NewGame(got.Game.Seed)
	for i, m := range got.Moves {
		checkReviewMove(t, g, i, m, want.Moves[i])
	}
	if g.Score() != got.Game.Score {
		t.Errorf("the moves replay to score %d; review -json says %d", g.Score(), got.Game.Score)
	}
}

// checkReviewHead checks that what review -json says of the game of seed
// and of the whole review is what the library's review want says.
func checkReviewHead(t *testing.T, got reviewOutput, seed uint64, want *review.Review) {
	t.Helper()
	s := want.Summary()
	if got.Game.Seed != seed || got.Game.Moves != 60 || !got.Complete || got.Reviewed != 60 || got.Setting.Depth != 3 ||
		got.Summary.Accuracy == nil || *got.Summary.Accuracy != s.Accuracy || got.Summary.Rated != s.Rated || got.Summary.AI != 12 {
		t.Errorf("review -json: game %+v, setting %+v, %d reviewed, complete %v, summary %+v; want the library's %+v",
			got.Game, got.Setting, got.Reviewed, got.Complete, got.Summary, s)
	}
	for v := range review.NumVerdicts {
		if got.Summary.Verdicts[v.String()] != s.Verdicts[v] {
			t.Errorf("review -json: %d moves are %v; the library says %d", got.Summary.Verdicts[v.String()], v, s.Verdicts[v])
		}
	}
}

// checkReviewMove checks the move i of review -json, m, against the
// library's w, and plays it on g, the game replayed so far.
func checkReviewMove(t *testing.T, g *engine.Game, i int, m reviewOutputMove, w review.Move) {
	t.Helper()
	played, err := engine.ParseDirection(m.Played)
	if err != nil {
		t.Fatalf("move %d: %v", i+1, err)
	}
	if m.Move != i+1 || m.Board != g.Board().String() || m.By != w.By.String() {
		t.Fatalf("move %d: number %d, board %q, by %s; want %d, %q (the replay), %v", i+1, m.Move, m.Board, m.By, i+1, g.Board(), w.By)
	}
	if _, ok := g.Move(played); !ok {
		t.Fatalf("move %d: %v changes nothing on %v", i+1, played, g.Board())
	}
	if played != w.Played || m.Best != w.Best().String() || m.Loss != w.Loss || m.Verdict != w.Verdict.String() {
		t.Errorf("move %d: %s, best %s, loss %g, %s; the library says %v, %v, %g, %v",
			i+1, m.Played, m.Best, m.Loss, m.Verdict, w.Played, w.Best(), w.Loss, w.Verdict)
	}
	for d := range engine.Direction(engine.NumDirections) {
		v := m.Values[d.String()]
		if (v != nil) != w.Search.Legal[d] || v != nil && *v != w.Search.Value[d] {
			t.Errorf("move %d: value of %v = %v; the library says %g (legal %v)", i+1, d, v, w.Search.Value[d], w.Search.Legal[d])
		}
	}
}

// TestReviewStdin reads the game from stdin, as "2048 sim -json | 2048
// review -" does.
func TestReviewStdin(t *testing.T) {
	f, err := os.Open(simGame)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out, errOut strings.Builder
	status := run(context.Background(), []string{"review", "-depth", "2", "-"}, f, &out, &errOut)
	if status != 0 || !strings.HasPrefix(out.String(), "a game of 2048 sim (greedy): seed 3, 479 moves") {
		t.Errorf("review - < %s: status %d, stdout %q, stderr %q", simGame, status, out.String(), errOut.String())
	}
	status, _, stderr := runCommand(context.Background(), "review", "-")
	if status != 2 || !strings.Contains(stderr, "stdin") {
		t.Errorf("review - without stdin: status %d, stderr %q; want 2", status, stderr)
	}
}

// TestReviewBadFiles checks that a file that is not a game, or a game that
// does not replay, exits with status 2 and says what is wrong.
func TestReviewBadFiles(t *testing.T) {
	saved, err := os.ReadFile(savedGame)
	if err != nil {
		t.Fatal(err)
	}
	sim, err := os.ReadFile(simGame)
	if err != nil {
		t.Fatal(err)
	}
	simLine := strings.TrimSuffix(strings.TrimSpace(strings.Split(string(sim), "\n")[3]), ",")
	for _, c := range []struct {
		name, path, want string
	}{
		{"missing", filepath.Join(t.TempDir(), "none.json"), "no such file"},
		{"directory", t.TempDir(), "a directory, not a regular file"},
		{"empty", writeTemp(t, "empty", ""), "not a game: the file is empty"},
		{"text", writeTemp(t, "notes.txt", "my best game"), "not a game: not JSON"},
		{"array", writeTemp(t, "list.json", "[1, 2]"), "not a game: not a JSON object"},
		{"other JSON", writeTemp(t, "stats.json", `{"version":1,"best_score":1200}`), "not a game: a JSON object without the fields"},
		{"a saved game that does not replay", writeTemp(t, "game.json", strings.Replace(string(saved), `"score":448`, `"score":450`, 1)),
			"a saved game that does not load: decoding game: replay ends at"},
		{"a saved game with a move that changes nothing", writeTemp(t, "game.json", strings.Replace(string(saved), `"moves":"LLRR`, `"moves":"LLLR`, 1)),
			"changes nothing"},
		{"movers that do not match", writeTemp(t, "game.json", strings.Replace(string(saved), `"by":"pp`, `"by":"p`, 1)),
			"a saved game of 60 moves that says who made 59"},
		{"an unknown mover", writeTemp(t, "game.json", strings.Replace(string(saved), `"by":"pp`, `"by":"px`, 1)),
			`move 2 is made by 'x'`},
		{"a sim game whose record disagrees", writeTemp(t, "sim.json", strings.Replace(simLine, `"score":6656`, `"score":6600`, 1)),
			"a game of 2048 sim that does not load"},
		{"sim with two games", writeTemp(t, "sim.json", strings.Replace(string(sim), `"games": [`, `"games": [`+simLine+",", 1)),
			"with 2 games: review takes one"},
	} {
		status, stdout, stderr := runCommand(context.Background(), "review", "-depth", "1", c.path)
		if status != 2 || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("review of %s: status %d, stdout %q, stderr %q; want 2, nothing, and %q", c.name, status, stdout, stderr, c.want)
		}
	}
	// A sim game line on its own is a game.
	if status, _, stderr := runCommand(context.Background(), "review", "-depth", "1", writeTemp(t, "line.json", simLine)); status != 0 {
		t.Errorf("review of a line of sim -json: status %d, stderr %q", status, stderr)
	}
}

func TestReviewFlagErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{nil, "no game file given"},
		{[]string{savedGame, simGame}, "review takes one game file; got 2"},
		{[]string{"-depth", "0", savedGame}, "want a number of plies from 1 to 14"},
		{[]string{"-time", "-1s", savedGame}, "-time -1s: want a positive duration"},
		{[]string{"-workers", "0", savedGame}, "-workers 0: want 1 to 256"},
		{[]string{"-worst", "-1", savedGame}, "-worst -1: want 0 or more"},
	} {
		status, stdout, stderr := runCommand(context.Background(), append([]string{"review"}, tt.args...)...)
		if status != 2 || stdout != "" || !strings.Contains(stderr, tt.want) || !strings.Contains(stderr, "usage: 2048 review") {
			t.Errorf("review %q: status %d, stdout %q, stderr %q; want 2, nothing, %q and the usage", tt.args, status, stdout, stderr, tt.want)
		}
	}
}

// TestReviewStdinAtATerminal: "review -" typed at a terminal says how to
// give it a game, instead of waiting for one to be typed.
func TestReviewStdinAtATerminal(t *testing.T) {
	tty := openTerminal(t)
	status, stdout, stderr := runOn(tty, nil, "review", "-")
	if status != 2 || stdout != "" || !strings.Contains(stderr, "reads a game from standard input") || !strings.Contains(stderr, "| 2048 review -") {
		t.Errorf("review - at a terminal: status %d, stdout %q, stderr %q; want 2 and how to pipe a game in", status, stdout, stderr)
	}
}

// TestReviewStdinPipe reads the game from a pipe, as "2048 sim -json |
// 2048 review -" gives it; with a pipe that gives nothing, ctrl+c (the
// context's end) stops the wait.
func TestReviewStdinPipe(t *testing.T) {
	data, err := os.ReadFile(simGame)
	if err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() { // more than a pipe holds at once
		w.Write(data)
		w.Close()
	}()
	status, stdout, stderr := runOn(r, nil, "review", "-depth", "2", "-")
	if status != 0 || !strings.HasPrefix(stdout, "a game of 2048 sim (greedy): seed 3, 479 moves") {
		t.Errorf("review - from a pipe: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}

	r, w, err = os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close() // a writer that never writes: the read ends when the test does
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	var errOut strings.Builder
	go func() { done <- run(ctx, []string{"review", "-"}, r, io.Discard, &errOut) }()
	cancel()
	// A wait that the context does not end hangs the test: see runOn.
	if status := <-done; status != 130 || !strings.Contains(errOut.String(), "interrupted") {
		t.Errorf("review - from a silent pipe, cancelled: status %d, stderr %q; want 130, interrupted", status, errOut.String())
	}
}

// TestReviewByteOrderMark reads a game saved with the byte order mark that
// Windows editors put at the start of a UTF-8 file, from a file and from
// stdin.
func TestReviewByteOrderMark(t *testing.T) {
	data, err := os.ReadFile(savedGame)
	if err != nil {
		t.Fatal(err)
	}
	_, want, _ := runCommand(context.Background(), "review", "-depth", "1", savedGame)
	withBOM := writeTemp(t, "game.json", "\xef\xbb\xbf"+string(data))
	status, stdout, stderr := runCommand(context.Background(), "review", "-depth", "1", withBOM)
	if status != 0 || stdout != want {
		t.Errorf("review of a game with a byte order mark: status %d, stderr %q, stdout %q; want the review of %s", status, stderr, stdout, savedGame)
	}
	f, err := os.Open(withBOM)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out, errOut strings.Builder
	if status := run(context.Background(), []string{"review", "-depth", "1", "-"}, f, &out, &errOut); status != 0 || out.String() != want {
		t.Errorf("review - of a game with a byte order mark: status %d, stderr %q; want the review of %s", status, errOut.String(), savedGame)
	}
}
