package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/tui/dirlock"
	"github.com/term2048/2048/tui/trainfiles"
)

// quickTrain is a short training of one thread, evaluated on few games:
// the flags that make a test's training take seconds.
var quickTrain = []string{"-threads", "1", "-eval-games", "20"}

// train runs 2048 train with args after quickTrain and fails the test unless
// it exits with want.
func train(t *testing.T, want int, args ...string) (stdout, stderr string) {
	t.Helper()
	status, stdout, stderr := runCommand(context.Background(), append(append([]string{"train"}, quickTrain...), args...)...)
	if status != want {
		t.Fatalf("train %q: status %d, stderr %q; want %d", args, status, stderr, want)
	}
	return stdout, stderr
}

func TestTrainFlagErrors(t *testing.T) {
	dir := t.TempDir()
	w := filepath.Join(dir, "n.weights")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{}, "-time D or -episodes N"},
		{[]string{"-time", "1m", "-episodes", "5"}, "give one"},
		{[]string{"-time", "-1s"}, "positive duration"},
		{[]string{"-episodes", "5", "-net", "5x6"}, `unknown network "5x6"`},
		{[]string{"-episodes", "5", "-threads", "0"}, "-threads 0"},
		{[]string{"-episodes", "5", "-coherence", "1.5"}, "fraction from 0 to 1"},
		{[]string{"-episodes", "5", "-coherence", "NaN"}, "-coherence NaN: want a fraction from 0 to 1"},
		{[]string{"-episodes", "5", "-coherence", "Inf"}, "-coherence +Inf: want a fraction from 0 to 1"},
		{[]string{"-episodes", "5", "-coherence", "-Inf"}, "-coherence -Inf: want a fraction from 0 to 1"},
		{[]string{"-episodes", "5", "-coherence", "1e400"}, "out of range"},
		{[]string{"-episodes", "5", "-eval-depth", "0"}, "-eval-depth 0: want 1 to 14 plies"},
		{[]string{"-episodes", "5", "-init", "NaN"}, "-init NaN: want a value from -4e+06 to 4e+06 points"},
		{[]string{"-episodes", "5", "-init", "5e6"}, "-init 5e+06: want a value"},
		{[]string{"-episodes", "5", "-init", "0", "-resume", "-weights", w}, "-init: a resumed training goes on with the network of its file"},
		{[]string{"-episodes", "5", "-eval-depth", "15"}, "-eval-depth 15: want 1 to 14 plies"},
		{[]string{"-episodes", "5", "-lambda", "1.5"}, "-lambda 1.5: want a number from 0 to 1"},
		{[]string{"-episodes", "5", "-lambda", "-0.1"}, "-lambda -0.1: want a number from 0 to 1"},
		{[]string{"-episodes", "5", "-lambda", "NaN"}, "-lambda NaN: want a number from 0 to 1"},
		{[]string{"-episodes", "5", "-restart", "-1"}, "-restart -1: want 0 (never) to"},
		{[]string{"-time", "3000000h"}, "invalid value"},
		{[]string{"-episodes", "5", "-eval-every", "3000000h"}, "invalid value"},
		{[]string{"-episodes", "5", "-checkpoint-every", "3000000h"}, "invalid value"},
		{[]string{"-episodes", "5", "-eval-every", "-1s"}, "-eval-every -1s"},
		{[]string{"-episodes", "99999999999999999999"}, "out of range"},
		{[]string{"-episodes", "5", "-eval-games", "0"}, "at least 1 game"},
		{[]string{"-episodes", "5", "-checkpoint-every", "0s"}, "positive duration"},
		{[]string{"-episodes", "5", "-plot", "curve.txt"}, ".png, .svg"},
		{[]string{"-episodes", "5", "-resume", "-seed", "3"}, "-seed"},
		{[]string{"-episodes", "5", "extra"}, `unexpected argument "extra"`},
		{[]string{"-episodes", "five"}, "invalid value"},
		{[]string{"-episodes", "5", "-rate", "0"}, "-rate 0: want a fraction above 0, at most 1"},
		{[]string{"-episodes", "5", "-rate", "NaN"}, "-rate NaN: want a fraction above 0, at most 1"},
		{[]string{"-episodes", "5", "-coherence-rate", "1.5"}, "-coherence-rate 1.5: want a fraction above 0, at most 1"},
		{[]string{"-episodes", "5", "-stage-tile", "256"}, "-stage-tile and -starts go with -first FILE"},
		{[]string{"-episodes", "5", "-starts", "9"}, "-stage-tile and -starts go with -first FILE"},
		{[]string{"-episodes", "5", "-step", "4"}, "-step goes with -export FILE: a training writes a weights file, not a play file"},
		{[]string{"-episodes", "5", "-tiers", "1:1"}, "-tiers goes with -export FILE"},
		{[]string{"-episodes", "5", "-first", "a.weights", "-stage-shift", "0"}, "-stage-shift goes with -export FILE"},
		{[]string{"-episodes", "5", "-first", "a.weights", "-stage-tile", "100"}, "-stage-tile 100: want a tile from 4 to 32768"},
		{[]string{"-episodes", "5", "-first", "a.weights", "-stage-tile", "2"}, "-stage-tile 2: want a tile from 4 to 32768"},
		{[]string{"-episodes", "5", "-first", "a.weights", "-starts", "0"}, "-starts 0: want 1 to 1,000,000 boards"},
		{[]string{"-episodes", "5", "-init-from", "a.play", "-resume"}, "-init-from: a resumed training goes on with the network of its file"},
		{[]string{"-episodes", "5", "-init-from", "a.play", "-init", "5"}, "-init and -init-from both say where a new network starts"},
	} {
		status, _, stderr := runCommand(context.Background(), append([]string{"train", "-weights", w}, c.args...)...)
		if status != 2 || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, "usage: 2048 train") {
			t.Errorf("train %q: status %d, stderr %q; want 2 and %q with the usage", c.args, status, stderr, c.want)
		}
	}
	if _, err := os.Stat(w); err == nil {
		t.Error("a refused command line wrote the weights file")
	}
}

