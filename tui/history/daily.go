package history

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// The daily challenge is one game a day, the same for every player: its
// seed is the UTC date written as a number, YYYYMMDD (the challenge of
// 2026-11-26 is the game of seed 20261126), so that anyone can work it out,
// and 2048 -seed 20261126 deals the same tiles. A game played as the
// challenge of a day is marked with its date (Record.Daily); the first such
// game of a date to be left — over, or given up for a new one — is the
// attempt that counts, and the later ones are practice.

// dateLayout is how the daily challenge writes its date.
const dateLayout = "2006-01-02"

// DailyDate returns the date of the daily challenge at t: its UTC date,
// "2026-11-26".
func DailyDate(t time.Time) string { return t.UTC().Format(dateLayout) }

// DailySeed returns the seed of the daily challenge of date, a date as
// DailyDate writes it: the date as the number YYYYMMDD.
func DailySeed(date string) (uint64, error) {
	t, err := time.Parse(dateLayout, date)
	if err != nil || t.Format(dateLayout) != date {
		return 0, fmt.Errorf("%q is not a date of the daily challenge (YYYY-MM-DD)", date)
	}
	return strconv.ParseUint(t.Format("20060102"), 10, 64)
}

// A Day is the attempt that counts of one day's challenge.
type Day struct {
	Date     string
	Score    int
	Tile     int
	Undos    int
	Assisted bool // a hint reached the player, or the AI played a move
}

// A Daily sums up the player's daily challenges.
type Daily struct {
	Days []Day // the attempt that counts of each day played, oldest first
	// Streak is the number of days in a row, ending today or yesterday,
	// with an attempt.
	Streak int
	Best   Day  // the day of the best score; the zero Day if none
	Today  *Day // today's attempt; nil if there is none yet
	// TodayRank is the place of today's score among the days, 1 for the
	// best (a day ties with those of its score); 0 without today.
	TodayRank int
}

// SummarizeDaily works out the daily challenges of games, oldest first,
// on the date today (as DailyDate writes it).
func SummarizeDaily(games []Record, today string) Daily {
	var d Daily
	seen := map[string]bool{}
	for _, g := range games {
		if g.Daily == "" || seen[g.Daily] {
			continue // not a challenge, or practice
		}
		seen[g.Daily] = true
		d.Days = append(d.Days, Day{Date: g.Daily, Score: g.Score, Tile: g.HighestTile(), Undos: g.Undos, Assisted: g.Hinted || g.Autoplayed})
	}
	slices.SortStableFunc(d.Days, func(a, b Day) int { return cmp.Compare(a.Date, b.Date) }) // dates sort as strings
	for i := range d.Days {
		if d.Days[i].Score > d.Best.Score || d.Best.Date == "" {
			d.Best = d.Days[i]
		}
		if d.Days[i].Date == today {
			d.Today = &d.Days[i]
		}
	}
	if d.Today != nil {
		d.TodayRank = 1
		for _, day := range d.Days {
			if day.Score > d.Today.Score {
				d.TodayRank++
			}
		}
	}
	d.Streak = streak(seen, today)
	return d
}

// streak counts the days in a row with an attempt in played, back from
// today, or from yesterday if today has none yet.
func streak(played map[string]bool, today string) int {
	t, err := time.Parse(dateLayout, today)
	if err != nil {
		return 0
	}
	if !played[today] {
		t = t.AddDate(0, 0, -1)
	}
	n := 0
	for played[t.Format(dateLayout)] {
		n++
		t = t.AddDate(0, 0, -1)
	}
	return n
}
