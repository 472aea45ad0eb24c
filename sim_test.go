package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai/sim"
)

// simJSON is what the tests read of sim -json.
type simJSON struct {
	Config struct {
		Player string `json:"player"`
		Depth  int    `json:"depth"`
		Seed   uint64 `json:"seed"`
		Games  int    `json:"games"`
	} `json:"config"`
	Games       []sim.Game  `json:"games"`
	Interrupted int         `json:"interrupted"`
	NotStarted  int         `json:"not_started"`
	Summary     sim.Summary `json:"summary"`
}

// fixedOutcome plays r and fixes its times, which depend on the machine:
// each game takes 20 µs a move, and the run its games' time over its
// workers. Its reports are then the same on every machine.
func fixedOutcome(t *testing.T, r sim.Config) sim.Outcome {
	t.Helper()
	o, err := sim.Run(context.Background(), r, nil)
	if err != nil {
		t.Fatal(err)
	}
	var total time.Duration
	for i := range o.Games {
		o.Games[i].Elapsed = time.Duration(len(o.Games[i].Moves)) * 20 * time.Microsecond
		total += o.Games[i].Elapsed
	}
	o.Wall = total / time.Duration(max(r.ActiveWorkers(), 1))
	return o
}

// TestSimReports compares the reports of fixed runs with their golden files
// in testdata/TestSimReports: "go test -run TestSimReports -update" rewrites
// them, for review.
func TestSimReports(t *testing.T) {
	greedy := fixedOutcome(t, sim.Config{Player: sim.Player{Kind: sim.Greedy}, Games: 12, Seed: 1, Workers: 2})
	random := fixedOutcome(t, sim.Config{Player: sim.Player{Kind: sim.Random}, Games: 12, Seed: 1, Workers: 2})
	// The reports of expectimax read its games as they read greedy's: its
	// figures here are greedy's, so that the goldens depend on the
	// heuristic's choices only, not on the work of the search.
	deep := sim.Outcome{Config: sim.Config{Player: sim.Player{Kind: sim.Expectimax, Depth: 2}, Games: 3, Seed: 1, Workers: 2},
		Games: greedy.Games[:3], Wall: 25 * time.Millisecond}
	two := sim.Outcome{Config: sim.Config{Player: greedy.Config.Player, Games: 2, Seed: 1, Workers: 1}, Games: greedy.Games[:2], Wall: 9 * time.Millisecond}
	cut := greedy
	cut.Games, cut.Interrupted, cut.NotStarted = greedy.Games[:7], 2, 3
	none := sim.Outcome{Config: cut.Config, NotStarted: 12}
	for _, c := range []struct {
		name string
		out  func(*strings.Builder) error
	}{
		{"summary", func(b *strings.Builder) error { return writeSummary(b, deep) }},
		{"greedy", func(b *strings.Builder) error { return writeSummary(b, greedy) }},
		{"interrupted", func(b *strings.Builder) error { return writeSummary(b, cut) }},
		{"none", func(b *strings.Builder) error { return writeSummary(b, none) }},
		{"compare", func(b *strings.Builder) error { return writeCompare(b, []sim.Outcome{random, greedy, deep}, 3) }},
		{"compare-interrupted", func(b *strings.Builder) error { return writeCompare(b, []sim.Outcome{random, cut}, 4) }},
		{"json", func(b *strings.Builder) error {
			_, err := sim.Document{Runs: []sim.Outcome{two}}.WriteTo(b)
			return err
		}},
		{"json-compare", func(b *strings.Builder) error {
			_, err := sim.Document{Runs: []sim.Outcome{two, two}, Compare: true}.WriteTo(b)
			return err
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			if err := c.out(&b); err != nil {
				t.Fatal(err)
			}
			golden.RequireEqual(t, b.String())
		})
	}
}

