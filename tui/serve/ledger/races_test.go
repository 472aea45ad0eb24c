//go:build serve

package ledger

import (
	"errors"
	"testing"
	"time"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/race"
	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// TestRacesAcrossServers plays a race on two ledgers of one database, as
// two servers that share it: one opens it, the other joins it, each reads
// the other's moves, the race is decided once, and deleted once both
// have left.
func TestRacesAcrossServers(t *testing.T) { ledgertest.Run(t, testRacesAcrossServers) }

func testRacesAcrossServers(t *testing.T, db ledgertest.Database) {
	clock := newTestClock()
	servers := openServers(t, db.New(t), clock.options(holdLifetime/3), 2)
	a, b := servers[0], servers[1]
	const code, seed = "ABCDEF", uint64(1) << 63
	if err := a.CreateRace(code, seed, "SHA256:ann", clock.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := b.CreateRace(code, 7, "SHA256:bob", clock.Now().Add(time.Minute)); !errors.Is(err, ErrCodeTaken) {
		t.Errorf("CreateRace of a code taken = %v; want %v", err, ErrCodeTaken)
	}
	if _, err := a.JoinRace(code, "SHA256:ann"); !errors.Is(err, ErrOwnRace) {
		t.Errorf("JoinRace of one's own code = %v; want %v", err, ErrOwnRace)
	}
	if _, err := b.JoinRace("ZZZZZZ", "SHA256:bob"); !errors.Is(err, ErrNoRace) {
		t.Errorf("JoinRace of no race = %v; want %v", err, ErrNoRace)
	}
	if st := raceState(t, a, code, 0); st.Started {
		t.Errorf("the race before the friend came: %+v; want it waiting", st)
	}
	got, err := b.JoinRace(code, "SHA256:bob")
	if err != nil || got != seed {
		t.Fatalf("JoinRace = %d, %v; want %d", got, err, seed)
	}
	if _, err := a.JoinRace(code, "SHA256:cat"); !errors.Is(err, ErrNoRace) {
		t.Errorf("JoinRace of a race joined = %v; want %v", err, ErrNoRace)
	}

	bob := race.Board{Board: engine.Board(0x1200), Score: 4, Moves: 1, Name: "Bob"}
	if err := b.ReportRace(code, 1, bob); err != nil {
		t.Fatal(err)
	}
	if st := raceState(t, a, code, 0); !st.Started || st.Opponent != bob || st.Result != race.On {
		t.Errorf("Ann's race = %+v; want it started, Bob's board %+v", st, bob)
	}
	ann := race.Board{Board: engine.Board(0x2100), Score: 8, Moves: 2, Over: true}
	if err := a.ReportRace(code, 0, ann); err != nil {
		t.Fatal(err)
	}
	if st := raceState(t, b, code, 1); st.Result != race.On || st.Opponent != ann {
		t.Errorf("Bob's race, Ann out, Bob not = %+v; want it on", st)
	}
	bob.Over, bob.Score = true, 16
	if err := b.ReportRace(code, 1, bob); err != nil {
		t.Fatal(err)
	}
	for i, d := range servers {
		want := [2]race.Result{race.Lost, race.Won}[i]
		if st := raceState(t, d, code, i); st.Result != want || st.By != race.ByScore {
			t.Errorf("seat %d, both out: %+v; want %v by score", i, st, want)
		}
	}
	if err := a.LeaveRace(code, 0); err != nil {
		t.Fatal(err)
	}
	if st := raceState(t, b, code, 1); !st.Gone || st.Result != race.Won {
		t.Errorf("Bob's race once Ann left a race decided: %+v; want Ann gone, Bob's win kept", st)
	}
	if err := b.LeaveRace(code, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := a.RaceState(code, 0, false); !errors.Is(err, ErrRaceGone) {
		t.Errorf("RaceState of a race both left = %v; want %v", err, ErrRaceGone)
	}
	if n := count(t, a, "race_seats") + count(t, a, "races"); n != 0 {
		t.Errorf("%d rows of races once both left; want 0", n)
	}
}

// TestRaceOfAServerGone: a seat its server no longer renews is left once
// a hold's lifetime has passed, and the friend wins by forfeit; the
// player whose server is gone opens a race again elsewhere.
func TestRaceOfAServerGone(t *testing.T) { ledgertest.Run(t, testRaceOfAServerGone) }

func testRaceOfAServerGone(t *testing.T, db ledgertest.Database) {
	clock := newTestClock()
	servers := openServers(t, db.New(t), clock.options(holdLifetime/3), 2)
	a, b := servers[0], servers[1]
	const code = "GHJKMN"
	if err := a.CreateRace(code, 1, "SHA256:ann", clock.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, err := b.JoinRace(code, "SHA256:bob"); err != nil {
		t.Fatal(err)
	}
	clock.advance(holdLifetime / 2)
	if st := raceState(t, b, code, 1); st.Gone || st.Result != race.On {
		t.Errorf("within a lifetime: %+v; want the race on", st)
	}
	clock.advance(holdLifetime / 2) // b renews its seat at each look; a, killed, does not
	if st := raceState(t, b, code, 1); !st.Gone || st.Result != race.Won || st.By != race.ByForfeit {
		t.Errorf("a lifetime after Ann's server last renewed her seat: %+v; want Bob's win by forfeit", st)
	}
	if err := b.CreateRace("PQRSTU", 2, "SHA256:ann", clock.Now().Add(time.Hour)); err != nil {
		t.Errorf("Ann's new race on the other server: %v", err)
	}
}

// raceState returns the race of code as seat sees it on d, renewing the
// seat.
func raceState(t *testing.T, d *DB, code string, seat int) race.State {
	t.Helper()
	st, err := d.RaceState(code, seat, true)
	if err != nil {
		t.Fatalf("RaceState(%s, %d) = %v", code, seat, err)
	}
	return st
}
