package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/tui/regularfile"
)

// A shard is the part K of N of a run's games: a run too long for one
// machine is played as N shards, one a job of a batch system, whose -json
// outputs -merge puts back together.
type shard struct{ k, n int }

// parseShard reads a shard written K/N, with 1 ≤ K ≤ N.
func parseShard(s string) (shard, error) {
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return shard{}, fmt.Errorf("%q: want K/N, the part K of N, with 1 ≤ K ≤ N", s)
	}
	return shard{k, n}, nil
}

// of returns the games of the shard among games games seeded from seed: a
// block of consecutive seeds, the blocks of the N shards covering every
// game once and differing in size by one game at most.
func (s shard) of(games int, seed uint64) (first uint64, count int) {
	lo := (s.k - 1) * games / s.n
	hi := s.k * games / s.n
	return seed + uint64(lo), hi - lo
}

// shardJSON is the shard a run of sim's JSON played, written with -shard
// so that -merge can tell which part of which run each file is.
type shardJSON struct {
	Part  int    `json:"part"`  // K of -shard K/N
	Of    int    `json:"of"`    // N
	Games int    `json:"games"` // -games of the whole run
	Seed  uint64 `json:"seed"`  // -seed of the whole run
}

// String describes the shard as its command line gave it.
func (s *shardJSON) String() string {
	if s == nil {
		return "a whole run, not a shard"
	}
	return fmt.Sprintf("part %d/%d of -games %d -seed %d", s.Part, s.Of, s.Games, s.Seed)
}

// mergeOutcomes reads the -json outputs of sim at paths, the shards of one
// run or of one -compare, and returns the runs they make together: for
// each configuration, its games from every file, in seed order. It fails
// if a file is not such an output or holds fewer or more games than it
// says it played, if the files played different configurations, or
// different runs, if a part of the run is missing or a game was played
// twice. It stops between two files when ctx is done.
func mergeOutcomes(ctx context.Context, paths []string) ([]sim.Outcome, bool, error) {
	var files [][]readRun // the runs of each file, in the order of paths
	compare := false
	for i, path := range paths {
		if ctx.Err() != nil {
			return nil, false, errInterrupted
		}
		runs, isCompare, err := readSimJSON(path)
		if err != nil {
			return nil, false, err
		}
		if i == 0 {
			compare = isCompare
		} else if isCompare != compare || len(runs) != len(files[0]) {
			return nil, false, fmt.Errorf("%s: %d runs; %s has %d: the files are not shards of the same command", path, len(runs), paths[0], len(files[0]))
		}
		for j, r := range runs {
			if i > 0 && r.config.Label != files[0][j].config.Label {
				return nil, false, fmt.Errorf("%s: run %d is %q; %s has %q", path, j+1, r.config.Label, paths[0], files[0][j].config.Label)
			}
		}
		files = append(files, runs)
	}
	out := make([]sim.Outcome, len(files[0]))
	for j := range out {
		parts := make([]part, len(paths))
		for i, path := range paths {
			parts[i] = part{path, files[i][j]}
		}
		o, err := mergeParts(parts)
		if err != nil {
			return nil, false, err
		}
		out[j] = o
	}
	return out, compare, nil
}

// A part is a run read from one of the files -merge reads.
type part struct {
	path string
	run  readRun
}

// mergeParts returns the run that parts, the same configuration in each
// file, make together, once checkParts has found them to be the parts of
// one run.
func mergeParts(parts []part) (sim.Outcome, error) {
	if err := checkParts(parts); err != nil {
		return sim.Outcome{}, err
	}
	m := parts[0].run.Outcome
	m.Games = nil
	m.Interrupted, m.NotStarted, m.Run.Workers = 0, 0, 0
	for _, p := range parts {
		m.Games = append(m.Games, p.run.Games...)
		m.Interrupted += p.run.Interrupted
		m.NotStarted += p.run.NotStarted
		m.Wall = max(m.Wall, p.run.Wall)
		m.Run.Workers += p.run.Run.Workers
	}
	slices.SortFunc(m.Games, func(a, b sim.Game) int { return cmp.Compare(a.Seed, b.Seed) })
	for i := 1; i < len(m.Games); i++ {
		if m.Games[i].Seed == m.Games[i-1].Seed {
			return sim.Outcome{}, fmt.Errorf("%s: the game of seed %d is in two files", parts[0].run.config.Label, m.Games[i].Seed)
		}
	}
	m.Run.Games = len(m.Games) + m.Interrupted + m.NotStarted
	m.Run.Seed = slices.MinFunc(parts, func(a, b part) int { return cmp.Compare(a.run.Run.Seed, b.run.Run.Seed) }).run.Run.Seed
	return m, nil
}

// checkParts returns an error naming the file at fault if parts are not
// the parts of one run: a file that holds fewer or more games than its
// configuration says, or games of other seeds; files that are shards of
// different runs (another -games or -seed, or a whole run beside a shard);
// two files of the same seeds; a part missing.
func checkParts(parts []part) error {
	for _, p := range parts {
		if err := p.run.checkGames(p.path); err != nil {
			return err
		}
		if err := p.checkShard(parts[0]); err != nil {
			return err
		}
	}
	sorted := slices.Clone(parts)
	slices.SortStableFunc(sorted, func(a, b part) int { return cmp.Compare(a.run.Run.Seed, b.run.Run.Seed) })
	first, whole := sorted[0].run.Run.Seed, sorted[0].run.config.Shard
	if whole != nil {
		first = whole.Seed
	}
	next := first // the first seed not yet in a file
	for i, p := range sorted {
		r := p.run.Run
		switch {
		case r.Seed > next:
			return missingSeeds(whole, next, r.Seed)
		case r.Seed < next:
			return fmt.Errorf("%s and %s both have the game of seed %d: the same part is in two files", sorted[i-1].path, p.path, r.Seed)
		}
		next = r.Seed + uint64(r.Games)
	}
	if whole != nil && next < whole.Seed+uint64(whole.Games) {
		return missingSeeds(whole, next, whole.Seed+uint64(whole.Games))
	}
	return nil
}