// TestTrainAndUse trains a network, refuses to train over it, resumes it,
// and uses it in hint and sim.
func TestTrainAndUse(t *testing.T) {
	dir := t.TempDir()
	w, curve, plot := filepath.Join(dir, "n.weights"), filepath.Join(dir, "n.curve.csv"), filepath.Join(dir, "curve.svg")
	stdout, stderr := train(t, 0, "-episodes", "100", "-weights", w, "-plot", plot)
	if !strings.Contains(stdout, "after") || !strings.Contains(stdout, "100 games") || !strings.Contains(stderr, "checkpoint") {
		t.Errorf("train printed %q and %q; want an evaluation after 100 games and a checkpoint", stdout, stderr)
	}
	for _, f := range []string{w, curve, plot} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("train did not write %s: %v", f, err)
		}
	}

	checkTrainRefusals(t, dir, w)

	stdout, _ = train(t, 0, "-episodes", "50", "-weights", w, "-resume", "-lambda", "0.5", "-eval-depth", "2", "-eval-games", "20")
	if !strings.Contains(stdout, "20 games at 2 plies") {
		t.Errorf("train -eval-depth 2 printed %q; want the evaluation's 20 games at 2 plies", stdout)
	}
	released(t, w)
	state, err := stateOf(w)
	if err != nil || state.Episodes != 150 {
		t.Fatalf("after resuming: %d episodes, %v; want 150", state.Episodes, err)
	}
	points, err := trainfiles.ReadCurve(curve)
	if err != nil || len(points) != 2 || points[1].Episodes != 150 || points[0].Plies != 1 || points[1].Plies != 2 {
		t.Errorf("the learning curve after resuming: %+v, %v; want 2 points, at one ply, then after 150 games at 2 plies", points, err)
	}

	checkNetworkPlays(t, w)
}

