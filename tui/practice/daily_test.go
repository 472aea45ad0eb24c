package practice

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
)

// TestDailySameForEveryone: two players, each with a store and a game of
// their own, find the same daily puzzle on a day, and another the next
// day; the puzzle found is a puzzle confirmed at puzzle.ConfirmDepth.
func TestDailySameForEveryone(t *testing.T) {
	if raceEnabled {
		t.Skip("three games of the AI, reviewed: too long under the race detector (TestKeeperDaily runs the rest)")
	}
	ctx := context.Background()
	first, err := NewDailies(history.DailySeed, nil).Puzzle(ctx, "2026-11-29", nil)
	if err != nil {
		t.Fatal(err)
	}
	second, err := NewDailies(history.DailySeed, nil).Puzzle(ctx, "2026-11-29", nil)
	if err != nil {
		t.Fatal(err)
	}
	next, err := NewDailies(history.DailySeed, nil).Puzzle(ctx, "2026-11-30", nil)
	if err != nil {
		t.Fatal(err)
	}
	if first.Board() != second.Board() || first.Best() != second.Best() || first.Search.Value != second.Search.Value {
		t.Errorf("two players' daily puzzles of a day: %v and %v; want the same", first.Board(), second.Board())
	}
	if next.Board() == first.Board() {
		t.Errorf("the daily puzzles of two days are both %v; want two", first.Board())
	}
	for _, p := range []puzzle.Puzzle{first, next} {
		if second, ok := puzzle.Candidate(p.Search); !ok || second != p.Second || p.Search.Depth != puzzle.ConfirmDepth || p.Move != 0 {
			t.Errorf("the daily puzzle %+v is not a puzzle confirmed at depth %d, of no game", p, puzzle.ConfirmDepth)
		}
	}
	seed, _ := history.DailySeed("2026-11-29")
	if PuzzleSeed(seed) == seed {
		t.Error("the puzzle's game is the daily challenge's")
	}
}

// fakeDailies returns Dailies that deal the built-in puzzle of index seed
// mod BuiltInCount, and count the searches.
func fakeDailies(calls *int, mu *sync.Mutex) *Dailies {
	return NewDailies(history.DailySeed, func(ctx context.Context, seed uint64, _ Acquire) (puzzle.Puzzle, error) {
		mu.Lock()
		*calls++
		mu.Unlock()
		return BuiltIn()[seed%BuiltInCount], ctx.Err()
	})
}

// TestDailiesOnce: players who ask at once for the day's puzzle share one
// search; a search cut short is made again for the next.
func TestDailiesOnce(t *testing.T) {
	var mu sync.Mutex
	calls := 0
	ds := fakeDailies(&calls, &mu)
	var wg sync.WaitGroup
	boards := make([]puzzle.Puzzle, 8)
	for i := range boards {
		wg.Go(func() { boards[i], _ = ds.Puzzle(context.Background(), "2026-11-29", nil) })
	}
	wg.Wait()
	for _, p := range boards {
		if p.Board() != boards[0].Board() {
			t.Fatalf("the players found %v and %v; want one puzzle", p.Board(), boards[0].Board())
		}
	}
	cut, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ds.Puzzle(cut, "2026-11-30", nil); err == nil {
		t.Error("a search cut short found a puzzle")
	}
	if _, err := ds.Puzzle(context.Background(), "2026-11-30", nil); err != nil {
		t.Errorf("after a search cut short: %v", err)
	}
	ds.Puzzle(context.Background(), "2026-12-01", nil) // forgets the 29th
	ds.Puzzle(context.Background(), "2026-11-29", nil)
	if calls != 5 {
		t.Errorf("%d searches; want 5: one for the 29th, two for the 30th, one for the 1st, one for the 29th forgotten", calls)
	}
}

// fakeRanks is a server's board of the daily puzzle in memory.
type fakeRanks struct {
	playerdata.Ranks
	answers []playerdata.PuzzleAnswer
	today   string
}

func (f *fakeRanks) AnswerPuzzle(a playerdata.PuzzleAnswer) (bool, error) {
	if len(f.answers) > 0 {
		return false, nil
	}
	f.answers = append(f.answers, a)
	return true, nil
}

