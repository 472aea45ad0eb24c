package ai_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai"
)

// signaturePly is the depth of the bench signature: shallow enough for every
// test run, deep enough to exercise the table and the cut-off.
const signaturePly = 4

// TestSignature searches every benchmark position (package engine/positions)
// at a fixed depth on one thread from an empty table and compares the chosen
// move and the node count with testdata/TestSignature.golden. Any change to
// the AI's choices or to the work it does shows here; such a change is
// deliberate, made with go test ./ai -run Signature -update and named in the
// commit message with the signature before and after (the last line of the
// file).
func TestSignature(t *testing.T) {
	s := ai.NewSearcher(ai.Config{Threads: 1})
	var sb strings.Builder
	var nodes uint64
	for _, b := range ai.ReadPositions(t, "") {
		s.Reset()
		r, err := s.Search(context.Background(), b, ai.Limits{Depth: signaturePly})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&sb, "%v\t%v\t%d\n", b, r.Best, r.Nodes)
		nodes += r.Nodes
	}
	fmt.Fprintf(&sb, "signature %d\n", nodes)
	defer func() {
		if t.Failed() {
			t.Logf("the bench signature is now %d; if the change is meant, run go test ./ai -run Signature -update and say so in the commit", nodes)
		}
	}()
	golden.RequireEqual(t, sb.String())
}