func TestSimJSON(t *testing.T) {
	status, stdout, stderr := runCommand(context.Background(), "sim", "-games", "9", "-seed", "3", "-player", "greedy", "-workers", "2", "-json")
	if status != 0 {
		t.Fatalf("sim -json: status %d, stderr %q", status, stderr)
	}
	var doc simJSON
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("sim -json printed %q: %v", stdout, err)
	}
	if len(doc.Games) != 9 || doc.Summary.Games != 9 || doc.Config.Player != "greedy" || doc.Config.Seed != 3 {
		t.Fatalf("sim -json: %d games, summary of %d, config %+v; want 9 greedy games from seed 3", len(doc.Games), doc.Summary.Games, doc.Config)
	}
	// Work the summary out again from the games.
	sum, moves, best := 0, 0, 0
	var scores []int
	reach := map[int]int{}
	for i, g := range doc.Games {
		if g.Seed != 3+uint64(i) {
			t.Errorf("game %d has seed %d; want %d", i, g.Seed, 3+i)
		}
		if _, err := g.Replay(); err != nil {
			t.Errorf("game %d does not replay: %v", i, err)
		}
		sum += g.Score
		moves += len(g.Moves)
		best = max(best, g.Score)
		scores = append(scores, g.Score)
		for r, m := range g.First {
			if m >= 0 {
				reach[1<<r]++
			}
		}
	}
	slices.Sort(scores)
	s := doc.Summary
	if want := float64(sum) / 9; math.Abs(s.MeanScore-want) > 1e-9 {
		t.Errorf("mean score = %g; want %g", s.MeanScore, want)
	}
	if want := float64(scores[4]); s.MedianScore != want {
		t.Errorf("median score = %g; want %g", s.MedianScore, want)
	}
	if s.MaxScore != best || s.Moves != moves {
		t.Errorf("max score %d, moves %d; want %d, %d", s.MaxScore, s.Moves, best, moves)
	}
	for _, m := range s.Timeline {
		if m.Games != reach[m.Tile] {
			t.Errorf("timeline: %d games reached %d; want %d", m.Games, m.Tile, reach[m.Tile])
		}
	}
	for _, rt := range s.Reach {
		lo, hi := sim.Wilson(reach[rt.Tile], 9)
		if rt.Games != reach[rt.Tile] || rt.Low != lo || rt.High != hi {
			t.Errorf("reach %+v; want %d games in [%g, %g]", rt, reach[rt.Tile], lo, hi)
		}
	}
}

func TestSimCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	status, stdout, stderr := runCommand(ctx, "sim", "-games", "5", "-player", "random")
	if status != 130 || !strings.Contains(stdout, "0 games of random") || !strings.Contains(stdout, "no game finished") ||
		!strings.Contains(stderr, "interrupted") {
		t.Errorf("sim with a cancelled context: status %d, stdout %q, stderr %q; want 130, a summary, interrupted", status, stdout, stderr)
	}
	status, stdout, _ = runCommand(ctx, "sim", "-games", "5", "-player", "random", "-json")
	var doc simJSON
	if err := json.Unmarshal([]byte(stdout), &doc); status != 130 || err != nil || doc.NotStarted+doc.Interrupted != 5 {
		t.Errorf("sim -json with a cancelled context: status %d, %v, %+v; want 130 and 5 games not played", status, err, doc)
	}
}

func TestSimCSV(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.csv")
	status, stdout, stderr := runCommand(context.Background(), "sim", "-games", "3", "-player", "random", "-csv", path, "-json")
	if status != 0 {
		t.Fatalf("sim -csv: status %d, stderr %q", status, stderr)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var doc simJSON
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || rows[0][0] != "seed" || rows[0][2] != "max_tile" || rows[0][len(rows[0])-1] != "first_32768" {
		t.Fatalf("CSV = %q; want a header and 3 rows", rows)
	}
	for i, g := range doc.Games {
		row := rows[i+1]
		if row[0] != strconv.FormatUint(g.Seed, 10) || row[1] != strconv.Itoa(g.Score) || row[2] != strconv.Itoa(g.HighestTile()) ||
			row[3] != strconv.Itoa(len(g.Moves)) || row[6] != "random" || row[7] != strconv.Itoa(g.First[1]) {
			t.Errorf("CSV row %d = %q; want the game %+v", i+1, row, g)
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("the directory holds %d files; want only games.csv, no temporary file", len(entries))
	}
}

func TestSimUnwritableOutput(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"-csv", filepath.Join(dir, "missing", "games.csv")},
		{"-plot", filepath.Join(dir, "missing", "games.png")},
		{"-csv", dir},
	} {
		status, stdout, stderr := runCommand(context.Background(), append([]string{"sim", "-games", "1000000", "-player", "random"}, args...)...)
		if status != 1 || stdout != "" || !strings.Contains(stderr, args[0]+" "+args[1]+": ") {
			t.Errorf("sim %q: status %d, stdout %q, stderr %q; want 1 at once, naming the flag and the file", args, status, stdout, stderr)
		}
	}
}

func TestSimFlagErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-games", "0"}, "-games 0: want at least 1 game"},
		{[]string{"-games", "x"}, `invalid value "x" for flag -games`},
		{[]string{"-workers", "0"}, "-workers 0: want 1 to 1024 workers"},
		{[]string{"-workers", "-1"}, "-workers -1: want 1 to 1024 workers"},
		{[]string{"-workers", "1025"}, "-workers 1025: want 1 to 1024 workers"},
		{[]string{"-depth", "foo"}, `invalid value "foo" for flag -depth: want a number of plies from 1 to 14, or auto`},
		{[]string{"-seed", "-1"}, `invalid value "-1" for flag -seed`},
		{[]string{"-player", "human"}, `-player "human": want one of expectimax, minimax, greedy, random`},
		{[]string{"-eval", "foo"}, `unknown evaluator "foo"`},
		{[]string{"-time", "-1s"}, "-time -1s: want a positive duration"},
		{[]string{"-player", "random", "-depth", "3"}, "-depth: the random player does not search"},
		{[]string{"-player", "greedy", "-time", "1s"}, "-time: only the expectimax player"},
		{[]string{"-player", "minimax", "-cutoff", "0.01"}, "-cutoff: only the expectimax player cuts branches off"},
		{[]string{"-cutoff", "1"}, "-cutoff 1: want a probability from 0 (no cut-off) to below 1"},
		{[]string{"-cutoff", "-0.5"}, "-cutoff -0.5: want a probability"},
		{[]string{"-cutoff", "NaN"}, "-cutoff NaN: want a probability"},
		{[]string{"-player", "random", "-eval", "snake"}, "-eval: the random player evaluates nothing"},
		{[]string{"-plot", "out.jpg"}, "-plot out.jpg: want a file name ending in .png, .svg"},
		{[]string{"-depths", "1-3"}, "-depths needs -compare"},
		{[]string{"-compare", "-depths", "5-2"}, `-depths "5-2": the range "5-2" runs backwards; want LOW-HIGH, like 2-5`},
		{[]string{"-compare", "-depths", "0-2"}, `"0" is not a depth`},
		{[]string{"-compare", "-depths", "1-x"}, `"x" is not a depth`},
		{[]string{"-compare", "-depths", "1-3", "-depth", "2"}, "-depths and -depth both set the depth"},
		{[]string{"-compare", "-depths", "1-3", "-player", "random"}, "-depths: the random player does not search"},
		{[]string{"-compare", "-player", "minimax"}, "-player with -compare needs -depths"},
		{[]string{"extra"}, `unexpected argument "extra"`},
	} {
		status, stdout, stderr := runCommand(context.Background(), append([]string{"sim"}, tt.args...)...)
		if status != 2 || stdout != "" || !strings.Contains(stderr, tt.want) || !strings.Contains(stderr, "usage: 2048 sim") {
			t.Errorf("sim %q: status %d, stdout %q, stderr %q; want 2, nothing, %q and the usage", tt.args, status, stdout, stderr, tt.want)
		}
	}
}

func TestSimHelp(t *testing.T) {
	status, stdout, stderr := runCommand(context.Background(), "sim", "-h")
	if status != 0 || stderr != "" || !strings.Contains(stdout, "2048 sim -compare") {
		t.Errorf("sim -h: status %d, stdout %q, stderr %q; want 0 and the synopsis on stdout", status, stdout, stderr)
	}
}

func TestParseDepths(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int
	}{
		{"3", []int{3}},
		{"1-4", []int{1, 2, 3, 4}},
		{"2-2", []int{2}},
		{"1,3,5-6", []int{1, 3, 5, 6}},
	} {
		if got, err := parseDepths(c.in); err != nil || !slices.Equal(got, c.want) {
			t.Errorf("parseDepths(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"", "-", "4-", "-4", "a", "1-17", "3-1", "1,,2"} {
		if got, err := parseDepths(in); err == nil {
			t.Errorf("parseDepths(%q) = %v; want an error", in, got)
		}
	}
}

func TestSimCompare(t *testing.T) {
	status, stdout, stderr := runCommand(context.Background(), "sim", "-compare", "-games", "2", "-depth", "1")
	if status != 0 {
		t.Fatalf("sim -compare: status %d, stderr %q", status, stderr)
	}
	for _, want := range []string{"2 games a configuration", "\nrandom ", "\ngreedy ", "\nminimax 1 ", "\nexpectimax 1 ", "95% Wilson"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("sim -compare printed\n%s\nwant it to contain %q", stdout, want)
		}
	}
	status, stdout, stderr = runCommand(context.Background(), "sim", "-compare", "-depths", "1-2", "-games", "2", "-player", "minimax", "-json")
	var doc struct{ Runs []simJSON }
	if err := json.Unmarshal([]byte(stdout), &doc); status != 0 || err != nil || len(doc.Runs) != 2 ||
		doc.Runs[0].Config.Depth != 1 || doc.Runs[1].Config.Depth != 2 || len(doc.Runs[1].Games) != 2 {
		t.Errorf("sim -compare -depths 1-2 -json: status %d, %v, %+v, stderr %q; want runs at depths 1 and 2", status, err, doc, stderr)
	}
}

