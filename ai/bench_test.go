package ai

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/term2048/2048/engine/positions"
)

// BenchmarkSearch times decisions on the 50 random benchmark positions
// (package engine/positions) at the fixed depths nneonneo's figures use (its
// depths 3, 5 and 7 are 4, 6 and 8 plies here), each from an empty table,
// on one thread and on all.
func BenchmarkSearch(b *testing.B) {
	boards := readPositions(b, positions.Random)
	for _, ply := range []int{4, 6, 8} {
		for _, threads := range []int{1, 0} {
			s := NewSearcher(Config{Threads: threads})
			name := fmt.Sprintf("ply=%d/threads=%d", ply, s.Threads())
			b.Run(name, func(b *testing.B) {
				var evals uint64
				for b.Loop() {
					for _, x := range boards {
						s.Reset()
						r, err := s.Search(context.Background(), x, Limits{Depth: ply})
						if err != nil {
							b.Fatal(err)
						}
						evals += r.MovesTried
					}
				}
				decisions := float64(b.N * len(boards))
				b.ReportMetric(b.Elapsed().Seconds()*1e3/decisions, "ms/decision")
				b.ReportMetric(float64(evals)/b.Elapsed().Seconds(), "evals/s")
				b.ReportMetric(float64(evals)/decisions, "evals/decision")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}

// BenchmarkAutoDepth times decisions at the automatic depth on the 60
// positions of testdata/agreement.txt, by phase of the game, each from an
// empty table: the figures AI_NOTES gives for nneonneo's program at its
// default settings. It reports the median and the mean time per decision of
// each phase.
func BenchmarkAutoDepth(b *testing.B) {
	positions := readAgreement(b)
	for _, threads := range []int{1, 0} {
		s := NewSearcher(Config{Threads: threads})
		b.Run(fmt.Sprintf("threads=%d", s.Threads()), func(b *testing.B) {
			times := map[string][]float64{}
			for b.Loop() {
				for _, a := range positions {
					s.Reset()
					r, err := s.Search(context.Background(), a.board, Limits{Depth: Auto})
					if err != nil {
						b.Fatal(err)
					}
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
