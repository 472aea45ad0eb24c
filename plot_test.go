package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/term2048/2048/ai/sim"
)

func TestWritePlot(t *testing.T) {
	one := fixedOutcome(t, sim.Config{Player: sim.Player{Kind: sim.Greedy}, Games: 6, Seed: 7, Workers: 2})
	other := fixedOutcome(t, sim.Config{Player: sim.Player{Kind: sim.Random}, Games: 6, Seed: 7, Workers: 2})
	empty := sim.Outcome{Config: other.Config, NotStarted: 6}

	for _, c := range []struct {
		ext    string
		runs   []sim.Outcome
		prefix string
	}{
		{".png", []sim.Outcome{one}, "\x89PNG"},
		{".svg", []sim.Outcome{one, other}, "<?xml"},
		{".pdf", []sim.Outcome{one, other}, "%PDF"},
		{".png", []sim.Outcome{empty}, "\x89PNG"},
		{".PNG", []sim.Outcome{other, empty}, "\x89PNG"},
	} {
		var b bytes.Buffer
		if err := writePlot(&b, c.ext, c.runs); err != nil {
			t.Errorf("writePlot(%s, %d runs): %v", c.ext, len(c.runs), err)
			continue
		}
		if !strings.HasPrefix(b.String(), c.prefix) {
			t.Errorf("writePlot(%s, %d runs) begins %q; want %q", c.ext, len(c.runs), b.Bytes()[:min(b.Len(), 8)], c.prefix)
		}
	}
}

func TestSimPlot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "reach.svg")
	status, _, stderr := runCommand(context.Background(), "sim", "-games", "4", "-player", "greedy", "-plot", path)
	if status != 0 {
		t.Fatalf("sim -plot: status %d, stderr %q", status, stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil || !bytes.Contains(data, []byte("<svg")) {
		t.Errorf("sim -plot %s wrote %d bytes, %v; want an SVG image", path, len(data), err)
	}
}
