package review_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// TestWriteHintJSON: the answer names the best move, rates every legal
// move as Rate does and no other, and leaves out an empty reason.
func TestWriteHintJSON(t *testing.T) {
	for _, c := range []struct{ board, move string }{
		{"512 256 128 64 / 4 8 16 32 / 2 0 0 0 / 0 0 0 2", ""},
		{"2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2", "none"},
	} {
		b := mustParse(t, c.board)
		r := search(t, b, 2)
		var buf bytes.Buffer
		if err := review.WriteHintJSON(&buf, r, "heuristic", "", false); err != nil {
			t.Fatal(err)
		}
		var got struct {
			Move    string `json:"move"`
			Eval    string `json:"eval"`
			Why     *string
			Ratings map[string]struct {
				Verdict string  `json:"verdict"`
				Loss    float64 `json:"loss"`
			} `json:"ratings"`
		}
		if err := json.Unmarshal(buf.Bytes(), &got); err != nil || buf.Bytes()[buf.Len()-1] != '\n' {
			t.Fatalf("WriteHintJSON(%v) wrote %q: %v; want one line of JSON", b, buf.String(), err)
		}
		want := c.move
		if want == "" {
			want = r.Best.String()
		}
		if got.Move != want || got.Eval != "heuristic" || got.Why != nil {
			t.Errorf("WriteHintJSON(%v): move %q, eval %q, why %v; want %q, heuristic, no why", b, got.Move, got.Eval, got.Why, want)
		}
		rs := review.Rate(r)
		for d := range engine.Direction(engine.NumDirections) {
			g, ok := got.Ratings[d.String()]
			if ok != r.Legal[d] || ok && (g.Verdict != rs[d].Verdict.String() || g.Loss != rs[d].Loss) {
				t.Errorf("WriteHintJSON(%v): rating of %v = %+v, %v; want %+v for a move legal %v", b, d, g, ok, rs[d], r.Legal[d])
			}
		}
	}
}
