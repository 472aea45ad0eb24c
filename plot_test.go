package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
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
	checkSVG(t, data, []string{"scores of 4 games of greedy"})
}

// checkSVG parses data as XML with an svg root and checks that its text
// elements hold each of texts.
func checkSVG(t *testing.T, data []byte, texts []string) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	var root string
	var inText bool
	var found []string
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Errorf("the SVG is not well-formed XML: %v", err)
			return
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
			inText = tok.Name.Local == "text"
		case xml.CharData:
			if inText {
				found = append(found, string(tok))
			}
		case xml.EndElement:
			inText = false
		}
	}
	if root != "svg" {
		t.Errorf("the SVG's root element is %q; want svg", root)
	}
	for _, text := range texts {
		if !slices.Contains(found, text) {
			t.Errorf("the SVG has no text %q; it has %q", text, found)
		}
	}
}
