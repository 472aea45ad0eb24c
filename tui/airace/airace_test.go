package airace

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/race"
)

// testSeed is the seed of the races of the tests.
const testSeed = 7

// hubAt returns a hub whose races are of testSeed, the AI choosing its
// moves with mover (nil: its search).
func hubAt(mover func(context.Context, engine.Board) (engine.Direction, error)) *Hub {
	return NewHub(Config{Seed: func() uint64 { return testSeed }, mover: mover})
}

// firstLegal is an AI that plays the first legal move of up, left, down,
// right: a game that ends soon, always the same.
func firstLegal(_ context.Context, b engine.Board) (engine.Direction, error) {
	for _, d := range []engine.Direction{engine.Up, engine.Left, engine.Down, engine.Right} {
		if _, _, moved := b.Move(d); moved {
			return d, nil
		}
	}
	return 0, fmt.Errorf("no move on %v", b)
}

// firstLegalGame returns the game firstLegal plays on seed, to its end.
func firstLegalGame(seed uint64) *engine.Game {
	g := engine.NewGame(seed)
	for !g.Over() {
		d, _ := firstLegal(context.Background(), g.Board())
		g.Move(d)
	}
	return g
}

// afterMoves returns the game firstLegal plays on seed, after n moves.
func afterMoves(seed uint64, n int) *engine.Game {
	g := engine.NewGame(seed)
	for range n {
		d, _ := firstLegal(context.Background(), g.Board())
		g.Move(d)
	}
	return g
}

// waitFor returns the first state of s that ok accepts; it fails the
// test if the updates close first, or none comes within a minute.
func waitFor(t *testing.T, s race.Seat, ok func(race.State) bool) race.State {
	t.Helper()
	limit := time.After(time.Minute)
	for {
		select {
		case st, open := <-s.Updates():
			if !open {
				t.Fatal("the race's updates closed")
			}
			if ok(st) {
				return st
			}
		case <-limit:
			t.Fatal("no state of the race as wanted within a minute")
		}
	}
}

// decided reports whether the race is decided.
func decided(st race.State) bool { return st.Result != race.On }

// ended waits for s's updates to close: the race's goroutine has ended.
func ended(t *testing.T, s race.Seat) {
	t.Helper()
	limit := time.After(time.Minute)
	for {
		select {
		case _, open := <-s.Updates():
			if !open {
				return
			}
		case <-limit:
			t.Fatal("the race's goroutine did not end within a minute of the seat's leaving")
		}
	}
}

func TestDecide(t *testing.T) {
	out := firstLegalGame(testSeed) // over, without 2048
	for _, c := range []struct {
		name   string
		p      race.Board
		wonAt  int
		g      *engine.Game
		result race.Result
		by     race.Reason
	}{
		{"player 2048 first", race.Board{Moves: 1, Won: true}, 1, engine.NewGame(testSeed), race.Won, race.By2048},
		{"player 2048, the AI behind", race.Board{Moves: 5, Won: true}, 5, engine.NewGame(testSeed), race.On, 0},
		{"player 2048, the AI out", race.Board{Moves: 900, Won: true}, 900, out, race.Won, race.By2048},
		{"both out, player higher", race.Board{Over: true, Score: out.Score() + 4}, 0, out, race.Won, race.ByScore},
		{"both out, AI higher", race.Board{Over: true, Score: out.Score() - 4}, 0, out, race.Lost, race.ByScore},
		{"both out, the same", race.Board{Over: true, Score: out.Score()}, 0, out, race.Tied, race.ByScore},
		{"the AI out, the player on", race.Board{Moves: 900, Score: 1}, 0, out, race.On, 0},
		{"the player out, the AI on", race.Board{Over: true, Score: 100000}, 0, engine.NewGame(testSeed), race.On, 0},
		{"the player out, the AI ahead", race.Board{Over: true, Score: 4}, 0, afterMoves(testSeed, 30), race.Lost, race.ByScore},
	} {
		if r, by := decide(c.p, c.wonAt, c.g); r != c.result || by != c.by {
			t.Errorf("%s: decide(%+v, %d, %d moves) = %v, %v; want %v, %v", c.name, c.p, c.wonAt, c.g.MoveCount(), r, by, c.result, c.by)
		}
	}
}

// TestRaceResults plays races against a scripted AI whose game ends
// without 2048, the player's game reported over with a score above,
// below and equal to the AI's, or with 2048; and a race against the AI's
// search at 2 plies, which goes on after the player is out and wins.
func TestRaceResults(t *testing.T) {
	out := firstLegalGame(testSeed)
	for _, c := range []struct {
		name   string
		player race.Board
		result race.Result
		by     race.Reason
	}{
		{"higher", race.Board{Moves: 3, Over: true, Score: out.Score() + 4}, race.Won, race.ByScore},
		{"lower", race.Board{Moves: 3, Over: true, Score: out.Score() - 4}, race.Lost, race.ByScore},
		{"tied", race.Board{Moves: 3, Over: true, Score: out.Score()}, race.Tied, race.ByScore},
		{"2048", race.Board{Moves: 1, Won: true}, race.Won, race.By2048},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _ := hubAt(firstLegal).Join("3")
			defer s.Leave()
			s.Report(c.player)
			st := waitFor(t, s, decided)
			if st.Result != c.result || st.By != c.by {
				t.Errorf("the race = %v, %v; want %v, %v", st.Result, st.By, c.result, c.by)
			}
			if c.by == race.ByScore && c.result != race.Lost && st.Opponent.Score != out.Score() {
				t.Errorf("the AI's score = %d; want %d, its game played out", st.Opponent.Score, out.Score())
			}
		})
	}
	t.Run("searched", func(t *testing.T) {
		s, _ := hubAt(nil).Join("2")
		defer s.Leave()
		s.Report(race.Board{Over: true, Score: 4}) // out at once
		st := waitFor(t, s, decided)
		if st.Result != race.Lost || !st.Opponent.Won && st.By != race.ByScore {
			t.Errorf("the race = %v, %v, the AI's game %+v; want lost", st.Result, st.By, st.Opponent)
		}
	})
}