// missingSeeds is the error of the games of seeds from up to before to,
// which no file holds, of the run whole or of shards without their part.
func missingSeeds(whole *shardJSON, from, to uint64) error {
	seeds := fmt.Sprintf("seeds %d to %d", from, to-1)
	if from == to-1 {
		seeds = fmt.Sprintf("seed %d", from)
	}
	if whole != nil {
		for k := 1; k <= whole.Of; k++ {
			if first, _ := (shard{k, whole.Of}).of(whole.Games, whole.Seed); first == from {
				return fmt.Errorf("part %d/%d of the run (%s) is in none of the files: merge all %d parts", k, whole.Of, seeds, whole.Of)
			}
		}
	}
	return fmt.Errorf("no file has the games of %s: a part of the run is missing", seeds)
}

// checkGames returns an error naming the file at path if r holds fewer or
// more games than its configuration says it played, or games of seeds
// outside its own.
func (r readRun) checkGames(path string) error {
	if n := len(r.Games) + r.Interrupted + r.NotStarted; n != r.Run.Games {
		return fmt.Errorf("%s: %d games (%d finished, %d cut short, %d not started) where its config says %d: the file is not whole",
			path, n, len(r.Games), r.Interrupted, r.NotStarted, r.Run.Games)
	}
	for _, g := range r.Games {
		if g.Seed < r.Run.Seed || g.Seed-r.Run.Seed >= uint64(r.Run.Games) {
			return fmt.Errorf("%s: the game of seed %d is not one of its seeds, %d to %d", path, g.Seed, r.Run.Seed, r.Run.Seed+uint64(r.Run.Games)-1)
		}
	}
	return nil
}

// checkShard returns an error naming the file of p if it is not a part of
// the run that first is a part of, or if its games are not those of the
// part it says it is.
func (p part) checkShard(first part) error {
	s, s0 := p.run.config.Shard, first.run.config.Shard
	if (s == nil) != (s0 == nil) || s != nil && (s.Of != s0.Of || s.Games != s0.Games || s.Seed != s0.Seed) {
		return fmt.Errorf("%s is %v; %s is %v: not the parts of one run", p.path, s, first.path, s0)
	}
	if s == nil {
		return nil
	}
	if s.Part < 1 || s.Part > s.Of {
		return fmt.Errorf("%s: part %d/%d is not a part", p.path, s.Part, s.Of)
	}
	if seed, games := (shard{s.Part, s.Of}).of(s.Games, s.Seed); seed != p.run.Run.Seed || games != p.run.Run.Games {
		return fmt.Errorf("%s: %d games from seed %d are not %v", p.path, p.run.Run.Games, p.run.Run.Seed, s)
	}
	return nil
}

// A readRun is a run read from sim's JSON, with the configuration it was
// written with.
type readRun struct {
	sim.Outcome
	config configJSON
}

// runJSON is one run in sim's JSON.
type runJSON struct {
	Config      *configJSON     `json:"config"`
	Games       []sim.Game      `json:"games"`
	Interrupted int             `json:"interrupted"`
	NotStarted  int             `json:"not_started"`
	WallSeconds float64         `json:"wall_seconds"`
	Summary     json.RawMessage `json:"summary"` // recomputed from the games
}

// readSimJSON reads a file written by sim -json: one run, or with -compare
// several; it reports which.
func readSimJSON(path string) ([]readRun, bool, error) {
	f, err := regularfile.Open(path)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, withoutPath(err))
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, withoutPath(err))
	}
	var doc struct {
		runJSON
		Runs []runJSON `json:"runs"`
	}
	dec := json.NewDecoder(bytes.NewReader(trimBOM(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return nil, false, fmt.Errorf("%s: not the output of sim -json: %w", path, err)
	}
	runs, compare := doc.Runs, doc.Runs != nil
	if !compare {
		runs = []runJSON{doc.runJSON}
	}
	var out []readRun
	for i, r := range runs {
		if r.Config == nil {
			return nil, false, fmt.Errorf("%s: run %d has no configuration: not the output of sim -json", path, i+1)
		}
		p, err := r.Config.player()
		if err != nil {
			return nil, false, fmt.Errorf("%s: run %d: %w", path, i+1, err)
		}
		o := sim.Outcome{
			Run:   sim.Run{Player: p, Games: r.Config.Games, Seed: r.Config.Seed, Workers: r.Config.Workers},
			Games: r.Games, Interrupted: r.Interrupted, NotStarted: r.NotStarted,
			Wall: time.Duration(r.WallSeconds * float64(time.Second)),
		}
		out = append(out, readRun{o, *r.Config})
	}
	return out, compare, nil
}

// player returns the player of a configuration, as far as the reports need
// it; its evaluator is not made, as no game is played.
func (c configJSON) player() (sim.Player, error) {
	p := sim.Player{Kind: c.Player, Eval: c.Eval, Depth: c.Depth, Time: time.Duration(c.TimePerMove * float64(time.Second))}
	if p.Kind == sim.Greedy || p.Kind == sim.Random {
		p.Depth = ai.Auto // the JSON writes their depth as 1 and 0
	}
	if !slices.Contains(sim.Kinds(), p.Kind) {
		return p, fmt.Errorf("unknown player %q", p.Kind)
	}
	return p, nil
}

// errMergeFlags is the error of -merge with flags that play games.
var errMergeFlags = errors.New("-merge reads games played before: it takes only -json, -csv and -plot")
