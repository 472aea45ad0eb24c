package practice_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/practice"
	"github.com/term2048/2048/tui/practice/deck"
)

// history1000 writes the files of a player with 1,000 games in their
// history, every one scanned, three puzzles each (see standIn).
func history1000(b *testing.B) *playerdata.Files {
	dir := b.TempDir()
	s := &playerdata.Files{DataDir: filepath.Join(dir, "data"), CacheDir: filepath.Join(dir, "cache"), StateDir: filepath.Join(dir, "state")}
	if err := os.MkdirAll(s.DataDir, 0o755); err != nil {
		b.Fatal(err)
	}
	var lines bytes.Buffer
	d := &deck.Deck{}
	for i := range 1000 {
		e := engine.NewGame(uint64(i + 1))
		for e.MoveCount() < 200 && !e.Over() {
			for _, dir := range []engine.Direction{engine.Down, engine.Left, engine.Right, engine.Up} {
				if _, ok := e.Move(dir); ok {
					break
				}
			}
		}
		g := history.FromEngine(e, nil)
		g.ID, g.Ended = fmt.Sprintf("%016x", i+1), time.Unix(1_800_000_000+int64(i)*600, 0).UTC()
		line, err := json.Marshal(g)
		if err != nil {
			b.Fatal(err)
		}
		lines.Write(append(line, '\n'))
		var found []puzzle.Puzzle
		for k := uint64(0); len(found) < 3; k++ {
			if p, ok := standIn(engine.Board((uint64(i)<<8 | k + 1) * 0x9e3779b97f4a7c15)); ok {
				found = append(found, p)
			}
		}
		d.Add(g.ID, found)
	}
	if err := os.WriteFile(s.HistoryPath(), lines.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := s.SavePractice(d); err != nil {
		b.Fatal(err)
	}
	if _, _, err := s.LoadHistory(); err != nil { // and its index, as after any game
		b.Fatal(err)
	}
	return s
}

// BenchmarkFirstPuzzle measures the time from the start of the game to the
// first puzzle on screen for a player with 1,000 games in their history:
// the history's index and the practice read from the files, then the
// practice opened (the games not scanned looked for, the next puzzle
// chosen), as the game does them.
//
//	go test -run '^$' -bench FirstPuzzle ./tui/practice
func BenchmarkFirstPuzzle(b *testing.B) {
	s := history1000(b)
	for b.Loop() {
		x, _, err := s.LoadHistory()
		if err != nil || len(x.Records) != 1000 {
			b.Fatalf("LoadHistory: %d games, %v", len(x.Records), err)
		}
		k := practice.NewKeeper(context.Background(), s, nil, nil)
		played := practice.Played{Games: x.Records}
		if _, w := k.Handle(k.Read()(), played, time.Now()); w != "" {
			b.Fatal(w)
		}
		k.Open(played, time.Now())
		if _, ok := k.Session.Current(); !ok || k.Session.Phase != practice.Asking || len(k.Deck.Puzzles) != 3000 {
			b.Fatalf("%v, %d puzzles; want one of 3,000 asked", k.Session.Phase, len(k.Deck.Puzzles))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/first-puzzle")
}

// standIn returns a puzzle on b, whose values say that its first legal
// move beats the others by 20%: a stand-in for a puzzle found, as the
// deck keeps it. ok is false if b has fewer than two legal moves.
func standIn(b engine.Board) (puzzle.Puzzle, bool) {
	r := ai.Result{Board: b, Depth: puzzle.ConfirmDepth, Best: engine.Direction(engine.NumDirections)}
	for d := range engine.Direction(engine.NumDirections) {
		if _, _, ok := b.Move(d); ok {
			r.Legal[d], r.Value[d] = true, 800
			if r.Best == engine.NumDirections {
				r.Best, r.Value[d] = d, 1000
			}
		}
	}
	second, ok := puzzle.Candidate(r)
	return puzzle.Puzzle{Search: r, Second: second}, ok
}

// BenchmarkDailyPuzzleShown measures the time from the start of the game
// to today's daily puzzle on screen, found on an earlier opening and kept
// in the practice, for the player of BenchmarkFirstPuzzle: the files read,
// the practice opened, the day's puzzle asked first, with no search.
//
//	go test -run '^$' -bench DailyPuzzleShown ./tui/practice
func BenchmarkDailyPuzzleShown(b *testing.B) {
	s := history1000(b)
	d, err := s.LoadPractice()
	if err != nil {
		b.Fatal(err)
	}
	now := time.Now()
	today := history.DailyDate(now)
	d.AddDaily(today, practice.BuiltIn()[0])
	if err := s.SavePractice(d); err != nil {
		b.Fatal(err)
	}
	none := practice.NewDailies(history.DailySeed, func(context.Context, uint64, practice.Acquire) (puzzle.Puzzle, error) {
		b.Fatal("the daily puzzle kept was searched for again")
		return puzzle.Puzzle{}, nil
	})
	for b.Loop() {
		x, _, err := s.LoadHistory()
		if err != nil {
			b.Fatal(err)
		}
		k := practice.NewKeeper(context.Background(), s, nil, none)
		played := practice.Played{Games: x.Records}
		if _, w := k.Handle(k.Read()(), played, now); w != "" {
			b.Fatal(w)
		}
		for _, j := range k.Open(played, now) {
			if j != nil {
				if _, ok := j().(practice.DailyMsg); ok {
					b.Fatal("the daily puzzle kept was searched for again")
				}
			}
		}
		if e, ok := k.Session.Current(); !ok || e.Daily != today {
			b.Fatalf("%v, the puzzle of %q asked; want today's", k.Session.Phase, e.Daily)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/daily-puzzle")
}

// BenchmarkFindDaily measures the search for a day's puzzle (FindDaily):
// the AI's game played, its middle reviewed and its puzzles confirmed, on
// one core, once a day for a local player, once a day for a server.
//
//	go test -run '^$' -bench FindDaily -benchtime 5x ./tui/practice
func BenchmarkFindDaily(b *testing.B) {
	day := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	for b.Loop() {
		seed, err := history.DailySeed(history.DailyDate(day))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := practice.FindDaily(context.Background(), seed, nil); err != nil {
			b.Fatal(err)
		}
		day = day.AddDate(0, 0, 1)
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/puzzle")
}