func (f *fakeRanks) PuzzleBoard(date string, top int) (playerdata.PuzzleBoard, error) {
	b := playerdata.PuzzleBoard{Date: date}
	if date != f.today || len(f.answers) == 0 {
		return b, nil
	}
	a := f.answers[0]
	b.Tried, b.Solved = 3, 2
	b.Top = []playerdata.PuzzleStanding{{Place: 1, Name: "ann", Right: true, Took: 1500 * time.Millisecond}}
	b.Yours = playerdata.PuzzleStanding{Name: "you", Right: a.Right, Took: a.Took, Yours: true}
	if a.Right {
		b.Yours.Place = 2
		b.Top = append(b.Top, b.Yours)
	}
	return b, nil
}

// TestKeeperDaily: the day's puzzle, found once the deck is read, comes
// first, marked as such, with the built-in ones; answered, it is recorded
// with the time from the puzzle shown, its board shown; it is not asked
// first again that day, and a local player hears of no board.
func TestKeeperDaily(t *testing.T) {
	var mu sync.Mutex
	calls := 0
	now := time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)
	for _, server := range []bool{false, true} {
		s := newStore()
		ranks := &fakeRanks{today: "2026-11-29"}
		if server {
			s.ranks = ranks
		}
		k := NewKeeper(context.Background(), s, nil, fakeDailies(&calls, &mu))
		runAt(k, Played{}, []Job{k.Read()}, now)
		opened := k.Open(Played{}, now)
		if k.Session.Phase != Looking || !strings.Contains(join(k.Session.Text(moveName)), "Finding today's puzzle") {
			t.Fatalf("the practice opened: %v, %q; want it finding today's puzzle", k.Session.Phase, join(k.Session.Text(moveName)))
		}
		runAt(k, Played{}, opened, now)
		i := k.Deck.Daily("2026-11-29")
		if i < 0 || s.deck.Daily("2026-11-29") != i {
			t.Fatalf("today's puzzle at %d, kept at %d; want found and kept", i, s.deck.Daily("2026-11-29"))
		}
		e, _ := k.Session.Current()
		text := join(k.Session.Text(moveName))
		if e.Daily != "2026-11-29" || !strings.Contains(text, "Today's puzzle — the same for every player") || len(k.Deck.Puzzles) < BuiltInCount {
			t.Fatalf("the first puzzle is of %q, %d puzzles, says:\n%s\nwant today's, with the built-in ones", e.Daily, len(k.Deck.Puzzles), text)
		}
		runAt(k, Played{}, k.Answer(e.Best(), now.Add(4200*time.Millisecond)), now)
		text = join(k.Session.Text(moveName))
		if server && (len(ranks.answers) != 1 || ranks.answers[0] != (playerdata.PuzzleAnswer{Date: "2026-11-29", Right: true, Took: 4200 * time.Millisecond}) ||
			!strings.Contains(text, "Right in 4.2 s: 2nd of 3 today.") || !strings.Contains(text, " 1.    1.5 s  ann") || !strings.Contains(text, "(you)")) {
			t.Errorf("on a server, answers %+v, the text:\n%s\nwant the answer recorded, 4.2 s, and the board", ranks.answers, text)
		}
		if !server && strings.Contains(text, "today.") {
			t.Errorf("a local player's text speaks of a board:\n%s", text)
		}
		if !k.Session.rated {
			t.Error("the first answer to the day's puzzle was not rated")
		}
		k.Close()
		runAt(k, Played{}, k.Open(Played{}, now.Add(time.Minute)), now)
		if e, _ := k.Session.Current(); e.Daily != "" {
			t.Errorf("the day's puzzle answered is asked first again")
		}
	}
	if calls != 2 {
		t.Errorf("%d searches for the day's puzzle; want one a game", calls)
	}
}

// runAt runs jobs as run does, the time being now.
func runAt(k *Keeper, p Played, jobs []Job, now time.Time) []string {
	var warnings []string
	for len(jobs) > 0 {
		j := jobs[0]
		jobs = jobs[1:]
		if j == nil {
			continue
		}
		msg := j()
		switch msg.(type) {
		case TickMsg, LineMsg:
			continue // the line's ticks wait for a clock
		}
		more, w := k.Handle(msg, p, now)
		if w != "" {
			warnings = append(warnings, w)
		}
		jobs = append(jobs, more...)
	}
	return warnings
}
