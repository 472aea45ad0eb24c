package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWritePlot(t *testing.T) {
	one := runResult{run: tinyRun(t, playerGreedy, 0, 6, 2)}
	one.games = play(t, one.run)
	one.summary = summarize(one.games)
	other := runResult{run: tinyRun(t, playerRandom, 0, 6, 2)}
	other.games = play(t, other.run)
	other.summary = summarize(other.games)
	empty := runResult{run: tinyRun(t, playerRandom, 0, 6, 2), summary: summarize(nil)}

	for _, c := range []struct {
		ext    string
		runs   []runResult
		prefix string
	}{
		{".png", []runResult{one}, "\x89PNG"},
		{".svg", []runResult{one, other}, "<?xml"},
		{".pdf", []runResult{one, other}, "%PDF"},
		{".png", []runResult{empty}, "\x89PNG"},
		{".PNG", []runResult{other, empty}, "\x89PNG"},
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