// TestSimCompareTimed: -compare with -time gives the expectimax player its
// time a move and plays the other three as they play, all four of them.
func TestSimCompareTimed(t *testing.T) {
	status, stdout, stderr := runCommand(context.Background(), "sim", "-compare", "-games", "2", "-depth", "1", "-time", "1ms", "-cutoff", "0")
	if status != 0 {
		t.Fatalf("sim -compare -time 1ms: status %d, stderr %q", status, stderr)
	}
	for _, want := range []string{"\nrandom ", "\ngreedy ", "\nminimax 1 ", "\nexpectimax 1ms≤1 cut-off none "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("sim -compare -time 1ms printed\n%s\nwant it to contain %q", stdout, want)
		}
	}
}

// TestSimCutoff: -cutoff sets the probability under which the search stops
// expanding, says so in the report, and keeps it in -json; a cut-off of
// 0.5 cuts the search off after the first spawns, where the default goes
// on to the third ply.
func TestSimCutoff(t *testing.T) {
	evaluations := func(args ...string) float64 {
		t.Helper()
		status, stdout, stderr := runCommand(context.Background(), append([]string{"sim", "-games", "2", "-depth", "3", "-json"}, args...)...)
		var doc struct {
			Config struct {
				Label  string  `json:"label"`
				Cutoff float64 `json:"cutoff"`
			} `json:"config"`
			Summary sim.Summary `json:"summary"`
		}
		if err := json.Unmarshal([]byte(stdout), &doc); status != 0 || err != nil {
			t.Fatalf("sim %q: status %d, %v, stderr %q", args, status, err, stderr)
		}
		if len(args) == 2 {
			want := map[string]float64{"0": -1, "0.5": 0.5}[args[1]]
			if doc.Config.Cutoff != want || !strings.Contains(doc.Config.Label, "cut-off") {
				t.Errorf("sim %q: config %+v; want its cut-off, %v, and it in the label", args, doc.Config, want)
			}
		}
		return doc.Summary.EvalsPerMove
	}
	if all, def, half := evaluations("-cutoff", "0"), evaluations(), evaluations("-cutoff", "0.5"); !(half < def && def <= all) {
		t.Errorf("evaluations a move: %v with no cut-off, %v by default, %v with 0.5; want the fewer the higher the cut-off", all, def, half)
	}
	status, stdout, stderr := runCommand(context.Background(), "sim", "-games", "1", "-depth", "2", "-cutoff", "0")
	if status != 0 || !strings.Contains(stdout, "expectimax, 2 plies, eval nneonneo, no cut-off") {
		t.Errorf("sim -cutoff 0: status %d, stdout %q, stderr %q; want the report to say there is no cut-off", status, stdout, stderr)
	}
}

// TestSimWorkersFitInMemory: sim refuses workers whose tables would take
// more than half of the memory, before playing (see Config.CheckMemory).
func TestSimWorkersFitInMemory(t *testing.T) {
	const gib = 1 << 30
	if m := sim.PhysicalMemory(); m == 0 || m > 32*gib {
		t.Skip("no memory figure, or enough memory for 1024 tables of 16 MiB")
	}
	status, stdout, stderr := runCommand(context.Background(), "sim", "-games", "1024", "-workers", "1024")
	if status != 2 || stdout != "" || !strings.Contains(stderr, "-workers 1024: 1024 workers with a 16 MiB table each need 16 GiB") {
		t.Errorf("sim -games 1024 -workers 1024: status %d, stdout %q, stderr %q; want 2 and why", status, stdout, stderr)
	}
}
