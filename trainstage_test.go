package main

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/curve"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
)

// TestTrainStages trains a first stage, then a second from where its games
// first hold 64, exports both as one play file, plays it, and checks what
// a second stage refuses: to be resumed or exported without its first, or
// with another tile.
func TestTrainStages(t *testing.T) {
	if raceEnabled { // the trainer's goroutines are raced by the other train tests
		t.Skip("two stages trained, exported and joined: minutes under -race; .ci/run runs it without")
	}
	// Without the coherence phase, whose tables triple the files that
	// every step here reads and writes.
	dir := t.TempDir()
	firstWeights, first := filepath.Join(dir, "first.weights"), filepath.Join(dir, "first.play")
	second, both := filepath.Join(dir, "second.weights"), filepath.Join(dir, "both.play")
	train(t, 0, "-episodes", "30", "-coherence", "0", "-weights", firstWeights)
	if status, _, stderr := runCommand(context.Background(), "train", "-export", first, "-weights", firstWeights); status != 0 {
		t.Fatal(stderr)
	}
	// -init 0: a second stage that values boards below the first, so that
	// meeting it changes the evaluation's games (checkEvaluatedSeam).
	stdout, stderr := train(t, 0, "-episodes", "30", "-coherence", "0", "-weights", second, "-first", first, "-stage-tile", "64", "-starts", "50", "-init", "0")
	for _, want := range []string{"the second stage (boards from 64) of " + first, "start from the 50 boards where 50 of", "first hold 64",
		"the network takes 256 MiB on disk and in memory; its first stage 128 MiB more in memory",
		"the evaluations raise or lower the second stage to meet the first where it takes over, as -export does: on the afterstates of 2,000 more boards where its games first hold 64"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("train -first: stderr %q; want %q", stderr, want)
		}
	}
	released(t, second)
	checkEvaluatedSeam(t, first, second, stdout, stderr)
	state, err := stateOf(second)
	if err != nil || state.StageTile != 64 || state.Episodes != 30 {
		t.Fatalf("the second stage read back: %+v, %v; want 30 games from tile 64", state, err)
	}
	train(t, 0, "-episodes", "10", "-coherence", "0", "-weights", second, "-first", first, "-resume", "-starts", "20")

	status, stdout, stderr := runCommand(context.Background(), "train", "-export", both, "-weights", second, "-first", first)
	if status != 0 || !strings.Contains(stdout, "a network of two stages, "+first+"'s, then from 64 "+second+"'s") || !strings.Contains(stdout, "70 games in all") {
		t.Fatalf("train -export -first: status %d, stdout %q, stderr %q; want the two stages written", status, stdout, stderr)
	}
	checkSeam(t, both, first, second, stdout, stderr)
	status, stdout, stderr = runCommand(context.Background(), "hint", "-eval", "ntuple", "-weights", both, "-depth", "2", "64 2 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0")
	if status != 0 || stdout == "" {
		t.Errorf("hint with two stages: status %d, stdout %q, stderr %q; want its answer", status, stdout, stderr)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"train", "-episodes", "5", "-weights", second, "-resume"}, "holds the stage from 64 of a network of stages: resume it with -first FILE"},
		{[]string{"train", "-episodes", "5", "-weights", second, "-resume", "-first", first, "-stage-tile", "128"}, "-stage-tile 128: " + second + " holds the stage from 64"},
		{[]string{"train", "-episodes", "5", "-weights", firstWeights, "-resume", "-first", first}, "holds a network of every board, not a second stage"},
		{[]string{"train", "-episodes", "5", "-weights", filepath.Join(dir, "third.weights"), "-first", both}, "a network of stages already"},
		{[]string{"train", "-episodes", "5", "-weights", filepath.Join(dir, "third.weights"), "-init-from", both}, "-init-from " + both + ": a network of stages"},
		{[]string{"train", "-episodes", "5", "-weights", filepath.Join(dir, "third.weights"), "-first", filepath.Join(dir, "none.weights")}, "-first: no trained network"},
		{[]string{"train", "-export", filepath.Join(dir, "x.play"), "-weights", second}, "give it with -first FILE"},
		{[]string{"train", "-export", filepath.Join(dir, "x.play"), "-weights", first, "-first", first}, "holds a network of every board, not a second stage"},
		{[]string{"train", "-export", filepath.Join(dir, "x.play"), "-weights", second, "-first", second}, "a second stage itself, not a first"},
		{[]string{"train", "-export", filepath.Join(dir, "x.play"), "-weights", second, "-first", first, "-stage-tile", "128"}, "-stage-tile 128: " + second + " holds the stage from 64"},
		{[]string{"train", "-export", filepath.Join(dir, "x.play"), "-weights", second, "-first", filepath.Join(dir, "none.play")}, "-first: no trained network"},
		{[]string{"train", "-export", filepath.Join(dir, "x.play"), "-weights", both, "-first", first, "-stage-tile", "128"}, "-weights " + both + ": a network of stages already; give the network of the second stage"},
		{[]string{"train", "-export", filepath.Join(dir, "x.play"), "-weights", first, "-first", both, "-stage-tile", "128"}, "-first " + both + ": a network of stages already; give the network of its first stage"},
	} {
		status, _, stderr := runCommand(context.Background(), c.args...)
		if status != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: status %d, stderr %q; want 1 and %q", c.args, status, stderr, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.play")); err == nil {
		t.Error("a refused -export wrote its file")
	}

	// Two networks trained apart, the second a play file of every board,
	// put together from a tile given.
	glued := filepath.Join(dir, "glued.play")
	status, stdout, stderr = runCommand(context.Background(), "train", "-export", glued, "-weights", first, "-first", first, "-stage-tile", "128")
	if status != 0 || !strings.Contains(stdout, "then from 128") {
		t.Fatalf("two networks put together: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if err := checkPlayFile(glued); err != nil {
		t.Errorf("the networks put together checked: %v", err)
	}
}