// checkTrainRefusals checks that train refuses to train over w, the
// weights file of a network trained in dir, without -resume or while
// another training holds it, to resume it as another design, and to
// resume a file that is not there.
func checkTrainRefusals(t *testing.T, dir, w string) {
	t.Helper()
	_, stderr := train(t, 1, "-episodes", "10", "-weights", w)
	if !strings.Contains(stderr, w+" exists already") || !strings.Contains(stderr, "-resume") {
		t.Errorf("a second training over the file: stderr %q; want a refusal that names -resume", stderr)
	}

	// A training at work keeps its weights file: another is refused at
	// once, with the PID of the first (here this process's).
	lock, err := dirlock.AcquireFile(w)
	if err != nil {
		t.Fatal(err)
	}
	_, stderr = train(t, 1, "-episodes", "10", "-weights", w, "-resume")
	if want := fmt.Sprintf("%s is being trained by another 2048 train (PID %d)", w, os.Getpid()); !strings.Contains(stderr, want) {
		t.Errorf("a training of a file in training: stderr %q; want %q", stderr, want)
	}
	lock.Release()
	_, stderr = train(t, 1, "-episodes", "10", "-weights", w, "-resume", "-net", "8x6")
	if !strings.Contains(stderr, "holds a 4x6 network") {
		t.Errorf("resuming with another -net: stderr %q; want a refusal", stderr)
	}
	_, stderr = train(t, 1, "-episodes", "10", "-weights", filepath.Join(dir, "none.weights"), "-resume")
	if !strings.Contains(stderr, "no trained network") {
		t.Errorf("resuming a missing file: stderr %q; want it said", stderr)
	}
}

// checkNetworkPlays checks that hint and sim play the network of the
// weights file w.
func checkNetworkPlays(t *testing.T, w string) {
	t.Helper()
	status, stdout, stderr := runCommand(context.Background(), "hint", "-v", "-eval", "ntuple", "-weights", w, "-depth", "2", "2 2 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0")
	if status != 0 || !strings.Contains(stdout, "eval ntuple") {
		t.Errorf("hint -eval ntuple: status %d, stdout %q, stderr %q; want the answer of the network", status, stdout, stderr)
	}
	status, stdout, stderr = runCommand(context.Background(), "sim", "-eval", "ntuple", "-weights", w, "-player", "greedy", "-games", "3", "-workers", "1")
	if status != 0 || !strings.Contains(stdout, "eval ntuple") {
		t.Errorf("sim -eval ntuple: status %d, stdout %q, stderr %q; want 3 games of the network", status, stdout, stderr)
	}
}

// TestTrainInit checks that -init sets the value of every board of a new
// network, and that the default is 0. Without the coherence phase, whose
// tables triple every file written and read: the value set does not
// depend on it (TestTrainAndUse trains and resumes in it).
func TestTrainInit(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want float32
	}{
		{nil, 0},
		{[]string{"-init", "320000"}, ntuple.DefaultInitialValue},
		{[]string{"-init", "1e5"}, 1e5},
	} {
		w := filepath.Join(dir, fmt.Sprintf("n%v.weights", c.want))
		train(t, 0, append([]string{"-episodes", "1", "-coherence", "0", "-weights", w}, c.args...)...)
		released(t, w)
		net, _, err := evaluators.ReadNetwork(w)
		if err != nil {
			t.Fatal(err)
		}
		if got := net.InitialValue(); got != c.want {
			t.Errorf("train %v: a network of initial value %v; want %v", c.args, got, c.want)
		}
		net.Release()
	}
}

