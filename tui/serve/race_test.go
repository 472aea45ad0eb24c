//go:build serve

package serve

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui"
)

// testRaceLimits are limits the tests of the races reach: a code expires
// long after any test but that of the expiry would look.
func testRaceLimits() RaceLimits {
	return RaceLimits{Races: 4, Expire: time.Minute, WrongCodes: 3}
}

// update returns the next state seat's player is told, failing the test
// if none comes within waitTime.
func update(t *testing.T, seat tui.RaceSeat) tui.RaceState {
	t.Helper()
	select {
	case s, ok := <-seat.Updates():
		if !ok {
			t.Fatal("the seat's updates are closed")
		}
		return s
	case <-time.After(waitTime):
		t.Fatal("no update of the race")
	}
	return tui.RaceState{}
}

// noUpdate fails the test if seat's player has a state waiting.
func noUpdate(t *testing.T, seat tui.RaceSeat) {
	t.Helper()
	select {
	case s := <-seat.Updates():
		t.Fatalf("an update nothing called for: %+v", s)
	default:
	}
}

// startRace opens a race for a and joins it as b, and takes the states
// both are told at its start.
func startRace(t *testing.T, rs *Races, a, b string) (sa, sb tui.RaceSeat) {
	t.Helper()
	sa, err := rs.For(a).Create()
	if err != nil {
		t.Fatal(err)
	}
	sb, err = rs.For(b).Join(sa.Code())
	if err != nil {
		t.Fatalf("Join(%s): %v", sa.Code(), err)
	}
	for _, s := range []tui.RaceSeat{sa, sb} {
		if st := update(t, s); !st.Started || st.Result != tui.RaceOn {
			t.Fatalf("the state at the start: %+v", st)
		}
	}
	return sa, sb
}

// raceError returns the words of a *tui.RaceError, failing the test if err
// is not one.
func raceError(t *testing.T, err error) string {
	t.Helper()
	var e *tui.RaceError
	if !errors.As(err, &e) {
		t.Fatalf("error %v; want a *tui.RaceError", err)
	}
	return e.Why
}

func TestRaceCreateJoin(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rs := NewRaces(testRaceLimits())
		defer rs.Close()
		sa, err := rs.For("ann").Create()
		if err != nil {
			t.Fatal(err)
		}
		code := sa.Code()
		if len(code) != tui.RaceCodeLen || strings.Trim(code, tui.RaceCodeAlphabet) != "" {
			t.Errorf("code %q; want %d characters of %s", code, tui.RaceCodeLen, tui.RaceCodeAlphabet)
		}
		noUpdate(t, sa)
		if _, err := rs.For("ann").Join(code); !strings.Contains(raceError(t, err), "in a race already") {
			t.Errorf("joining while in a race: %v", err)
		}
		if _, err := rs.For("ann").Create(); !strings.Contains(raceError(t, err), "in a race already") {
			t.Errorf("a second race of one player: %v", err)
		}
		sb, err := rs.For("bob").Join(code)
		if err != nil {
			t.Fatal(err)
		}
		if sb.Seed() != sa.Seed() || sb.Code() != code {
			t.Errorf("the friend's seat: seed %d, code %s; want %d, %s", sb.Seed(), sb.Code(), sa.Seed(), code)
		}
		for _, s := range []tui.RaceSeat{sa, sb} {
			if st := update(t, s); !st.Started || st.Gone || st.Expired || st.Result != tui.RaceOn {
				t.Errorf("the state at the start: %+v", st)
			}
		}
		if _, err := rs.For("cat").Join(code); !strings.Contains(raceError(t, err), "No race waits with the code") {
			t.Errorf("a third player joining: %v", err)
		}
		g := engine.NewGame(sa.Seed())
		g.Move(engine.Left)
		b := tui.RaceBoard{Board: g.Board(), Score: g.Score(), Moves: 1}
		sa.Report(b)
		if st := update(t, sb); st.Opponent != b {
			t.Errorf("the friend sees %+v; want %+v", st.Opponent, b)
		}
		noUpdate(t, sa)
		sa.Leave()
		sb.Leave()
		if n := rs.Count(); n != 0 {
			t.Errorf("%d races once both left; want 0", n)
		}
	})
}