// checkSeam checks that the play file of two stages both, which -export
// wrote with stdout and stderr, has its second stage shifted to meet the
// first where it takes over: by the gap that a file of the same stages
// exported with -stage-shift 0 has there, as stdout says.
func checkSeam(t *testing.T, both, first, second, stdout, stderr string) {
	t.Helper()
	shifted := regexp.MustCompile(`the second stage's values (raised|lowered) by ([0-9,]+) points to meet the first's at 64: on the afterstates of 2,000 boards where the first stage's games first hold it, they value [0-9,]+ points to come, the first [0-9,]+\n`).FindStringSubmatch(stdout)
	if shifted == nil || !strings.Contains(stderr, "measuring where the stages meet: the first stage plays until it holds 64, 2,000 times") {
		t.Fatalf("train -export -first: stdout %q, stderr %q; want the seam measured and the shift", stdout, stderr)
	}
	raw := filepath.Join(t.TempDir(), "raw.play")
	status, stdout, stderr := runCommand(context.Background(), "train", "-export", raw, "-weights", second, "-first", first, "-stage-shift", "0")
	if status != 0 || !strings.Contains(stdout, "the second stage's values as trained (-stage-shift)") || strings.Contains(stderr, "measuring") {
		t.Fatalf("train -export -stage-shift 0: status %d, stdout %q, stderr %q; want the stages as trained", status, stdout, stderr)
	}
	gap, met := seamGap(t, raw), seamGap(t, both)
	want := shifted[2]
	if shifted[1] == "lowered" {
		want = "-" + want
	}
	if got := figures.Count(int64(math.Round(gap))); got != want && "-"+got != want {
		t.Errorf("the shift said %s%s; the gap of the stages as trained is %v", shifted[1], shifted[2], gap)
	}
	if math.Abs(met) > 0.5 {
		t.Errorf("the gap of the stages exported: %v points; want them to meet (the stages as trained: %v)", met, gap)
	}
}