// TestTrainAnnouncesMemory checks that train says what the network will
// take: all of the coherence tables from the start when the phase is the
// whole run, the default, and when they come otherwise.
func TestTrainAnnouncesMemory(t *testing.T) {
	dir := t.TempDir()
	for i, c := range []struct {
		args []string
		want string
	}{
		{nil, "the network takes 768 MiB on disk and in memory\n"},
		{[]string{"-coherence", "0.5"}, "the network takes 256 MiB on disk and in memory, 768 MiB from the temporal-coherence phase on\n"},
		{[]string{"-coherence", "0"}, "the network takes 256 MiB on disk and in memory\n"},
	} {
		w := filepath.Join(dir, fmt.Sprintf("n%d.weights", i))
		_, stderr := train(t, 0, append([]string{"-episodes", "1", "-eval-games", "1", "-weights", w}, c.args...)...)
		if !strings.Contains(stderr, c.want) {
			t.Errorf("train %v: stderr %q; want %q", c.args, stderr, c.want)
		}
	}
}

// TestTrainRestart checks that -restart, -rate and -coherence-rate set
// the length from which games are played again and the learning rates in
// the weights file, and that a resumed training keeps them unless told
// otherwise.
func TestTrainRestart(t *testing.T) {
	w := filepath.Join(t.TempDir(), "n.weights")
	fileState := func() ntuple.State {
		t.Helper()
		released(t, w)
		state, err := stateOf(w)
		if err != nil {
			t.Fatal(err)
		}
		return state
	}
	train(t, 0, "-episodes", "20", "-eval-games", "1", "-weights", w, "-restart", "0", "-rate", "0.05", "-coherence-rate", "0.25")
	if s := fileState(); s.Restart != 0 || s.Rate != 0.05 || s.CoherenceRate != 0.25 {
		t.Errorf("after -restart 0 -rate 0.05 -coherence-rate 0.25, the file keeps %d, %v and %v", s.Restart, s.Rate, s.CoherenceRate)
	}
	train(t, 0, "-episodes", "20", "-eval-games", "1", "-weights", w, "-resume")
	if s := fileState(); s.Restart != 0 || s.Rate != 0.05 || s.CoherenceRate != 0.25 {
		t.Errorf("after a resume without them, the file keeps %d, %v and %v; want them as they were", s.Restart, s.Rate, s.CoherenceRate)
	}
	train(t, 0, "-episodes", "20", "-eval-games", "1", "-weights", w, "-resume", "-restart", "25", "-coherence-rate", "0.5")
	if s := fileState(); s.Restart != 25 || s.Rate != 0.05 || s.CoherenceRate != 0.5 {
		t.Errorf("after -resume -restart 25 -coherence-rate 0.5, the file keeps %d, %v and %v", s.Restart, s.Rate, s.CoherenceRate)
	}
}

// A cancelAt is the standard error of a command that cancels the
// command's context once the command has written text to it.
type cancelAt struct {
	text   string
	cancel context.CancelFunc

	mu  sync.Mutex
	buf bytes.Buffer
}

// Write takes what the command writes.
func (w *cancelAt) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if strings.Contains(w.buf.String(), w.text) {
		w.cancel()
	}
	return len(p), nil
}

// String returns what the command wrote.
func (w *cancelAt) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// TestTrainInterrupted checks that an interrupted training writes a
// checkpoint that -resume goes on from. Without the coherence phase (see
// TestTrainInit), whose checkpoints, one a second here, take three times
// as long to write.
func TestTrainInterrupted(t *testing.T) {
	w := filepath.Join(t.TempDir(), "n.weights")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Interrupt it once it has trained: as it says that its first
	// checkpoint is written (whole or not at all), however slow the machine.
	errOut := &cancelAt{text: "checkpoint: " + w + " written", cancel: cancel}
	status := run(ctx, append(append([]string{"train"}, quickTrain...), "-time", "1h", "-coherence", "0", "-checkpoint-every", "1s", "-weights", w), nil, io.Discard, errOut)
	stderr := errOut.String()
	if status != 130 || !strings.Contains(stderr, "interrupted") || !strings.Contains(stderr, "-resume") {
		t.Fatalf("train stopped by its context: status %d, stderr %q; want 130 and how to resume", status, stderr)
	}
	released(t, w)
	state, err := stateOf(w)
	if err != nil || state.Episodes == 0 {
		t.Fatalf("the checkpoint of the interruption: %d episodes, %v; want some", state.Episodes, err)
	}
	train(t, 0, "-episodes", "10", "-coherence", "0", "-weights", w, "-resume")
}

