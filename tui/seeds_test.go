package tui

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/tui/history"
)

// TestSecretSeeds checks the seeds of a server's games: new games' are 64
// random bits and never shown, the daily challenge is the one the server
// deals; a local game's seed is under a billion and shown.
func TestSecretSeeds(t *testing.T) {
	dealt := func(date string) (uint64, error) { return 0xdead_beef_0000_0001, nil }
	m := newTestModel(t, Config{SecretSeeds: true, DailySeed: dealt})
	big := 0
	for range 20 {
		press(m, "n")
		press(m, "y") // if it asks
		if m.cur.Game.Seed() >= 1<<32 {
			big++
		}
		if title := plain(m); strings.Contains(title, "game "+strconv.FormatUint(m.cur.Game.Seed(), 10)) {
			t.Fatalf("the seed %d is shown:\n%s", m.cur.Game.Seed(), title)
		}
	}
	if big < 15 {
		t.Errorf("%d of 20 secret seeds of 32 bits or more; want nearly all", big)
	}
	if g := m.dailySave(); g.Game.Seed() != 0xdead_beef_0000_0001 || g.Daily != m.today() {
		t.Errorf("the daily challenge on a server: seed %d of %s; want the one dealt", g.Game.Seed(), g.Daily)
	}

	local := newTestModel(t, Config{})
	if s := local.cur.Game.Seed(); s >= 1e9 || !strings.Contains(plain(local), "game "+strconv.FormatUint(s, 10)) {
		t.Errorf("a local game: seed %d; want one under a billion, shown:\n%s", s, plain(local))
	}
	want, _ := history.DailySeed(local.today())
	if g := local.dailySave(); g.Game.Seed() != want {
		t.Errorf("the local daily challenge: seed %d; want the date's own, %d", g.Game.Seed(), want)
	}
}

// TestAILooksAssist checks that every look at the AI during a game makes
// it one played with the AI: a mark of the coach, the review of the game in
// progress; and that the player is told.
func TestAILooksAssist(t *testing.T) {
	byHand := func(m *Model) *Model {
		m.cur.Hinted, m.cur.Autoplayed, m.cur.By = false, false, nil
		return m
	}
	m := byHand(coachModel(t))
	rating, ok := ratingOf(m, press(m, moveKey(t, m)))
	if !ok {
		t.Fatal("the move was not rated")
	}
	m.Update(rating)
	if !m.cur.Hinted || !strings.Contains(m.note, "counts as played with the AI") {
		t.Errorf("after a mark of the coach: hinted %v, note %q; want hinted, and told", m.cur.Hinted, m.note)
	}

	m = byHand(playedModel(t, Config{Depth: 2}, 20))
	press(m, "r")
	if !m.cur.Hinted || !strings.Contains(m.note, "counts as played with the AI") {
		t.Errorf("after the review of the game in progress: hinted %v, note %q; want hinted, and told", m.cur.Hinted, m.note)
	}

	over := byHand(playedModel(t, Config{Depth: 2}, 10_000))
	if !over.cur.Game.Over() {
		t.Fatal("the game is not over")
	}
	press(over, "r")
	if over.cur.Hinted {
		t.Error("the review of a game over made it hinted")
	}
}

// TestGamesPerMinute checks the bound on the games a player leaves in a
// minute: over it, the game goes on, the player told for how long; a
// minute later a game may be left again; a local game is not bound.
func TestGamesPerMinute(t *testing.T) {
	m := newTestModel(t, Config{GamesPerMinute: 3})
	now := m.now()
	m.now = func() time.Time { return now }
	leaveOne := func() bool {
		t.Helper()
		m.cur.Game.Move(m.cur.Game.Board().LegalMoves()[0])
		id := m.cur.ID
		press(m, "n")
		press(m, "y")
		return m.cur.ID != id
	}
	for i := range 3 {
		if !leaveOne() {
			t.Fatalf("game %d of the minute was not left: %q", i+1, m.note)
		}
		now = now.Add(10 * time.Second)
	}
	id := m.cur.ID
	if leaveOne() || m.cur.ID != id || !strings.Contains(m.note, "You left 3 games in the last minute") || !strings.Contains(m.note, "31 seconds") {
		t.Fatalf("a fourth game in a minute: left %v, note %q; want it to go on, and why, for 31 seconds", m.cur.ID != id, m.note)
	}
	now = now.Add(31 * time.Second)
	if !leaveOne() {
		t.Errorf("a game a minute after the first was not left: %q", m.note)
	}
	unbound := newTestModel(t, Config{})
	for range 20 {
		unbound.cur.Game.Move(unbound.cur.Game.Board().LegalMoves()[0])
		id := unbound.cur.ID
		press(unbound, "n")
		press(unbound, "y")
		if unbound.cur.ID == id {
			t.Fatal("a local game was not left")
		}
	}
}
