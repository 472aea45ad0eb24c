package ai

import "sync"

// A span is the tasks numbered from start up to end, exclusive.
type span struct{ start, end int }

// A taskQueue hands out the tasks of a parallel search to its goroutines.
// The tasks come in groups, each the spawns that follow one chance node of
// the frontier, largest first. A goroutine takes the next group whole, as
// its run, and searches it in order; when no group is left, a goroutine
// that has finished its run takes the last task of the run with the most
// left, until none is left.
//
// The spawns of one group hold many of the same positions (the same tiles
// moved in another order): a goroutine that searches a whole group finds
// them in the table it has just filled. Goroutines that took the tasks in
// turns searched neighbours at the same moment, each for itself: 11% more
// work at 8 plies than one goroutine did, against 1-2% in groups. The
// groups go largest first so that, as on one goroutine, the most probable
// positions are searched, and stored, before the less probable ones that
// may reuse their values (see classSlack); runs of the task list cut in
// halves had the second goroutine start among small tasks, and moved
// values by up to 0.5% from one goroutine's.
//
// A search hands out tens of tasks, so a mutex costs nothing here.
type taskQueue struct {
	mu     sync.Mutex
	groups []span
	taken  int   // the groups taken
	next   []int // the next task of each goroutine's run
	end    []int // the end of each run, exclusive
}

// newTaskQueue returns the queue of the tasks of groups for goroutines.
func newTaskQueue(groups []span, goroutines int) *taskQueue {
	return &taskQueue{groups: groups, next: make([]int, goroutines), end: make([]int, goroutines)}
}

// take returns the next task of goroutine g, and false when none is left.
func (q *taskQueue) take(g int) (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.next[g] == q.end[g] && q.taken < len(q.groups) {
		q.next[g], q.end[g] = q.groups[q.taken].start, q.groups[q.taken].end
		q.taken++
	}
	if q.next[g] < q.end[g] {
		q.next[g]++
		return q.next[g] - 1, true
	}
	most := -1
	for r := range q.next {
		if left := q.end[r] - q.next[r]; left > 0 && (most < 0 || left > q.end[most]-q.next[most]) {
			most = r
		}
	}
	if most < 0 {
		return 0, false
	}
	q.end[most]--
	return q.end[most], true
}