// checkEvaluatedSeam checks that the evaluation of the second stage's
// training, which wrote stdout and stderr, played the two stages shifted to
// meet as -export shifts them: by the gap where they meet, as stderr says,
// and with the mean score of that network, which is not the mean score of
// the stages as trained.
func checkEvaluatedSeam(t *testing.T, first, second, stdout, stderr string) {
	t.Helper()
	said := regexp.MustCompile(`evaluating with the second stage's values (raised|lowered) by ([0-9,]+) points to meet the first's at 64: on the afterstates of 2,000 boards where the first stage's games first hold it, they value [0-9,]+ points to come, the first [0-9,]+\n`).FindStringSubmatch(stderr)
	if said == nil {
		t.Fatalf("train -first: stderr %q; want the shift of the evaluation", stderr)
	}
	f, _, err := evaluators.ReadNetwork(first)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Release() // the trainings that follow need the memory
	s, state, err := evaluators.ReadNetwork(second)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Release()
	stages := []ntuple.Stage{{Net: f}, {Net: s, Tile: 64}}
	trained, err := ntuple.Staged(stages)
	if err != nil {
		t.Fatal(err)
	}
	seam, err := ntuple.MeasureSeam(context.Background(), trained, 1, ntuple.SeamBoards, ntuple.SeamSeed, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := figures.Count(int64(math.Round(math.Abs(seam.Gap())))); got != said[2] || (seam.Gap() < 0) != (said[1] == "lowered") {
		t.Errorf("the evaluation played the second stage %s by %s; the gap of the stages trained is %v", said[1], said[2], seam.Gap())
	}
	stages[1].Shift = seam.Gap()
	met, err := ntuple.Staged(stages)
	if err != nil {
		t.Fatal(err)
	}
	mean := func(n *ntuple.Network) string {
		p, err := curve.Evaluate(context.Background(), n, state, 20, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		return "mean " + figures.Decimal(p.Mean, 0) + " ±"
	}
	played, asTrained := mean(met), mean(trained)
	if !strings.Contains(stdout, played) || played == asTrained {
		t.Errorf("train -first: stdout %q; want the %s of the stages met, not the %s of the stages as trained", stdout, played, asTrained)
	}
}

// seamGap returns the gap where the second stage of the play file at path
// meets the first, measured as -export measures it.
func seamGap(t *testing.T, path string) float64 {
	t.Helper()
	n, _, err := evaluators.ReadNetwork(path)
	if err != nil {
		t.Fatal(err)
	}
	defer n.Release() // and its stages
	s, err := ntuple.MeasureSeam(context.Background(), n, 1, ntuple.SeamBoards, ntuple.SeamSeed, 2)
	if err != nil {
		t.Fatal(err)
	}
	return s.Gap()
}

// TestTrainInitFrom checks that -init-from starts a new network from the
// weights of another, here a play file's: after one game of training, the
// new network values boards as the other does, but for the few weights that
// game moved.
func TestTrainInitFrom(t *testing.T) {
	dir := t.TempDir()
	a, b, play := filepath.Join(dir, "a.weights"), filepath.Join(dir, "b.weights"), filepath.Join(dir, "a.play")
	train(t, 0, "-episodes", "30", "-coherence", "0", "-weights", a)
	if status, _, stderr := runCommand(context.Background(), "train", "-export", play, "-weights", a, "-step", "0"); status != 0 {
		t.Fatalf("train -export: %s", stderr)
	}
	_, stderr := train(t, 0, "-episodes", "1", "-coherence", "0", "-eval-every", "0", "-weights", b, "-init-from", play)
	if !strings.Contains(stderr, "a new 4x6 network from the weights of "+play) {
		t.Errorf("train -init-from: stderr %q; want it to say where the network starts", stderr)
	}
	// A network trained one game from a's weights values boards as a does
	// but where that game moved them; one trained one game from nothing is
	// far from it: the boards of small tiles, which the 30 games trained.
	fresh := filepath.Join(dir, "c.weights")
	train(t, 0, "-episodes", "1", "-coherence", "0", "-eval-every", "0", "-weights", fresh)
	from := readNetwork(t, play)
	got := readNetwork(t, b)
	other := readNetwork(t, fresh)
	rng := rand.New(rand.NewPCG(1, 2))
	var near, far float64
	for range 10_000 {
		var x engine.Board
		for i := range engine.NumCells {
			x = x.With(i, uint8(rng.IntN(7)))
		}
		w := from.Evaluate(x)
		near += math.Abs(got.Evaluate(x) - w)
		far += math.Abs(other.Evaluate(x) - w)
	}
	if near > far/4 {
		t.Errorf("the network started from a is %.0f points from it over 10,000 boards, a new one %.0f; want a quarter or less", near, far)
	}
}

// readNetwork reads the network of the file at path, as the game does;
// its memory goes back at the end of the test.
func readNetwork(t *testing.T, path string) *ntuple.Network {
	t.Helper()
	n, _, err := evaluators.ReadNetwork(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Release)
	return n
}

// checkPlayFile checks the play file at path through (see ntuple.CheckPlay).
func checkPlayFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = ntuple.CheckPlay(f)
	return err
}
