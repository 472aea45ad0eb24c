package ntuple_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/engine"
)

// A network is trained, saved, read back and used by the expectimax search
// like any other evaluator.
func Example() {
	c, err := ntuple.NewCheckpoint(ntuple.FourBySix, 42)
	if err != nil {
		panic(err)
	}
	t, err := ntuple.NewTrainer(c, 1)
	if err != nil {
		panic(err)
	}
	stats, err := t.Run(context.Background(), 100) // a hundred games: seconds, not hours
	if err != nil {
		panic(err)
	}
	fmt.Println("games played:", stats.Episodes)

	file, err := os.CreateTemp("", "*.weights")
	if err != nil {
		panic(err)
	}
	defer os.Remove(file.Name())
	defer file.Close()
	if _, err := t.Checkpoint().WriteTo(file); err != nil {
		panic(err)
	}
	// Saved: the trainer's 256 MiB go back to the system now, rather than
	// whenever the garbage collector finds the trainer unreachable.
	t.Checkpoint().Release()
	if _, err := file.Seek(0, io.SeekStart); err != nil {
		panic(err)
	}
	net, state, err := ntuple.ReadNetwork(file)
	if err != nil {
		panic(err)
	}
	defer net.Release()
	fmt.Println("network:", net.Design(), "trained on", state.Episodes, "games")

	s := ai.NewSearcher(ai.Config{Eval: net, Threads: 1})
	board, err := engine.Parse("2 2 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0")
	if err != nil {
		panic(err)
	}
	r, err := s.Search(context.Background(), board, ai.Limits{Depth: 2})
	if err != nil {
		panic(err)
	}
	fmt.Println("a move is worth its points plus the value after it:", r.Value[r.Best] > 4)
	// Output:
	// games played: 100
	// network: 4x6 trained on 100 games
	// a move is worth its points plus the value after it: true
}

// Two stages trained apart rarely agree where one takes over: MeasureSeam
// finds by how much, and ShiftPlay moves the later stage's values to meet
// the earlier's. Here the later stage is the same network with its values
// lowered by 1,000 points, from the tile 64 on.
func ExampleMeasureSeam() {
	c, err := ntuple.NewCheckpoint(ntuple.FourBySix, 0)
	if err != nil {
		panic(err)
	}
	t, err := ntuple.NewTrainer(c, 1)
	if err != nil {
		panic(err)
	}
	if _, err := t.Run(context.Background(), 100); err != nil {
		panic(err)
	}
	var play bytes.Buffer
	if _, err := t.Checkpoint().WritePlay(&play, ntuple.DefaultPlayStep, ntuple.DefaultTiers()); err != nil {
		panic(err)
	}
	t.Checkpoint().Release()
	lower, err := ntuple.ShiftPlay(play.Bytes(), -1000)
	if err != nil {
		panic(err)
	}
	gap := func(second []byte) float64 {
		first, _, err := ntuple.ReadNetwork(bytes.NewReader(play.Bytes()))
		if err != nil {
			panic(err)
		}
		later, _, err := ntuple.ReadNetwork(bytes.NewReader(second))
		if err != nil {
			panic(err)
		}
		both, err := ntuple.Staged([]ntuple.Stage{{Net: first}, {Net: later, Tile: 64}})
		if err != nil {
			panic(err)
		}
		defer both.Release() // and its stages
		s, err := ntuple.MeasureSeam(context.Background(), both, 1, 100, 1, 1)
		if err != nil {
			panic(err)
		}
		return s.Gap()
	}
	g := gap(lower)
	fmt.Printf("the later stage values the boards of 64 %.0f points below the first\n", g)
	met, err := ntuple.ShiftPlay(lower, g)
	if err != nil {
		panic(err)
	}
	fmt.Printf("shifted by that much, %.0f\n", math.Abs(gap(met)))
	// Output:
	// the later stage values the boards of 64 1000 points below the first
	// shifted by that much, 0
}