// TestRaceAdvances: the AI plays a move for each of the player's, and no
// more while the player plays on.
func TestRaceAdvances(t *testing.T) {
	s, _ := hubAt(nil).Join("2")
	defer s.Leave()
	if st := waitFor(t, s, func(race.State) bool { return true }); !st.Started || st.Opponent.Moves != 0 || st.Opponent.Name != "the AI (2 plies)" {
		t.Fatalf("the race's first state = %+v; want started, the AI's game unplayed and named", st)
	}
	if s.Code() != "AI2" || s.Seed() != testSeed {
		t.Errorf("the race's code and seed = %q, %d; want AI2, %d", s.Code(), s.Seed(), testSeed)
	}
	for n := 1; n <= 5; n++ {
		s.Report(race.Board{Moves: n, Score: 4 * n})
		st := waitFor(t, s, func(st race.State) bool { return st.Opponent.Moves >= n })
		if st.Opponent.Moves != n || st.Result != race.On {
			t.Fatalf("after the player's move %d, the AI's game has %d moves, the race %v; want %d, on", n, st.Opponent.Moves, st.Result, n)
		}
	}
	select {
	case st := <-s.Updates():
		t.Errorf("the AI moved on alone: %+v", st)
	default:
	}
}

// TestRaceLeave: leaving the seat ends the race's goroutine, which closes
// its updates, in the middle of a race, or once decided, or at once.
func TestRaceLeave(t *testing.T) {
	t.Run("playing", func(t *testing.T) {
		s, _ := hubAt(nil).Join("9") // deep searches: one is likely under way
		s.Report(race.Board{Over: true})
		s.Leave()
		s.Leave() // again: nothing more
		ended(t, s)
	})
	t.Run("decided", func(t *testing.T) {
		s, _ := hubAt(firstLegal).Join("3")
		s.Report(race.Board{Moves: 1, Won: true})
		waitFor(t, s, decided)
		s.Leave()
		ended(t, s)
	})
	t.Run("like me", func(t *testing.T) {
		s, _ := hubAt(firstLegal).Create()
		s.Leave()
		ended(t, s)
	})
}

func TestJoinRefuses(t *testing.T) {
	for _, code := range []string{"", "1", "10", "K7MQ2X", "A"} {
		if s, err := hubAt(firstLegal).Join(code); err == nil {
			s.Leave()
			t.Errorf("Join(%q) took a seat; want no depth", code)
		}
	}
}

func TestLikeDepth(t *testing.T) {
	for _, c := range []struct {
		accuracies []float64
		want       int
	}{
		{nil, DefaultLikeDepth}, {[]float64{50}, 1}, {[]float64{88, 90}, 2}, {[]float64{93}, 3}, {[]float64{98}, 4}, {[]float64{100, 100}, 5},
		{[]float64{91.5}, 2}, // as near 89 as 94: the shallower
	} {
		if got := LikeDepth(c.accuracies); got != c.want {
			t.Errorf("LikeDepth(%v) = %d; want %d", c.accuracies, got, c.want)
		}
	}
}

// TestLikeMe: an AI like the player is measured on the reviews kept of
// the player's games: a game reviewed whole counts, one not reviewed does
// not, and a player with none races DefaultLikeDepth.
func TestLikeMe(t *testing.T) {
	dir := t.TempDir()
	files := &playerdata.Files{Shown: dir, StateDir: filepath.Join(dir, "state"), DataDir: filepath.Join(dir, "data"),
		ConfigDir: filepath.Join(dir, "config"), CacheDir: filepath.Join(dir, "cache")}
	if got := PlayerAccuracies(t.Context(), files); got != nil {
		t.Errorf("PlayerAccuracies of no history = %v; want none", got)
	}
	set := review.Setting{Depth: review.DefaultDepth}
	for i, seed := range []uint64{1, 2} {
		e := firstLegalGame(seed)
		g := history.FromEngine(e, nil)
		g.ID, g.Ended = fmt.Sprintf("%016x", 0x100+seed), time.Date(2026, 11, 20, 9, 0, i, 0, time.UTC)
		if err := files.AppendHistory(g); err != nil {
			t.Fatal(err)
		}
		if seed == 2 {
			continue // not reviewed
		}
		rg := review.Game{Transcript: g.Transcript}
		rev, err := review.Run(t.Context(), rg, review.Options{Setting: set, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		searches := make([]ai.Result, len(rev.Moves))
		for j, m := range rev.Moves {
			searches[j] = m.Search
		}
		if err := files.SaveReview(rg, set, searches); err != nil {
			t.Fatal(err)
		}
	}
	got := PlayerAccuracies(t.Context(), files)
	if len(got) != 1 || got[0] < 0 || got[0] > 100 {
		t.Fatalf("PlayerAccuracies = %v; want the one reviewed game's", got)
	}
	s, _ := NewHub(Config{Reviews: files, mover: firstLegal}).Create()
	defer s.Leave()
	st := waitFor(t, s, func(race.State) bool { return true })
	if want := LikeDepth(got); st.Opponent.Name != Name(want) || s.Code() != fmt.Sprint("AI", want) {
		t.Errorf("the AI like the player is %q, code %q; want %q, AI%d", st.Opponent.Name, s.Code(), Name(want), want)
	}
}
