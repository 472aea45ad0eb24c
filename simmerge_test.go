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

// shardFiles plays the parts of "sim -player greedy -games games -seed
// seed" that ks name (like "2/3") and returns the files of their -json
// outputs.
func shardFiles(t *testing.T, games, seed string, ks ...string) []string {
	t.Helper()
	var files []string
	for _, k := range ks {
		files = append(files, simOutputFile(t, "sim", "-player", "greedy", "-games", games, "-seed", seed, "-workers", "1", "-json", "-shard", k))
	}
	return files
}

// editJSON returns a copy of the sim -json output in the file at path,
// changed by edit, which gets its top-level fields and those of its
// configuration.
func editJSON(t *testing.T, path string, edit func(doc, config map[string]json.RawMessage)) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc, config map[string]json.RawMessage
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(doc["config"], &config); err != nil {
		t.Fatal(err)
	}
	edit(doc, config)
	if doc["config"], err = json.Marshal(config); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return writeTemp(t, "edited.json", string(out))
}

// TestMergeRefusesMismatchedShards: -merge reports only a whole run, so it
// refuses files that are not its parts, naming the file at fault and what
// it disagrees with. The run is 11 games from seed 5 in three parts: seeds
// 5 to 7, 8 to 11 and 12 to 15.
func TestMergeRefusesMismatchedShards(t *testing.T) {
	parts := shardFiles(t, "11", "5", "1/3", "2/3", "3/3")
	otherGames := shardFiles(t, "12", "5", "2/3")[0]
	otherSeed := shardFiles(t, "11", "6", "2/3")[0]
	whole := simOutputFile(t, "sim", "-player", "greedy", "-games", "3", "-seed", "5", "-workers", "1", "-json")
	noShard := func(doc, config map[string]json.RawMessage) { delete(config, "shard") }
	cutShort := editJSON(t, parts[1], func(doc, config map[string]json.RawMessage) {
		var games []json.RawMessage
		if err := json.Unmarshal(doc["games"], &games); err != nil {
			t.Fatal(err)
		}
		doc["games"], _ = json.Marshal(games[:len(games)-1])
	})
	movedSeed := editJSON(t, parts[0], func(doc, config map[string]json.RawMessage) {
		delete(config, "shard")
		config["seed"] = json.RawMessage("6")
	})
	for _, c := range []struct {
		name  string
		files []string
		want  []string // in the message
	}{
		{"a part missing", []string{parts[0], parts[2]}, []string{"part 2/3 of the run (seeds 8 to 11) is in none of the files"}},
		{"the last part missing", []string{parts[0], parts[1]}, []string{"part 3/3 of the run (seeds 12 to 15)"}},
		{"a part of another -games", []string{parts[0], otherGames, parts[2]},
			[]string{otherGames, "part 2/3 of -games 12 -seed 5", parts[0], "part 1/3 of -games 11 -seed 5"}},
		{"a part of another -seed", []string{parts[0], otherSeed, parts[2]},
			[]string{otherSeed, "part 2/3 of -games 11 -seed 6", parts[0], "-games 11 -seed 5"}},
		{"a whole run beside a part", []string{whole, parts[1], parts[2]}, []string{parts[1], "part 2/3", whole, "a whole run, not a shard"}},
		{"a part twice", []string{parts[0], parts[1], parts[1], parts[2]}, []string{parts[1], "the same part is in two files"}},
		{"a part with fewer games than it says", []string{parts[0], cutShort, parts[2]},
			[]string{cutShort, "3 games (3 finished, 0 cut short, 0 not started) where its config says 4"}},
		{"a game outside its seeds", []string{movedSeed}, []string{movedSeed, "the game of seed 5 is not one of its seeds, 6 to 8"}},
		{"parts without their header, one missing", []string{editJSON(t, parts[0], noShard), editJSON(t, parts[2], noShard)},
			[]string{"no file has the games of seeds 8 to 11"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, stdout, stderr := runCommand(context.Background(), append([]string{"sim", "-merge"}, c.files...)...)
			ok := status == 1 && stdout == ""
			for _, w := range c.want {
				ok = ok && strings.Contains(stderr, w)
			}
			if !ok {
				t.Errorf("sim -merge: status %d, stdout %q, stderr %q; want 1 and %q", status, stdout, stderr, c.want)
			}
		})
	}
	// The parts without their header, all there, still merge.
	var bare []string
	for _, p := range parts {
		bare = append(bare, editJSON(t, p, noShard))
	}
	if status, _, stderr := runCommand(context.Background(), append([]string{"sim", "-merge"}, bare...)...); status != 0 {
		t.Errorf("sim -merge of the parts without their header: status %d, stderr %q", status, stderr)
	}
}

// TestMergeByteOrderMark merges a part saved with the byte order mark that
// Windows editors put at the start of a UTF-8 file.
func TestMergeByteOrderMark(t *testing.T) {
	parts := shardFiles(t, "4", "1", "1/2", "2/2")
	data, err := os.ReadFile(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	withBOM := writeTemp(t, "part2.json", "\xef\xbb\xbf"+string(data))
	_, want, _ := runCommand(context.Background(), "sim", "-merge", parts[0], parts[1])
	if status, stdout, stderr := runCommand(context.Background(), "sim", "-merge", parts[0], withBOM); status != 0 || stdout != want {
		t.Errorf("sim -merge of a part with a byte order mark: status %d, stderr %q, stdout %q; want %q", status, stderr, stdout, want)
	}
}

// TestMergeCancelled: ctrl+c stops -merge between two files.
func TestMergeCancelled(t *testing.T) {
	parts := shardFiles(t, "2", "1", "1/2", "2/2")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if status, stdout, stderr := runCommand(ctx, "sim", "-merge", parts[0], parts[1]); status != 130 || stdout != "" || !strings.Contains(stderr, "interrupted") {
		t.Errorf("sim -merge, cancelled: status %d, stdout %q, stderr %q; want 130, interrupted", status, stdout, stderr)
	}
}
