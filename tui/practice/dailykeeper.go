package practice

import (
	"time"

	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
)

// BoardTop is how many of the fastest right answers the board of the
// daily puzzle shows.
const BoardTop = 5

// The messages of the jobs of the daily puzzle.
type (
	// DailyMsg brings the daily puzzle of a date.
	DailyMsg struct {
		date string
		p    puzzle.Puzzle
		err  error
	}
	// BoardMsg brings the board of the daily puzzle of a date, after the
	// player's answer to it, and that of the day before.
	BoardMsg struct {
		DayBoard
		recordErr, boardErr error
	}
)

// A DayBoard is the board of the daily puzzle of a day on a server, as the
// practice shows it after the player answered it: the day's, and the day
// before's.
type DayBoard struct {
	Today, Yesterday playerdata.PuzzleBoard
}

// findDaily returns the job that finds the daily puzzle of the date of
// now, unless the deck holds it, or a job of this game finds it or found
// none; nil then, and without dailies or a deck.
func (k *Keeper) findDaily(now time.Time) Job {
	date := history.DailyDate(now)
	if k.dailies == nil || k.Deck == nil || k.finding == date || k.Deck.Daily(date) >= 0 {
		return nil
	}
	k.finding, k.busy = date, true
	ds, ctx, acquire := k.dailies, k.ctx, k.acquire
	return func() any {
		p, err := ds.Puzzle(ctx, date, acquire)
		return DailyMsg{date, p, err}
	}
}

// onDaily adds the daily puzzle found to the deck and keeps it, and shows
// it on a screen that waits for it. A puzzle not found is none for the
// day (the practice goes on with the others), and is looked for again
// only if the search was cut short.
func (k *Keeper) onDaily(msg DailyMsg, p Played, now time.Time) []Job {
	k.busy = false
	if isCut(msg.err) {
		k.finding = ""
	}
	var jobs []Job
	if msg.err == nil {
		k.Deck.AddDaily(msg.date, msg.p)
		jobs = append(jobs, k.save())
	}
	if k.Session != nil {
		jobs = append(jobs, k.start(p, now))
	}
	return jobs
}

// record returns, after an answer to the daily puzzle of today on a
// server, the job that records it (the first answer of the day alone
// counts: the server keeps it once) and reads its board; nil for a local
// player, who has none.
func (k *Keeper) record(now time.Time) Job {
	s := k.Session
	e, ok := s.Current()
	if !ok || k.store == nil || e.Daily == "" || e.Daily != s.today {
		return nil
	}
	ranks := k.store.Ranks()
	if ranks == nil {
		return nil
	}
	a := playerdata.PuzzleAnswer{Date: e.Daily, Right: s.Phase == Solved, Took: now.Sub(s.shownAt)}
	return func() any { return readBoard(ranks, a) }
}

// readBoard records the answer a and reads the boards of its day and the
// day before.
func readBoard(ranks playerdata.Ranks, a playerdata.PuzzleAnswer) BoardMsg {
	var msg BoardMsg
	_, msg.recordErr = ranks.AnswerPuzzle(a)
	msg.Today, msg.boardErr = ranks.PuzzleBoard(a.Date, BoardTop)
	if day, err := time.Parse(time.DateOnly, a.Date); err == nil && msg.boardErr == nil {
		msg.Yesterday, msg.boardErr = ranks.PuzzleBoard(history.DailyDate(day.AddDate(0, 0, -1)), 1)
	}
	return msg
}

// onBoard gives the session the board read, and returns a warning if the
// answer could not be recorded or the board read.
func (k *Keeper) onBoard(msg BoardMsg) (warning string) {
	if msg.boardErr == nil && k.Session != nil {
		k.Session.SetBoard(msg.DayBoard)
	}
	switch {
	case msg.recordErr != nil:
		return "Your answer to today's puzzle was not recorded: " + msg.recordErr.Error()
	case msg.boardErr != nil:
		return "Today's puzzle: " + msg.boardErr.Error()
	}
	return ""
}
