package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/tui"
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
	net, _, err := tui.ReadNetwork(play)
	if err != nil || net.Design() != ntuple.FourBySix {
		t.Fatalf("the play file read back: %v", err)
	}
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
		{[]string{"-export", play, "-weights", w, "-coarse", "0"}, 2, "-coarse 0: want a factor from 1"},
		{[]string{"-export", play, "-weights", w, "-coarse", "4097"}, 2, "-coarse 4097: want a factor from 1"},
		{[]string{"-export", filepath.Join(dir, "again.play"), "-weights", play}, 1, "not a weights file but a play file"},
		{[]string{"-export", play, "-weights", filepath.Join(dir, "none.weights")}, 1, "no trained network"},
	} {
		status, _, stderr := runCommand(context.Background(), append([]string{"train"}, c.args...)...)
		if status != c.status || !strings.Contains(stderr, c.want) {
			t.Errorf("train %q: status %d, stderr %q; want %d and %q", c.args, status, stderr, c.status, c.want)
		}
	}
}

// TestExportRounding checks what -export says of its rounding: the
// coarse rounding of the weights play seldom reaches only where there is
// one, a network in its coherence phase and a factor above 1.
func TestExportRounding(t *testing.T) {
	for _, c := range []struct {
		step      float64
		coarse    int
		coherence bool
		want      string
	}{
		{8, 16, false, "each weight within 4 points"},
		{8, 1, true, "each weight within 4 points"},
		{8, 16, true, "each weight within 4 points, those play seldom reaches (95%) within 64"},
		{8, 64, true, "each weight within 4 points, those play seldom reaches (95%) within 256"},
		{0, 64, true, "each weight within half a 65535th of its tuple's range, those play seldom reaches (95%) within 64 times that"},
		{0, 1, true, "each weight within half a 65535th of its tuple's range"},
	} {
		if got := rounding(c.step, c.coarse, c.coherence); got != c.want {
			t.Errorf("rounding(%v, %d, %v) = %q; want %q", c.step, c.coarse, c.coherence, got, c.want)
		}
	}
}
