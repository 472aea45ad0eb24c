package practice

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/practice/deck"
)

// store is a Store in memory: the games by ID, and the practice.
type store struct {
	reviews
	games   map[string]history.Game
	deck    *deck.Deck
	readErr error
	saveErr error
	saves   int
	ranks   playerdata.Ranks // nil: a local player's
}

func (s *store) Ranks() playerdata.Ranks { return s.ranks }

func (s *store) ReadGame(r history.Record) (history.Game, error) { return s.games[r.ID], nil }
func (s *store) LoadPractice() (*deck.Deck, error)               { return s.deck, s.readErr }
func (s *store) SavePractice(d *deck.Deck) error {
	s.saves++
	if s.saveErr == nil {
		s.deck = d.Clone()
	}
	return s.saveErr
}

func newStore(games ...history.Game) *store {
	s := &store{reviews: reviews{kept: map[uint64][]ai.Result{}}, games: map[string]history.Game{}, deck: &deck.Deck{}}
	for _, g := range games {
		s.games[g.ID] = g
	}
	return s
}

// run runs jobs and hands their messages to k, and the jobs those give,
// until none is left; it returns the warnings.
func run(k *Keeper, p Played, jobs []Job) []string {
	var warnings []string
	for len(jobs) > 0 {
		j := jobs[0]
		jobs = jobs[1:]
		if j == nil {
			continue
		}
		msg := j()
		if _, tick := msg.(TickMsg); tick {
			continue // the line's ticks wait for a clock
		}
		more, w := k.Handle(msg, p, time.Now())
		if w != "" {
			warnings = append(warnings, w)
		}
		jobs = append(jobs, more...)
	}
	return warnings
}

// TestKeeperScans: before the practice is opened, only the games left in
// the session are scanned; once it is, the whole history.
func TestKeeperScans(t *testing.T) {
	old, left := sloppyGame(1, 30), sloppyGame(2, 30)
	s := newStore(old, left)
	k := NewKeeper(context.Background(), s, nil, nil)
	p := Played{Games: []history.Record{old.Record, left.Record}, Left: []history.Game{left}}
	run(k, p, []Job{k.Read()})
	if !k.Deck.IsScanned(left.ID) || k.Deck.IsScanned(old.ID) {
		t.Fatalf("scanned %v before the practice opened; want the game left only", k.Deck.Scanned)
	}
	run(k, p, k.Open(p, time.Now()))
	if !k.Deck.IsScanned(old.ID) || !s.deck.IsScanned(old.ID) {
		t.Errorf("scanned %v, kept %v once the practice opened; want both games", k.Deck.Scanned, s.deck.Scanned)
	}
	if k.Session.Phase != Asking || k.Session.ToScan != 1 || k.Session.Scanned != 1 {
		t.Errorf("the session: %v, %d of %d scanned; want a puzzle asked, 1 of 1", k.Session.Phase, k.Session.Scanned, k.Session.ToScan)
	}
}

// TestKeeperReadOnly: a practice that cannot be read is never written.
func TestKeeperReadOnly(t *testing.T) {
	s := newStore()
	s.deck, s.readErr = nil, errors.New("permission denied")
	k := NewKeeper(context.Background(), s, nil, nil)
	warnings := run(k, Played{}, []Job{k.Read()})
	if len(warnings) != 1 {
		t.Errorf("warnings %q; want one", warnings)
	}
	run(k, Played{}, k.Open(Played{}, time.Now()))
	e, _ := k.Session.Current()
	run(k, Played{}, k.Answer(e.Best(), time.Now()))
	if s.saves != 0 {
		t.Errorf("%d writes of a practice that could not be read; want none", s.saves)
	}
}

// TestKeeperWritesOneAtATime: a change while the deck is written is
// written after, once; a write that fails is told once.
func TestKeeperWritesOneAtATime(t *testing.T) {
	s := newStore()
	k := NewKeeper(context.Background(), s, nil, nil)
	run(k, Played{}, []Job{k.Read()})
	opened := k.Open(Played{}, time.Now()) // the built-in puzzles: a write
	e, _ := k.Session.Current()
	answered := k.Answer(e.Second, time.Now())
	if len(opened) == 0 || opened[0] == nil || len(answered) == 0 || answered[0] != nil {
		t.Fatalf("jobs %v then %v; want a write, then none while it runs", opened, answered)
	}
	run(k, Played{}, opened)
	if s.saves != 2 || len(s.deck.Puzzles) != BuiltInCount || s.deck.Puzzles[0].Tries != 1 {
		t.Errorf("%d writes, the last of %d puzzles, the first tried %d times; want 2, with the answer", s.saves, len(s.deck.Puzzles), s.deck.Puzzles[0].Tries)
	}
	s.saveErr = errors.New("disk full")
	k.Next(time.Now())
	e, _ = k.Session.Current()
	w1 := run(k, Played{}, k.Answer(e.Second, time.Now()))
	k.Next(time.Now())
	e, _ = k.Session.Current()
	w2 := run(k, Played{}, k.Answer(e.Second, time.Now()))
	if len(w1) != 1 || len(w2) != 0 {
		t.Errorf("warnings %q then %q; want one, then none", w1, w2)
	}
}
