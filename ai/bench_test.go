package ai

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/engine/positions"
)

// benchThreads are the thread counts every search benchmark runs: one, and
// the two cores of the machine the figures in the README come from.
var benchThreads = []int{1, 2}

// decide searches b from an empty table, failing the benchmark on an error.
func decide(b *testing.B, s *Searcher, x engine.Board, l Limits) Result {
	s.Reset()
	r, err := s.Search(context.Background(), x, l)
	if err != nil {
		b.Fatal(err)
	}
	return r
}

// BenchmarkSearch times decisions on the 50 random benchmark positions
// (package engine/positions) at the fixed depths nneonneo's figures use (its
// depths 3, 5 and 7 are 4, 6 and 8 plies here), each from an empty table.
// The Searcher is made before the timed loop, once for each benchmark that
// runs.
func BenchmarkSearch(b *testing.B) {
	boards := readPositions(b, positions.Random)
	for _, ply := range []int{4, 6, 8} {
		for _, threads := range benchThreads {
			b.Run(fmt.Sprintf("ply=%d/threads=%d", ply, threads), func(b *testing.B) {
				s := NewSearcher(Config{Threads: threads})
				var evals uint64
				for b.Loop() {
					for _, x := range boards {
						evals += decide(b, s, x, Limits{Depth: ply}).MovesTried
					}
				}
				reportDecisions(b, b.N*len(boards), evals)
			})
		}
	}
}

