//go:build serve

package ledger

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// lostHolds records what Options.OnLost is told.
type lostHolds struct {
	mu      sync.Mutex
	players []string
}

func (l *lostHolds) told(players []string) {
	l.mu.Lock()
	l.players = append(l.players, players...)
	l.mu.Unlock()
}

func (l *lostHolds) list() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.players)
}

// TestHoldLostUnrenewed: a server whose renewals fail (the fault of a
// database out of reach) for a hold's lifetime finds its holds lost: it
// says whose, refuses their writes, and the other server takes them; a
// hold it renewed in time is kept.
func TestHoldLostUnrenewed(t *testing.T) { ledgertest.Run(t, testHoldLostUnrenewed) }

func testHoldLostUnrenewed(t *testing.T, db ledgertest.Database) {
	clock := newTestClock()
	var fault error
	var lost lostHolds
	opt := clock.options(time.Hour) // the test renews
	opt.RenewFault = func() error { return fault }
	opt.OnLost = lost.told
	servers := openServers(t, db.New(t), opt, 2)
	a, b := servers[0], servers[1]
	hold(t, a, "SHA256:ann")
	hold(t, a, "SHA256:bob")
	if err := a.SaveGame("SHA256:ann", savedGame(1, 3), false); err != nil {
		t.Fatal(err)
	}
	fault = errors.New("the database is out of reach")
	clock.advance(holdLifetime - time.Millisecond)
	if err := a.renewHolds(t.Context()); err == nil {
		t.Fatal("renewHolds with the fault = nil; want its error")
	}
	if got := lost.list(); len(got) != 0 {
		t.Errorf("holds lost within their lifetime: %v; want none", got)
	}
	clock.advance(time.Millisecond)
	if err := a.renewHolds(t.Context()); err == nil {
		t.Fatal("renewHolds with the fault = nil; want its error")
	}
	if got, want := lost.list(), []string{"SHA256:ann", "SHA256:bob"}; !slices.Equal(got, want) {
		t.Errorf("holds lost a lifetime after the last renewal: %v; want %v", got, want)
	}
	select {
	case <-a.HoldLost("SHA256:ann"):
	default:
		t.Error("HoldLost of a hold lost: not closed")
	}
	if err := a.SaveGame("SHA256:ann", savedGame(1, 4), true); !errors.Is(err, ErrHoldLost) {
		t.Errorf("SaveGame of a hold lost = %v; want %v", err, ErrHoldLost)
	}
	if err := a.SavePractice("SHA256:ann", []byte("practice")); !errors.Is(err, ErrHoldLost) {
		t.Errorf("SavePractice of a hold lost = %v; want %v", err, ErrHoldLost)
	}
	if err := a.SetPracticeAside("SHA256:ann"); !errors.Is(err, ErrHoldLost) {
		t.Errorf("SetPracticeAside of a hold lost = %v; want %v", err, ErrHoldLost)
	}
	if _, err := a.AnswerPuzzle("SHA256:ann", history.DailyDate(clock.Now()), true, time.Second); !errors.Is(err, ErrHoldLost) {
		t.Errorf("AnswerPuzzle of a hold lost = %v; want %v", err, ErrHoldLost)
	}
	hold(t, b, "SHA256:ann")
	if err := b.SaveGame("SHA256:ann", savedGame(1, 5), true); err != nil {
		t.Fatal(err)
	}
	if g, _, _ := b.LoadGame("SHA256:ann"); g.Game.MoveCount() != 5 {
		t.Errorf("the game of the server that took the player has %d moves; want 5", g.Game.MoveCount())
	}
}

// TestHoldLostTaken: a hold another server took is found lost at the
// next renewal that works, and a write made before it, a lifetime after
// the last renewal, is refused at once.
func TestHoldLostTaken(t *testing.T) { ledgertest.Run(t, testHoldLostTaken) }

func testHoldLostTaken(t *testing.T, db ledgertest.Database) {
	clock := newTestClock()
	var lost lostHolds
	opt := clock.options(time.Hour)
	opt.OnLost = lost.told
	servers := openServers(t, db.New(t), opt, 2)
	a, b := servers[0], servers[1]
	hold(t, a, "SHA256:ann")
	hold(t, a, "SHA256:bob")
	clock.advance(holdLifetime)
	if _, err := a.AppendHistory("SHA256:bob", played(t, "0000000000000001", 1, 3, noon)); !errors.Is(err, ErrHoldLost) {
		t.Errorf("AppendHistory a lifetime after the last renewal = %v; want %v", err, ErrHoldLost)
	}
	if got := lost.list(); !slices.Equal(got, []string{"SHA256:bob"}) {
		t.Errorf("holds lost: %v; want Bob's, found by the write", got)
	}
	hold(t, b, "SHA256:ann")
	if err := a.renewHolds(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := lost.list(); !slices.Equal(got, []string{"SHA256:bob", "SHA256:ann"}) {
		t.Errorf("holds lost: %v; want Bob's, then Ann's, taken by the other server", got)
	}
}
