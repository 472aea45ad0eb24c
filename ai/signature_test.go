package ai

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/signature.golden")

// signaturePly is the depth of the bench signature: shallow enough for every
// test run, deep enough to exercise the table and the cut-off.
const signaturePly = 4

// TestSignature searches every benchmark position (package engine/positions)
// at a fixed depth on one thread from an empty table and compares the chosen
// move and the node count with testdata/signature.golden. Any change to the AI's
// choices or to the work it does shows here; such a change is deliberate,
// made with -update and named in the commit message with the signature
// before and after (the last line of the file).
func TestSignature(t *testing.T) {
	const path = "testdata/signature.golden"
	s := NewSearcher(Config{Threads: 1})
	var sb strings.Builder
	var nodes uint64
	for _, b := range readPositions(t, "") {
		s.Reset()
		r, err := s.Search(context.Background(), b, Limits{Depth: signaturePly})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&sb, "%v\t%v\t%d\n", b, r.Best, r.Nodes)
		nodes += r.Nodes
	}
	fmt.Fprintf(&sb, "signature %d\n", nodes)
	got := sb.String()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Errorf("line %d:\n got  %s\n want %s", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("the bench signature changed (%s); if that is intended, run go test ./ai -run Signature -update and say so in the commit",
			strings.TrimSpace(gl[len(gl)-2]))
	}
}
