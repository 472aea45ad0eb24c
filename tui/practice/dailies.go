package practice

import (
	"context"
	"errors"
	"slices"
	"sync"

	"github.com/term2048/2048/ai/puzzle"
)

// Dailies finds the daily puzzle of each day once (FindDaily) and keeps
// those of the last keptDays days asked for: a game keeps its own, a
// server one for all its players, so that the first of them to open the
// practice on a day finds the day's puzzle, in about a second, and the
// others wait for it or find it found. It is safe for concurrent use.
type Dailies struct {
	seed func(date string) (uint64, error)
	find Finder

	mu   sync.Mutex
	days map[string]*dailyDay
}

// A dailyDay is the day's puzzle, found or being found: done is closed
// once p and err are set.
type dailyDay struct {
	done chan struct{}
	p    puzzle.Puzzle
	err  error
}

// keptDays is how many days' puzzles Dailies keeps: today's, and
// yesterday's for a game that began before midnight.
const keptDays = 2

// A Finder finds the daily puzzle of the day whose daily challenge is
// dealt by dailySeed, as FindDaily does.
type Finder func(ctx context.Context, dailySeed uint64, acquire Acquire) (puzzle.Puzzle, error)

// NewDailies returns the Dailies of the days whose daily challenge seed
// deals (a seeds.Dealer's DailySeed: the date's own, or a server's
// secret), each puzzle found by find; nil is FindDaily.
func NewDailies(seed func(date string) (uint64, error), find Finder) *Dailies {
	if find == nil {
		find = FindDaily
	}
	return &Dailies{seed: seed, find: find, days: map[string]*dailyDay{}}
}

// Puzzle returns the daily puzzle of date, finding it on this goroutine,
// acquire bounding its searches, unless another finds it already: it then
// waits for that one. A search cut short by its ctx is forgotten, and the
// next call finds the puzzle again. The error is ctx's, acquire's, the
// seed's, or ErrNoDaily.
func (ds *Dailies) Puzzle(ctx context.Context, date string, acquire Acquire) (puzzle.Puzzle, error) {
	for {
		day, finder := ds.day(date)
		if !finder {
			select {
			case <-day.done:
			case <-ctx.Done():
				return puzzle.Puzzle{}, ctx.Err()
			}
			if isCut(day.err) && ctx.Err() == nil {
				continue // its finder left: find it here
			}
			return day.p, day.err
		}
		seed, err := ds.seed(date)
		if err == nil {
			day.p, err = ds.find(ctx, seed, acquire)
		}
		day.err = err
		ds.mu.Lock()
		if isCut(err) {
			delete(ds.days, date)
		}
		close(day.done)
		ds.mu.Unlock()
		return day.p, err
	}
}

// isCut reports whether err ended a search before its end.
func isCut(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// day returns the day of date, and whether the caller is to find its
// puzzle: a day new to ds, which then forgets the oldest beyond keptDays.
func (ds *Dailies) day(date string) (day *dailyDay, finder bool) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if day, ok := ds.days[date]; ok {
		return day, false
	}
	day = &dailyDay{done: make(chan struct{})}
	ds.days[date] = day
	if len(ds.days) > keptDays {
		dates := make([]string, 0, len(ds.days))
		for d := range ds.days {
			dates = append(dates, d)
		}
		slices.Sort(dates) // the dates are YYYY-MM-DD: the oldest first
		for _, d := range dates[:len(dates)-keptDays] {
			delete(ds.days, d)
		}
	}
	return day, true
}