// BenchmarkSecondThread reports the speed-up from a second thread at 6 and 8
// plies on the 50 random benchmark positions, each from an empty table. The
// positions go in blocks of ten, each block searched on one thread and then
// on two, so that both see the machine in the same state: on a machine
// shared with other guests the speed of either core changes from one second
// to the next, and the speed-up from separate runs of BenchmarkSearch on one
// and two threads ranged from 1.3 to 2.4 at 6 plies. (The one thread is not
// pinned to a core here, as it is when set against nneonneo's program.)
func BenchmarkSecondThread(b *testing.B) {
	boards := readPositions(b, positions.Random)
	const block = 10
	for _, ply := range []int{6, 8} {
		b.Run(fmt.Sprintf("ply=%d", ply), func(b *testing.B) {
			one, two := NewSearcher(Config{Threads: 1}), NewSearcher(Config{Threads: 2})
			var took [2]time.Duration
			for b.Loop() {
				for i := 0; i < len(boards); i += block {
					for k, s := range []*Searcher{one, two} {
						start := time.Now()
						for _, x := range boards[i:min(i+block, len(boards))] {
							decide(b, s, x, Limits{Depth: ply})
						}
						took[k] += time.Since(start)
					}
				}
			}
			n := float64(b.N * len(boards))
			b.ReportMetric(took[0].Seconds()*1e3/n, "ms/decision-1T")
			b.ReportMetric(took[1].Seconds()*1e3/n, "ms/decision-2T")
			b.ReportMetric(took[0].Seconds()/took[1].Seconds(), "speed-up")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// reportDecisions reports the time and the work of each of n decisions.
func reportDecisions(b *testing.B, n int, evals uint64) {
	secs := b.Elapsed().Seconds()
	b.ReportMetric(secs*1e3/float64(n), "ms/decision")
	b.ReportMetric(float64(evals)/secs, "evals/s")
	b.ReportMetric(float64(evals)/float64(n), "evals/decision")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkAutoDepth times decisions at the automatic depth on the 60
// positions of testdata/agreement.txt, by phase of the game, each from an
// empty table, as nneonneo's program decides at its default settings (10
// to 200 ms a move in its README's figures). It reports the median and the
// mean time per decision of each phase.
func BenchmarkAutoDepth(b *testing.B) {
	positions := readAgreement(b)
	for _, threads := range benchThreads {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			s := NewSearcher(Config{Threads: threads})
			times := map[string][]float64{}
			for b.Loop() {
				for _, a := range positions {
					r := decide(b, s, a.board, Limits{Depth: Auto})
					times[a.phase] = append(times[a.phase], r.Elapsed.Seconds()*1e3)
				}
			}
			for phase, ts := range times {
				slices.Sort(ts)
				sum := 0.0
				for _, t := range ts {
					sum += t
				}
				b.ReportMetric(ts[len(ts)/2], "ms/"+phase)
				b.ReportMetric(sum/float64(len(ts)), "ms-mean/"+phase)
			}
			b.ReportMetric(0, "ns/op")
		})
	}
}

// playThrough searches boards in order at the automatic depth from an empty
// table, keeping the table from one board to the next if kept (as `2048
// sim` plays a game) or emptying it before each, and returns the moves
// tried.
func playThrough(b *testing.B, s *Searcher, boards []engine.Board, kept bool) (evals uint64) {
	for i, x := range boards {
		if i == 0 || !kept {
			s.Reset()
		}
		r, err := s.Search(context.Background(), x, Limits{Depth: Auto})
		if err != nil {
			b.Fatal(err)
		}
		evals += r.MovesTried
	}
	return evals
}

// BenchmarkGame searches every position of a fixed whole game
// (testdata/game.txt: 12,161 moves to a 16384 tile) at the automatic depth,
// in order: "kept" as `2048 sim` and the game play it, one table from the
// first move to the last; "empty" from an empty table at every move, as
// nneonneo's program searches. An iteration takes about ten minutes on one
// thread: run one sub-benchmark at a time, with -benchtime 1x.
func BenchmarkGame(b *testing.B) {
	boards := readGame(b)
	for _, threads := range benchThreads {
		for _, kept := range []bool{true, false} {
			table := map[bool]string{true: "kept", false: "empty"}[kept]
			b.Run(fmt.Sprintf("table=%s/threads=%d", table, threads), func(b *testing.B) {
				s := NewSearcher(Config{Threads: threads})
				var evals uint64
				for b.Loop() {
					evals += playThrough(b, s, boards, kept)
				}
				reportDecisions(b, b.N*len(boards), evals)
				b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/game")
			})
		}
	}
}

// gameStretches are the two stretches of the fixed game that the README
// times against nneonneo's program, moves 4001-4300 (an 8192 on the board)
// and 9001-9300 (a 16384), numbered from 1 as
// TestGame's -game-positions file numbers its lines: a whole game takes
// ten minutes a side, the stretches two.
var gameStretches = []span{{4000, 4300}, {9000, 9300}}

// BenchmarkGameStretches searches the positions of gameStretches at the
// automatic depth, in order, with the table kept from move to move as `2048
// sim` and the game keep it (emptied at the start of each stretch), and
// reports the time of a stretch's 300 decisions in ms/decision.
func BenchmarkGameStretches(b *testing.B) {
	boards := readGame(b)
	for _, threads := range benchThreads {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			s := NewSearcher(Config{Threads: threads})
			var evals uint64
			n := 0
			for b.Loop() {
				for _, st := range gameStretches {
					evals += playThrough(b, s, boards[st.start:st.end], true)
					n += st.end - st.start
				}
			}
			reportDecisions(b, n, evals)
		})
	}
}

// BenchmarkEvaluate times the default heuristic of a board: 8 lookups.
func BenchmarkEvaluate(b *testing.B) {
	boards := readPositions(b, "")
	e := NneonneoHeuristic()
	var sink float32
	for b.Loop() {
		for _, x := range boards {
			sink += e.sum(x)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(boards)), "ns/eval")
	b.ReportMetric(0, "ns/op")
	_ = sink
}

// BenchmarkNneonneoHeuristic times building the default heuristic's table,
// which every start of the game and of `2048 hint` pays.
func BenchmarkNneonneoHeuristic(b *testing.B) {
	for b.Loop() {
		NneonneoHeuristic()
	}
}

// BenchmarkCancel times how long a search of 14 plies on the hard position
// takes to return once its context is cancelled in the middle (see held):
// the "within microseconds" of Search's documentation, which TestCancel
// cannot check without a clock.
func BenchmarkCancel(b *testing.B) {
	x := mustParse(b, hard)
	for _, threads := range benchThreads {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			e := newHeld(nil)
			s := NewSearcher(Config{Threads: threads, Eval: e})
			var stopping time.Duration
			for b.Loop() {
				s.Reset()
				ctx, cancel := context.WithCancel(context.Background())
				e.release, e.reached = ctx.Done(), make(chan struct{})
				e.first.Store(false)
				done := make(chan error, 1)
				go func() {
					_, err := s.Search(ctx, x, Limits{Depth: 14})
					done <- err
				}()
				<-e.reached
				start := time.Now()
				cancel()
				if err := <-done; !errors.Is(err, context.Canceled) {
					b.Fatalf("Search returned %v after cancel; want context.Canceled", err)
				}
				stopping += time.Since(start)
			}
			b.ReportMetric(float64(stopping.Nanoseconds())/float64(b.N), "ns/stop")
		})
	}
}

// BenchmarkDeadline times searches of the hard position with a time budget
// of 5 ms, and reports how long after its deadline a search that reached it
// returns, on average (ns-late/deadline), and the share of the searches
// that reached it rather than stopping before the next ply: what
// TestDeadline checks on a clock of its own.
func BenchmarkDeadline(b *testing.B) {
	const budget = 5 * time.Millisecond
	x := mustParse(b, hard)
	for _, threads := range benchThreads {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			s := NewSearcher(Config{Threads: threads})
			var late time.Duration
			deadlines := 0
			for b.Loop() {
				if r := decide(b, s, x, Limits{Time: budget}); r.Deadline {
					late += r.Elapsed - budget
					deadlines++
				}
			}
			if deadlines > 0 {
				b.ReportMetric(float64(late.Nanoseconds())/float64(deadlines), "ns-late/deadline")
			}
			b.ReportMetric(float64(deadlines)/float64(b.N), "deadlines/op")
		})
	}
}