func TestRaceOwnCode(t *testing.T) {
	rs := NewRaces(testRaceLimits())
	defer rs.Close()
	s, err := rs.For("ann").Create()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Leave()
	// A second game of the same key cannot be played (see play.go); its
	// hub is still the player's.
	if _, err := rs.For("ann").Join(s.Code()); err == nil {
		t.Error("a player joined their own race")
	}
	rs.mu.Lock()
	delete(rs.seated, "ann") // as if the player were free to join
	rs.mu.Unlock()
	if _, err := rs.For("ann").Join(s.Code()); !strings.Contains(raceError(t, err), "your own race") {
		t.Errorf("joining one's own race: %v", err)
	}
}

func TestRaceExpire(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		lim := testRaceLimits()
		lim.Expire = 20 * time.Millisecond
		rs := NewRaces(lim)
		defer rs.Close()
		s, err := rs.For("ann").Create()
		if err != nil {
			t.Fatal(err)
		}
		if st := update(t, s); !st.Expired || st.Started {
			t.Errorf("the state of a race nobody joined: %+v", st)
		}
		if _, err := rs.For("bob").Join(s.Code()); err == nil {
			t.Error("a friend joined an expired race")
		}
		s.Leave()
		if _, ok := <-s.Updates(); ok {
			t.Error("the updates of a seat left are open")
		}
		if n := rs.Count(); n != 0 {
			t.Errorf("%d races; want 0", n)
		}
	})
}

func TestRaceWrongCodes(t *testing.T) {
	rs := NewRaces(testRaceLimits())
	defer rs.Close()
	for i := range 3 {
		if _, err := rs.For("eve").Join(fmt.Sprintf("AAAAA%d", i+2)); !strings.Contains(raceError(t, err), "No race waits") ||
			!strings.Contains(err.Error(), "within a minute") {
			t.Errorf("a wrong code: %v", err)
		}
	}
	s, err := rs.For("ann").Create()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Leave()
	if _, err := rs.For("eve").Join(s.Code()); !strings.Contains(raceError(t, err), "wrong codes") {
		t.Errorf("the right code after too many wrong ones: %v", err)
	}
	if _, err := rs.For("bob").Join(s.Code()); err != nil {
		t.Errorf("another player: %v", err)
	}
}

func TestRaceLimit(t *testing.T) {
	rs := NewRaces(testRaceLimits())
	defer rs.Close()
	for i := range 4 {
		s, err := rs.For(fmt.Sprint("p", i)).Create()
		if err != nil {
			t.Fatal(err)
		}
		defer s.Leave()
	}
	if _, err := rs.For("p5").Create(); !strings.Contains(raceError(t, err), "races going") {
		t.Errorf("a race over the limit: %v", err)
	}
}

func TestRaceClose(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		lim := testRaceLimits()
		lim.Expire = 20 * time.Millisecond
		rs := NewRaces(lim)
		s, err := rs.For("ann").Create()
		if err != nil {
			t.Fatal(err)
		}
		rs.Close()
		if _, err := rs.For("bob").Join(s.Code()); err == nil {
			t.Error("joined a race after Close")
		}
		if _, err := rs.For("bob").Create(); !strings.Contains(raceError(t, err), "shutting down") {
			t.Errorf("a race after Close: %v", err)
		}
		// The bubble's clock passes the expiry at once; whatever the
		// expiry would start has run when every goroutine waits.
		time.Sleep(2 * lim.Expire)
		synctest.Wait()
		noUpdate(t, s) // the code closed with the server, not by its expiry
		s.Leave()
	})
}

// board returns a board whose highest tile is 2^rank, no move left if over.
func board(rank uint8, over bool) engine.Board {
	if over {
		return engine.Board(0x1212_2121_1212_2120) | engine.Board(rank)
	}
	return engine.Board(rank)
}

