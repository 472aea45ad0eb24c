package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestShardsMerge plays a run as three shards and checks that -merge of
// their outputs reports the run itself: the same games, the same summary.
func TestShardsMerge(t *testing.T) {
	dir := t.TempDir()
	run := []string{"sim", "-player", "greedy", "-games", "11", "-seed", "5", "-workers", "1", "-json"}
	var parts []string
	for _, k := range []string{"1/3", "2/3", "3/3"} {
		status, stdout, stderr := runCommand(context.Background(), append(run, "-shard", k)...)
		if status != 0 {
			t.Fatalf("sim -shard %s: status %d, stderr %q", k, status, stderr)
		}
		part := filepath.Join(dir, strings.ReplaceAll(k, "/", "of")+".json")
		if err := os.WriteFile(part, []byte(stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, part)
	}
	_, whole, _ := runCommand(context.Background(), run...)
	status, merged, stderr := runCommand(context.Background(), append([]string{"sim", "-merge", "-json"}, parts[2], parts[0], parts[1])...)
	if status != 0 {
		t.Fatalf("sim -merge: status %d, stderr %q", status, stderr)
	}
	var a, b simJSON
	if err := json.Unmarshal([]byte(whole), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(merged), &b); err != nil {
		t.Fatalf("sim -merge -json printed %q: %v", merged, err)
	}
	seeds := func(d simJSON) []uint64 {
		var s []uint64
		for _, g := range d.Games {
			s = append(s, g.Seed)
		}
		return s
	}
	if !slices.Equal(seeds(a), seeds(b)) || a.Summary.MeanScore != b.Summary.MeanScore || a.Summary.Moves != b.Summary.Moves ||
		!slices.Equal(a.Summary.Reach, b.Summary.Reach) || b.Config.Games != 11 || b.Config.Seed != 5 {
		t.Errorf("merged: seeds %v, mean %g, %d moves, config %+v; want the whole run's: %v, %g, %d",
			seeds(b), b.Summary.MeanScore, b.Summary.Moves, b.Config, seeds(a), a.Summary.MeanScore, a.Summary.Moves)
	}

	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"sim", "-merge", parts[0], parts[0]}, 1, "in two files"},
		{[]string{"sim", "-merge", filepath.Join(dir, "none.json")}, 1, "no such file"},
		{[]string{"sim", "-merge", "-games", "3", parts[0]}, 2, "-merge reads games played before"},
		{[]string{"sim", "-merge"}, 2, "give the -json outputs"},
		{[]string{"sim", "-games", "2", "-shard", "3/3"}, 2, "cannot make 3 parts"},
		{[]string{"sim", "-shard", "0/2"}, 2, "1 ≤ K ≤ N"},
		{[]string{"sim", "-shard", "2"}, 2, "want K/N"},
	} {
		status, _, stderr := runCommand(context.Background(), c.args...)
		if status != c.status || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: status %d, stderr %q; want %d and %q", c.args, status, stderr, c.status, c.want)
		}
	}
	text := filepath.Join(dir, "text.json")
	os.WriteFile(text, []byte(`{"hello": 1}`), 0o644)
	if status, _, stderr := runCommand(context.Background(), "sim", "-merge", text); status != 1 || !strings.Contains(stderr, "not the output of sim -json") {
		t.Errorf("-merge of other JSON: status %d, stderr %q; want it refused", status, stderr)
	}
}

func TestShardOf(t *testing.T) {
	for _, games := range []int{1, 7, 10, 100} {
		for n := 1; n <= min(games, 9); n++ {
			next := uint64(3)
			for k := 1; k <= n; k++ {
				first, count := shard{k, n}.of(games, 3)
				if first != next || count < games/n || count > games/n+1 {
					t.Fatalf("shard %d/%d of %d games from seed 3 = %d games from %d; want %d or %d from %d",
						k, n, games, count, first, games/n, games/n+1, next)
				}
				next += uint64(count)
			}
			if next != 3+uint64(games) {
				t.Fatalf("the %d shards of %d games end at seed %d; want %d", n, games, next, 3+games)
			}
		}
	}
}
