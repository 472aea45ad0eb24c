package sim

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// A File is a document read from a file, for Merge: Name, the file's
// name, begins the errors that concern it.
type File struct {
	Name string
	Doc  Document
}

// Merge returns the document that files, the documents of the shards of
// one run (or of one comparison), make together: for each run, its games
// from every file in seed order, the games cut short and not started of
// every file, the longest time and the sum of the workers, as if one
// machine had played the whole run.
//
// It fails, with an error that names the file at fault, if the files hold
// different players or a different number of runs, if a file holds fewer
// or more games than its configuration says or games of other seeds, if
// the files are shards of different runs (another number of games or first
// seed, or a whole run beside a shard), if a part of the run is missing,
// or if a game is in two files.
func Merge(files []File) (Document, error) {
	if len(files) == 0 {
		return Document{}, errors.New("no file to merge")
	}
	first := files[0]
	for _, f := range files[1:] {
		if f.Doc.Compare != first.Doc.Compare || len(f.Doc.Runs) != len(first.Doc.Runs) {
			return Document{}, fmt.Errorf("%s: %d runs; %s has %d: the files are not shards of the same command",
				f.Name, len(f.Doc.Runs), first.Name, len(first.Doc.Runs))
		}
		for j, o := range f.Doc.Runs {
			if got, want := o.Config.Player.String(), first.Doc.Runs[j].Config.Player.String(); got != want {
				return Document{}, fmt.Errorf("%s: run %d is %q; %s has %q", f.Name, j+1, got, first.Name, want)
			}
		}
	}
	merged := Document{Runs: make([]Outcome, len(first.Doc.Runs)), Compare: first.Doc.Compare}
	for j := range merged.Runs {
		parts := make([]part, len(files))
		for i, f := range files {
			parts[i] = part{f.Name, f.Doc.Runs[j]}
		}
		o, err := mergeParts(parts)
		if err != nil {
			return Document{}, err
		}
		merged.Runs[j] = o
	}
	return merged, nil
}

// A part is a run read from one of the files Merge reads, with the name
// of its file.
type part struct {
	file string
	Outcome
}

// mergeParts returns the run that parts, the same configuration in each
// file, make together, once checkParts has found them to be the parts of
// one run.
func mergeParts(parts []part) (Outcome, error) {
	if err := checkParts(parts); err != nil {
		return Outcome{}, err
	}
	m := parts[0].Outcome
	m.Games = nil
	m.Interrupted, m.NotStarted, m.Config.Workers = 0, 0, 0
	m.Config.Shard = nil // the whole run
	for _, p := range parts {
		m.Games = append(m.Games, p.Games...)
		m.Interrupted += p.Interrupted
		m.NotStarted += p.NotStarted
		m.Wall = max(m.Wall, p.Wall)
		m.Config.Workers += p.Config.Workers
	}
	slices.SortFunc(m.Games, func(a, b Game) int { return cmp.Compare(a.Seed, b.Seed) })
	for i := 1; i < len(m.Games); i++ {
		if m.Games[i].Seed == m.Games[i-1].Seed {
			return Outcome{}, fmt.Errorf("%s: the game of seed %d is in two files", m.Config.Player, m.Games[i].Seed)
		}
	}
	m.Config.Games = len(m.Games) + m.Interrupted + m.NotStarted
	m.Config.Seed = slices.MinFunc(parts, func(a, b part) int { return cmp.Compare(a.Config.Seed, b.Config.Seed) }).Config.Seed
	return m, nil
}

// checkParts returns an error naming the file at fault if parts are not
// the parts of one run: a file that holds fewer or more games than its
// configuration says, or games of other seeds; files that are shards of
// different runs (another -games or -seed, or a whole run beside a shard);
// two files of the same seeds; a part missing.
func checkParts(parts []part) error {
	for _, p := range parts {
		if err := p.checkGames(); err != nil {
			return err
		}
		if err := p.checkShard(parts[0]); err != nil {
			return err
		}
	}
	sorted := slices.Clone(parts)
	slices.SortStableFunc(sorted, func(a, b part) int { return cmp.Compare(a.Config.Seed, b.Config.Seed) })
	first, whole := sorted[0].Config.Seed, sorted[0].Config.Shard
	if whole != nil {
		first = whole.Seed
	}
	next := first // the first seed not yet in a file
	for i, p := range sorted {
		c := p.Config
		switch {
		case c.Seed > next:
			return missingSeeds(whole, next, c.Seed)
		case c.Seed < next:
			return fmt.Errorf("%s and %s both have the game of seed %d: the same part is in two files", sorted[i-1].file, p.file, c.Seed)
		}
		next = c.Seed + uint64(c.Games)
	}
	if whole != nil && next < whole.Seed+uint64(whole.Games) {
		return missingSeeds(whole, next, whole.Seed+uint64(whole.Games))
	}
	return nil
}

// missingSeeds is the error of the games of seeds from up to before to,
// which no file holds, of the run whole or of shards without their part.
func missingSeeds(whole *Shard, from, to uint64) error {
	seeds := fmt.Sprintf("seeds %d to %d", from, to-1)
	if from == to-1 {
		seeds = fmt.Sprintf("seed %d", from)
	}
	if whole != nil {
		for k := 1; k <= whole.Of; k++ {
			s := Shard{Part: k, Of: whole.Of, Games: whole.Games, Seed: whole.Seed}
			if first, _ := s.Seeds(); first == from {
				return fmt.Errorf("part %d/%d of the run (%s) is in none of the files: merge all %d parts", k, whole.Of, seeds, whole.Of)
			}
		}
	}
	return fmt.Errorf("no file has the games of %s: a part of the run is missing", seeds)
}

// checkGames returns an error naming the file of p if it holds fewer or
// more games than its configuration says it played, or games of seeds
// outside its own.
func (p part) checkGames() error {
	c := p.Config
	if n := len(p.Games) + p.Interrupted + p.NotStarted; n != c.Games {
		return fmt.Errorf("%s: %d games (%d finished, %d cut short, %d not started) where its config says %d: the file is not whole",
			p.file, n, len(p.Games), p.Interrupted, p.NotStarted, c.Games)
	}
	for _, g := range p.Games {
		if g.Seed < c.Seed || g.Seed-c.Seed >= uint64(c.Games) {
			return fmt.Errorf("%s: the game of seed %d is not one of its seeds, %d to %d", p.file, g.Seed, c.Seed, c.Seed+uint64(c.Games)-1)
		}
	}
	return nil
}

// checkShard returns an error naming the file of p if it is not a part of
// the run that first is a part of, or if its games are not those of the
// part it says it is.
func (p part) checkShard(first part) error {
	s, s0 := p.Config.Shard, first.Config.Shard
	if (s == nil) != (s0 == nil) || s != nil && (s.Of != s0.Of || s.Games != s0.Games || s.Seed != s0.Seed) {
		return fmt.Errorf("%s is %v; %s is %v: not the parts of one run", p.file, s, first.file, s0)
	}
	if s == nil {
		return nil
	}
	if s.Part < 1 || s.Part > s.Of {
		return fmt.Errorf("%s: part %d/%d is not a part", p.file, s.Part, s.Of)
	}
	if seed, games := s.Seeds(); seed != p.Config.Seed || games != p.Config.Games {
		return fmt.Errorf("%s: %d games from seed %d are not %v", p.file, p.Config.Games, p.Config.Seed, s)
	}
	return nil
}
