package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestSimPlot draws the plot of a small run through the command.
func TestSimPlot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "reach.svg")
	status, _, stderr := runCommand(context.Background(), "sim", "-games", "4", "-player", "greedy", "-plot", path)
	if status != 0 {
		t.Fatalf("sim -plot: status %d, stderr %q", status, stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The drawing is package chart's, whose tests parse its SVG: here, the
	// command drew the chart of its run, to the file named.
	if !bytes.Contains(data, []byte("<svg")) || !bytes.Contains(data, []byte("scores of 4 games of greedy")) {
		t.Errorf("sim -plot wrote no SVG of the run's scores:\n%.300s", data)
	}
}
