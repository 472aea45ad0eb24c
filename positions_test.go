package main

import (
	"strings"
	"testing"

	"github.com/term2048/2048/engine"
)

func TestEmbeddedPositions(t *testing.T) {
	ps, err := parsePositions(positionsText)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, p := range ps {
		count[p.source]++
	}
	want := map[string]int{"random": 50, "mid": 20, "late": 20}
	for src, n := range want {
		if count[src] != n {
			t.Errorf("%d %q positions; want %d", count[src], src, n)
		}
	}
	if len(count) != len(want) {
		t.Errorf("sources %v; want %v", count, want)
	}
	// The first line of the file, 1,3,4,2,1,4,6,5,2,5,4,1,3,1,4,1.
	first, _ := engine.Parse("2 8 16 4 2 16 64 32 4 32 16 2 8 2 16 2")
	if ps[0].board != first {
		t.Errorf("first position = %v; want %v", ps[0].board, first)
	}
	if got := len(boardsFrom(ps, "random")); got != 50 {
		t.Errorf("boardsFrom(random) has %d boards; want 50", got)
	}
}

func TestParsePositionsErrors(t *testing.T) {
	for _, text := range []string{
		"random 1,2,3",
		"random 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16",
		"random 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,x",
		"random",
		"random 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 extra",
	} {
		if _, err := parsePositions(text); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("parsePositions(%q) error = %v; want one naming line 1", text, err)
		}
	}
}