func TestRaceWinner(t *testing.T) {
	type report struct {
		seat  int
		board tui.RaceBoard
	}
	out := func(score int) tui.RaceBoard { return tui.RaceBoard{Board: board(3, true), Score: score, Over: true} }
	for _, c := range []struct {
		name    string
		reports []report
		leaves  int // the seat that leaves after the reports, or -1
		want    [2]tui.RaceResult
		by      tui.RaceReason
	}{
		{"2048 first", []report{{1, out(900)}, {0, tui.RaceBoard{Board: board(11, false), Score: 20000, Won: true}}}, -1,
			[2]tui.RaceResult{tui.RaceWon, tui.RaceLost}, tui.By2048},
		{"2048 after", []report{{1, tui.RaceBoard{Board: board(11, false), Won: true}}, {0, tui.RaceBoard{Board: board(11, false), Won: true}}}, -1,
			[2]tui.RaceResult{tui.RaceLost, tui.RaceWon}, tui.By2048},
		{"higher score once both are out", []report{{0, out(900)}, {1, out(1200)}}, -1,
			[2]tui.RaceResult{tui.RaceLost, tui.RaceWon}, tui.ByScore},
		{"one out only", []report{{0, out(9000)}, {1, tui.RaceBoard{Score: 100}}}, -1,
			[2]tui.RaceResult{tui.RaceOn, tui.RaceOn}, 0},
		{"tie", []report{{0, out(900)}, {1, out(900)}}, -1,
			[2]tui.RaceResult{tui.RaceTied, tui.RaceTied}, tui.ByScore},
		{"forfeit", []report{{0, tui.RaceBoard{Score: 5000}}}, 0,
			[2]tui.RaceResult{tui.RaceLost, tui.RaceWon}, tui.ByForfeit},
		{"leaving once decided", []report{{0, out(900)}, {1, out(1200)}}, 1,
			[2]tui.RaceResult{tui.RaceLost, tui.RaceWon}, tui.ByScore},
	} {
		t.Run(c.name, func(t *testing.T) {
			rs := NewRaces(testRaceLimits())
			defer rs.Close()
			sa, sb := startRace(t, rs, "ann", "bob")
			seats := []tui.RaceSeat{sa, sb}
			defer sa.Leave()
			defer sb.Leave()
			for _, r := range c.reports {
				seats[r.seat].Report(r.board)
				if st := update(t, seats[1-r.seat]); st.Opponent != r.board {
					t.Fatalf("the friend sees %+v; want %+v", st.Opponent, r.board)
				}
			}
			if c.leaves >= 0 {
				seats[c.leaves].Leave()
				if st := update(t, seats[1-c.leaves]); !st.Gone {
					t.Errorf("the friend of a player who left: %+v", st)
				}
			}
			for i := range seats {
				rs.mu.Lock()
				got, by := sa.(*raceSeat).race.result[i], sa.(*raceSeat).race.by
				rs.mu.Unlock()
				if got != c.want[i] || got != tui.RaceOn && by != c.by {
					t.Errorf("seat %d: %v by %v; want %v by %v", i, got, by, c.want[i], c.by)
				}
			}
		})
	}
}

// TestRacesAtOnce plays many races at once, each player reporting as fast
// as it can while the other reads: the friend sees the moves in order,
// the last one last, and no goroutine is left.
func TestRacesAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const races, moves = 20, 200
		lim := testRaceLimits()
		lim.Races = races
		rs := NewRaces(lim)
		defer rs.Close()
		var wg sync.WaitGroup
		var seats []tui.RaceSeat
		for i := range races {
			sa, sb := startRace(t, rs, fmt.Sprint("a", i), fmt.Sprint("b", i))
			seats = append(seats, sa, sb)
			for _, pair := range [][2]tui.RaceSeat{{sa, sb}, {sb, sa}} {
				me, friend := pair[0], pair[1]
				wg.Go(func() {
					for k := 1; k <= moves; k++ {
						me.Report(tui.RaceBoard{Score: k, Moves: k})
					}
				})
				wg.Go(func() {
					seen := 0
					for s := range friend.Updates() {
						if s.Opponent.Moves < seen {
							t.Errorf("move %d after move %d", s.Opponent.Moves, seen)
						}
						if seen = s.Opponent.Moves; seen == moves {
							return
						}
					}
				})
			}
		}
		wg.Wait()
		for _, s := range seats {
			s.Leave()
		}
		if n := rs.Count(); n != 0 {
			t.Errorf("%d races once all left; want 0", n)
		}
	})
}
