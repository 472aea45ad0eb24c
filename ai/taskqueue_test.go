package ai

import (
	"math/rand/v2"
	"testing"
)

// TestTaskQueue takes every task of queues of 0 to 40 tasks on 1 to 4
// goroutines, in random turns: each task is handed out once, each goroutine
// takes its own run in order before any other task, and the runs differ in length by one
// at most.
func TestTaskQueue(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 41 {
		for goroutines := 1; goroutines <= 4; goroutines++ {
			for trial := range 5 {
				q := newTaskQueue(n, goroutines)
				for g := range goroutines {
					if size := q.end[g] - q.next[g]; size < n/goroutines || size > n/goroutines+1 {
						t.Fatalf("%d tasks, %d goroutines: run %d holds %d", n, goroutines, g, size)
					}
				}
				taken := make([]bool, n)
				own := make([]int, goroutines) // the next task of g's run, while it takes its own
				for g := range goroutines {
					own[g] = g * n / goroutines
				}
				active := goroutines
				done := make([]bool, goroutines)
				for active > 0 {
					g := r.IntN(goroutines)
					if done[g] {
						continue
					}
					i, ok := q.take(g)
					if !ok {
						done[g] = true
						active--
						continue
					}
					if i < 0 || i >= n || taken[i] {
						t.Fatalf("%d tasks, %d goroutines, trial %d: task %d handed out twice or out of range", n, goroutines, trial, i)
					}
					taken[i] = true
					// Its own run first, in order, until the run is done (its
					// end may have been taken by others).
					end := (g + 1) * n / goroutines
					switch {
					case i >= g*n/goroutines && i < end:
						if i != own[g] {
							t.Fatalf("%d tasks, %d goroutines: goroutine %d took %d of its run before %d", n, goroutines, g, i, own[g])
						}
						own[g]++
					default:
						for j := own[g]; j < end; j++ {
							if !taken[j] {
								t.Fatalf("%d tasks, %d goroutines: goroutine %d took %d before its own %d", n, goroutines, g, i, j)
							}
						}
					}
				}
				for i, ok := range taken {
					if !ok {
						t.Fatalf("%d tasks, %d goroutines: task %d never handed out", n, goroutines, i)
					}
				}
			}
		}
	}
}
