package ntuple

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// BenchmarkEvaluate times the value of a board of a 4×6 network trained
// for a few thousand games, over the boards of such games.
func BenchmarkEvaluate(b *testing.B) {
	t := trained(b, FourBySix)
	timeValues(b, t.net, afterstates(t.net, 1, 10))
}

// timeValues times the value by net of each of boards, in nanoseconds an
// evaluation.
func timeValues(b *testing.B, net *Network, boards []engine.Board) {
	var sink float32
	for b.Loop() {
		for _, x := range boards {
			sink += net.value(x)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(boards)), "ns/eval")
	b.ReportMetric(0, "ns/op")
	_ = sink
}

// BenchmarkEvaluateStaged times the value of a board of a network of two
// stages, as BenchmarkEvaluate does: the same trained network in both, the
// second from 256, so that the difference is the choice of the stage.
func BenchmarkEvaluateStaged(b *testing.B) {
	t := trained(b, FourBySix)
	n, err := Staged([]Stage{{Net: t.net}, {Net: t.net, Tile: 256}})
	if err != nil {
		b.Fatal(err)
	}
	timeValues(b, n, afterstates(t.net, 1, 10))
}

// BenchmarkTrain measures training speed in moves a second, TDL2048's
// measure, on one goroutine and on every core, for a 4×6 network that has
// already played a few thousand games (an untrained one plays short games
// that fit in the caches).
func BenchmarkTrain(b *testing.B) {
	for _, threads := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			t := trained(b, FourBySix)
			if threads != 1 {
				var err error
				if t, err = NewTrainer(t.Checkpoint(), threads); err != nil {
					b.Fatal(err)
				}
			}
			trainMoves(b, t)
		})
	}
}

// BenchmarkTrainCoherence measures training in the temporal-coherence
// phase, by TD(0) and by λ-returns (λ = 0.5), in moves a second on one
// goroutine, for a 4×6 network that has already played a few thousand games.
func BenchmarkTrainCoherence(b *testing.B) {
	for _, lambda := range []float32{0, 0.5} {
		b.Run(fmt.Sprintf("lambda=%g", lambda), func(b *testing.B) {
			t := trained(b, FourBySix)
			if err := t.SetLambda(lambda); err != nil {
				b.Fatal(err)
			}
			t.StartCoherence()
			trainMoves(b, t)
		})
	}
}

// BenchmarkTrainFirstGames measures what TDL2048's own speed figure
// measures (`2048 -n 4x6patt=320000/norm -t 10x1000 -s 1 [-p 2]`, its
// summary line), so that the two can be compared side by side: the moves a
// second of the first 10,000 games of a new 4×6 network, by TD(0) without
// restarts, on one goroutine and on every core. Each round trains a new
// network; making it is not timed. Where the system tells, it reports the
// moves per second of the process's CPU time too, which time spent waiting
// for a core that other work holds does not count.
func BenchmarkTrainFirstGames(b *testing.B) {
	for _, threads := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			var moves uint64
			var cpu time.Duration
			for b.Loop() {
				b.StopTimer()
				c, err := NewCheckpoint(FourBySix, 1)
				if err != nil {
					b.Fatal(err)
				}
				c.State.Restart = 0
				t, err := NewTrainer(c, threads)
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				before, _ := processCPU()
				s, err := t.Run(context.Background(), 10000)
				after, ok := processCPU()
				if err != nil {
					b.Fatal(err)
				}
				moves += s.Moves
				cpu += after - before
				b.StopTimer()
				c.Release()
				b.StartTimer()
				if !ok {
					cpu = 0
				}
			}
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
			if cpu > 0 {
				b.ReportMetric(float64(moves)/cpu.Seconds(), "moves/cpu-s")
			}
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkSearch times expectimax decisions on one goroutine with the
// network as the evaluator, at the depths a search of a millisecond or so
// reaches, as sim plays a game: on the boards of two games the network
// played, in order, the Searcher keeping what it stored from one decision to
// the next.
func BenchmarkSearch(b *testing.B) {
	t := trained(b, FourBySix)
	boards := afterstates(t.net, 1, 2)
	for _, ply := range []int{2, 3} {
		b.Run(fmt.Sprintf("ply=%d", ply), func(b *testing.B) {
			s := ai.NewSearcher(ai.Config{Eval: t.net, Threads: 1})
			var evals uint64
			for b.Loop() {
				s.Reset()
				for _, x := range boards {
					r, err := s.Search(context.Background(), x, ai.Limits{Depth: ply})
					if err != nil {
						b.Fatal(err)
					}
					evals += r.MovesTried
				}
			}
			n := float64(b.N * len(boards))
			b.ReportMetric(b.Elapsed().Seconds()*1e6/n, "µs/decision")
			b.ReportMetric(float64(evals)/n, "evals/decision")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// trained returns a one-goroutine trainer of design d, seed 1, that has
// played 3000 games.
func trained(tb testing.TB, d Design) *Trainer {
	tb.Helper()
	c, err := NewCheckpoint(d, 1)
	if err != nil {
		tb.Fatal(err)
	}
	t, err := NewTrainer(c, 1)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { t.Checkpoint().Release() }) // with the coherence tables a caller may add
	if _, err := t.Run(context.Background(), 3000); err != nil {
		tb.Fatal(err)
	}
	return t
}

// afterstates returns the boards after each move of games played by net
// at one ply from the seeds first, first+1, …, first+games−1.
func afterstates(net *Network, first uint64, games int) []engine.Board {
	var boards []engine.Board
	for seed := first; seed < first+uint64(games); seed++ {
		g := engine.NewGame(seed)
		for {
			l := learner{net: net}
			after, _, _, ok := l.best(g.Board())
			if !ok {
				break
			}
			boards = append(boards, after)
			for d := range engine.Direction(engine.NumDirections) {
				if n, _, _ := g.Board().Move(d); n == after {
					g.Move(d)
					break
				}
			}
		}
	}
	return boards
}

// BenchmarkReadNetwork times reading a 4×6 network, from a weights file
// and from the play file of a network trained for a few games: what a
// player pays to start, once the file is in the page cache.
func BenchmarkReadNetwork(b *testing.B) {
	for _, c := range []struct {
		name string
		path func(testing.TB) string
	}{
		{"weights", func(tb testing.TB) string { return savedFile(tb, false) }},
		{"play", playFile},
	} {
		b.Run(c.name, func(b *testing.B) {
			path := c.path(b)
			for b.Loop() {
				f, err := os.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				net, _, err := ReadNetwork(f)
				f.Close()
				if err != nil {
					b.Fatal(err)
				}
				net.Release() // each round maps the network's memory afresh, as a player's start does
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/read")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkWriteTo times writing a 4×6 weights file to a discarding writer.
func BenchmarkWriteTo(b *testing.B) {
	f, err := os.Open(savedFile(b, false))
	if err != nil {
		b.Fatal(err)
	}
	c, err := ReadCheckpoint(f)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(c.Release)
	for b.Loop() {
		if _, err := c.WriteTo(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/write")
	b.ReportMetric(0, "ns/op")
}

// trainMoves runs t 100 episodes at a time for as long as b asks, and
// reports the moves trained on a second.
func trainMoves(b *testing.B, t *Trainer) {
	var moves uint64
	for b.Loop() {
		s, err := t.Run(context.Background(), 100)
		if err != nil {
			b.Fatal(err)
		}
		moves += s.Moves
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(0, "ns/op")
}
