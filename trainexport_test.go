package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/ai/ntuple"
)

// TestTrainExport writes the play file of an untrained network, reads it
// as hint does, and checks what -export refuses.
func TestTrainExport(t *testing.T) {
	dir := t.TempDir()
	w, play := filepath.Join(dir, "n.weights"), filepath.Join(dir, "n.play")
	c, err := ntuple.NewCheckpoint(ntuple.FourBySix, 1)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(w)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}

	status, stdout, stderr := runCommand(context.Background(), "train", "-export", play, "-weights", w, "-step", "8")
	if status != 0 || !strings.Contains(stdout, play+": the 4x6 network of 0 games") || !strings.Contains(stdout, "within 4 points") {
		t.Fatalf("train -export: status %d, stdout %q, stderr %q; want the play file described", status, stdout, stderr)
	}
	net, _, err := evaluators.ReadNetwork(play)
	if err != nil || net.Design() != ntuple.FourBySix {
		t.Fatalf("the play file read back: %v", err)
	}
	net.Release()
	status, stdout, stderr = runCommand(context.Background(), "hint", "-eval", "ntuple", "-weights", play, "-depth", "1", "2 2 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0")
	if status != 0 || stdout == "" {
		t.Errorf("hint with the play file: status %d, stdout %q, stderr %q; want its answer", status, stdout, stderr)
	}

	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"-export", play, "-weights", w, "-time", "1m"}, 2, "-time: -export writes the network of the weights file and trains nothing"},
		{[]string{"-export", play, "-weights", w, "-step", "-1"}, 2, "-step -1: want a number of points"},
		{[]string{"-export", play, "-weights", w, "-step", "NaN"}, 2, "-step NaN"},
		{[]string{"-export", play, "-weights", w, "-tiers", "0.5:1"}, 2, "the last tier has share 0.5: it must be 1"},
		{[]string{"-export", play, "-weights", w, "-tiers", "1:4097"}, 2, "a factor from 1 to 4096"},
		{[]string{"-export", play, "-weights", w, "-tiers", "fine"}, 2, "want SHARE:FACTOR"},
		{[]string{"-export", play, "-weights", w, "-stage-shift", "100"}, 2, "-stage-tile and -stage-shift go with -first FILE"},
		{[]string{"-export", play, "-weights", w, "-first", w, "-stage-shift", "x"}, 2, `invalid value "x" for flag -stage-shift: want auto, or a number of points from -4e+06 to 4e+06`},
		{[]string{"-export", play, "-weights", w, "-first", w, "-stage-shift", "NaN"}, 2, "want auto, or a number of points"},
		{[]string{"-export", play, "-weights", w, "-first", w, "-stage-shift", "5e6"}, 2, "want auto, or a number of points"},
		{[]string{"-export", play, "-weights", w, "-threads", "0"}, 2, "-threads 0: want 1 to"},
		{[]string{"-export", filepath.Join(dir, "again.play"), "-weights", play}, 1, "not a weights file but a play file"},
		{[]string{"-export", play, "-weights", filepath.Join(dir, "none.weights")}, 1, "no trained network"},
	} {
		status, _, stderr := runCommand(context.Background(), append([]string{"train"}, c.args...)...)
		if status != c.status || !strings.Contains(stderr, c.want) {
			t.Errorf("train %q: status %d, stderr %q; want %d and %q", c.args, status, stderr, c.status, c.want)
		}
	}
}
