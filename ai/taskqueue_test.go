package ai

import (
	"math/rand/v2"
	"testing"
)

// TestTaskQueue takes every task of random groups on 1 to 4 goroutines,
// in random turns: each task is handed out once; a goroutine searches the
// groups it takes in order, one after another in the order of the queue;
// and only once no group is left does it take tasks of others' runs.
func TestTaskQueue(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		var groups []span
		n := 0
		for range r.IntN(12) {
			size := 1 + r.IntN(6)
			groups = append(groups, span{n, n + size})
			n += size
		}
		goroutines := 1 + r.IntN(4)
		q := newTaskQueue(groups, goroutines)
		groupOf := make([]int, n)
		for i, g := range groups {
			for j := g.start; j < g.end; j++ {
				groupOf[j] = i
			}
		}
		taken := make([]bool, n)
		nextGroup := 0                  // the next group the queue should hand out
		last := make([]int, goroutines) // the task each goroutine took last, -1 for none
		for g := range last {
			last[g] = -1
		}
		done := make([]bool, goroutines)
		for left := goroutines; left > 0; {
			g := r.IntN(goroutines)
			if done[g] {
				continue
			}
			i, ok := q.take(g)
			if !ok {
				done[g] = true
				left--
				continue
			}
			if i < 0 || i >= n || taken[i] {
				t.Fatalf("trial %d: task %d handed out twice or out of range", trial, i)
			}
			taken[i] = true
			switch {
			case last[g] >= 0 && i == last[g]+1 && groupOf[i] == groupOf[last[g]]:
				// the next task of its run
			case nextGroup < len(groups):
				// a new run: the next group, from its start
				if i != groups[nextGroup].start {
					t.Fatalf("trial %d: goroutine %d took %d; want the start of group %d, %d", trial, g, i, nextGroup, groups[nextGroup].start)
				}
				nextGroup++
			default:
				// a task of another run, taken from its end
				for j := i + 1; j < groups[groupOf[i]].end; j++ {
					if !taken[j] {
						t.Fatalf("trial %d: goroutine %d took %d before %d, the end of its group", trial, g, i, j)
					}
				}
			}
			last[g] = i
		}
		for i, ok := range taken {
			if !ok {
				t.Fatalf("trial %d: task %d of %v never handed out", trial, i, groups)
			}
		}
	}
}