// stateOf returns the state of the training in the weights file at path,
// read as the game reads it; the network read with it goes back at once
// (see ntuple.Network.Release), not when the collector happens to run.
func stateOf(path string) (ntuple.State, error) {
	net, state, err := evaluators.ReadNetwork(path)
	if err != nil {
		return ntuple.State{}, err
	}
	net.Release()
	return state, nil
}

// released fails the test unless the lock of the weights file at path is
// free: a training lets it go whichever way it ends.
func released(t *testing.T, path string) {
	t.Helper()
	lock, err := dirlock.AcquireFile(path)
	if err != nil {
		t.Fatalf("the weights file's lock after the training: %v; want it free", err)
	}
	lock.Release()
}

// TestTrainRefusals checks the refusals that come before any training,
// and that each lets the lock of the weights file go.
func TestTrainRefusals(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.weights")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-weights", dir}, "-weights " + dir + ": is a directory"},
		{[]string{"-weights", empty, "-resume"}, "-resume: " + empty + " is empty: it holds no network to resume"},
		{[]string{"-weights", filepath.Join(dir, "none.weights"), "-resume"}, "no trained network"},
		{[]string{"-weights", empty, "-log", dir}, "-log " + dir + ": is a directory"},
		{[]string{"-weights", empty, "-plot", filepath.Join(dir, "no", "curve.png")}, "-plot " + filepath.Join(dir, "no", "curve.png")},
	} {
		_, stderr := train(t, 1, append([]string{"-episodes", "1"}, c.args...)...)
		if !strings.Contains(stderr, c.want) {
			t.Errorf("train %q: stderr %q; want %q", c.args, stderr, c.want)
		}
	}
	released(t, empty)
	if data, err := os.ReadFile(empty); err != nil || len(data) != 0 {
		t.Errorf("the empty weights file after the refusals: %d bytes, %v; want it untouched", len(data), err)
	}
}

// TestTrainOverAnEmptyFile checks that an empty weights file, which holds
// nothing to lose, is trained over, and that train says so; and that the
// temporary file of a checkpoint whose writer was killed is removed.
func TestTrainOverAnEmptyFile(t *testing.T) {
	dir := t.TempDir()
	w := filepath.Join(dir, "n.weights")
	if err := os.WriteFile(w, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	stale, foreign := filepath.Join(dir, ".n.weights.tmp-123"), filepath.Join(dir, ".other.weights.tmp-456")
	hourAgo := time.Now().Add(-time.Hour)
	for _, path := range []string{stale, foreign} {
		if err := os.WriteFile(path, []byte("half a checkpoint"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, hourAgo, hourAgo); err != nil {
			t.Fatal(err)
		}
	}
	_, stderr := train(t, 0, "-episodes", "5", "-eval-games", "1", "-weights", w)
	if !strings.Contains(stderr, w+" is empty: the new network is written over it") {
		t.Errorf("train over an empty file: stderr %q; want it said", stderr)
	}
	if _, err := os.Stat(stale); err == nil || !strings.Contains(stderr, "removed "+stale) {
		t.Errorf("the temporary file of a killed checkpoint: %v, stderr %q; want it removed, and said", err, stderr)
	}
	if _, err := os.Stat(foreign); err != nil {
		t.Errorf("the temporary file of another weights file: %v; want it kept", err)
	}
	if state, err := stateOf(w); err != nil || state.Episodes != 5 {
		t.Errorf("the network trained over an empty file: %d episodes, %v; want 5", state.Episodes, err)
	}
}
