package review_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/term2048/2048/ai/review"
)

// document is what TestWriteJSON reads of the document.
type document struct {
	Game struct {
		Source string `json:"source"`
		Seed   uint64 `json:"seed"`
		Moves  int    `json:"moves"`
		Score  int    `json:"score"`
		Tile   int    `json:"highest_tile"`
		Note   string `json:"note"`
	} `json:"game"`
	Reviewed int  `json:"reviewed"`
	Complete bool `json:"complete"`
	Summary  struct {
		Verdicts map[string]int `json:"verdicts"`
	} `json:"summary"`
	Moves []documentMove `json:"moves"`
}

// documentMove is a move of the document.
type documentMove struct {
	Move    int                 `json:"move"`
	Played  string              `json:"played"`
	Values  map[string]*float64 `json:"values"`
	Verdict string              `json:"verdict"`
}

// TestWriteJSON checks that the JSON document of a review is one object,
// a line for each field of its head and for each move, that says what the
// review says.
func TestWriteJSON(t *testing.T) {
	g := play(t, randomPlayer(4), 11, 12)
	rev := run(t, g, review.Options{Setting: review.Setting{Depth: 1}})
	var b bytes.Buffer
	about := review.About{Source: "a test game", Game: g, Score: 40, Tile: 8, Note: "made up"}
	if err := review.WriteJSON(&b, about, rev); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if n := len(lines); n != 1+5+1+len(rev.Moves)+2 || lines[0] != "{" || !strings.HasPrefix(lines[1], ` "game": {`) || lines[6] != ` "moves": [` {
		t.Fatalf("WriteJSON wrote %d lines:\n%s\nwant the head a field a line, then the %d moves a line", n, b.String(), len(rev.Moves))
	}
	var doc document
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("WriteJSON wrote %s: %v", b.String(), err)
	}
	if gm := doc.Game; gm.Source != about.Source || gm.Seed != g.Seed || gm.Moves != rev.Total || gm.Score != 40 || gm.Tile != 8 || gm.Note != "made up" ||
		doc.Reviewed != len(rev.Moves) || !doc.Complete || len(doc.Summary.Verdicts) != int(review.NumVerdicts) {
		t.Errorf("WriteJSON: %+v; want the game told of and the review's %d moves", doc, rev.Total)
	}
	for i, m := range doc.Moves {
		checkMove(t, m, rev.Moves[i])
	}
}

// checkMove checks that a move of the document says what the review's
// move says.
func checkMove(t *testing.T, m documentMove, want review.Move) {
	t.Helper()
	played := m.Values[want.Played.String()]
	if m.Move != want.Number || m.Played != want.Played.String() || m.Verdict != want.Verdict.String() ||
		played == nil || *played != want.Search.Value[want.Played] {
		t.Errorf("move %d: %+v; want %v played, %v", want.Number, m, want.Played, want.Verdict)
	}
}
