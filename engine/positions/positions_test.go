package positions_test

import (
	"strings"
	"testing"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/engine/positions"
)

func TestEmbedded(t *testing.T) {
	count := map[string]int{}
	for _, p := range positions.All() {
		count[p.Source]++
	}
	want := map[string]int{positions.Random: 50, positions.Mid: 20, positions.Late: 20}
	for src, n := range want {
		if count[src] != n {
			t.Errorf("%d %q positions; want %d", count[src], src, n)
		}
	}
	if len(count) != len(want) {
		t.Errorf("sources %v; want %v", count, want)
	}
	// The first line of the file, 1,3,4,2,1,4,6,5,2,5,4,1,3,1,4,1.
	first, err := engine.Parse("2 8 16 4 2 16 64 32 4 32 16 2 8 2 16 2")
	if err != nil {
		t.Fatal(err)
	}
	if got := positions.All()[0].Board; got != first {
		t.Errorf("first position = %v; want %v", got, first)
	}
	if got := len(positions.Boards(positions.Random)); got != 50 {
		t.Errorf("Boards(Random) has %d boards; want 50", got)
	}
	if got := len(positions.Boards("")); got != 90 {
		t.Errorf(`Boards("") has %d boards; want 90`, got)
	}
}

// TestAllIsACopy checks that a caller cannot change the embedded positions.
func TestAllIsACopy(t *testing.T) {
	ps := positions.All()
	ps[0].Board = 0
	if positions.All()[0].Board == 0 {
		t.Error("changing the result of All changed the embedded positions")
	}
}

func TestParseErrors(t *testing.T) {
	for _, text := range []string{
		"random 1,2,3",
		"random 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16",
		"random 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,x",
		"random",
		"random 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 extra",
	} {
		if _, err := positions.Parse(text); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("Parse(%q) error = %v; want one naming line 1", text, err)
		}
	}
	ps, err := positions.Parse("# a comment\n\nmid 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1\n")
	if err != nil || len(ps) != 1 || ps[0].Source != positions.Mid || ps[0].Board != 1 {
		t.Errorf("Parse of one position after a comment and a blank line = %v, %v", ps, err)
	}
}
