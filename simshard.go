package main

import (
	"bytes"
	"cmp"
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

// mergeOutcomes reads the -json outputs of sim at paths, the shards of one
// run or of one -compare, and returns the runs they make together: for
// each configuration, its games from every file, in seed order. It fails
// if a file is not such an output, if the files played different
// configurations, or if a game was played twice.
func mergeOutcomes(paths []string) ([]sim.Outcome, bool, error) {
	var merged []readRun
	compare := false
	for i, path := range paths {
		runs, isCompare, err := readSimJSON(path)
		if err != nil {
			return nil, false, err
		}
		if i == 0 {
			merged, compare = runs, isCompare
			continue
		}
		if isCompare != compare || len(runs) != len(merged) {
			return nil, false, fmt.Errorf("%s: %d runs; %s has %d: the files are not shards of the same command", path, len(runs), paths[0], len(merged))
		}
		for j, r := range runs {
			if r.config.Label != merged[j].config.Label {
				return nil, false, fmt.Errorf("%s: run %d is %q; %s has %q", path, j+1, r.config.Label, paths[0], merged[j].config.Label)
			}
			merged[j].Games = append(merged[j].Games, r.Games...)
			merged[j].Interrupted += r.Interrupted
			merged[j].NotStarted += r.NotStarted
			merged[j].Wall = max(merged[j].Wall, r.Wall)
			merged[j].Run.Workers += r.Run.Workers
		}
	}
	out := make([]sim.Outcome, len(merged))
	for j, m := range merged {
		slices.SortFunc(m.Games, func(a, b sim.Game) int { return cmp.Compare(a.Seed, b.Seed) })
		for i := 1; i < len(m.Games); i++ {
			if m.Games[i].Seed == m.Games[i-1].Seed {
				return nil, false, fmt.Errorf("%s: the game of seed %d is in two files", m.config.Label, m.Games[i].Seed)
			}
		}
		m.Run.Games = len(m.Games) + m.Interrupted + m.NotStarted
		if len(m.Games) > 0 {
			m.Run.Seed = m.Games[0].Seed
		}
		out[j] = m.Outcome
	}
	return out, compare, nil
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
