package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/engine"
)

// A fakeHub is a RaceHub with one seat to give, as a server's would.
type fakeHub struct {
	seat   *fakeSeat
	err    error  // what Create and Join fail with, if anything
	joined string // the code Join was given
}

func (h *fakeHub) Create() (RaceSeat, error) {
	if h.err != nil {
		return nil, h.err
	}
	return h.seat, nil
}

func (h *fakeHub) Join(code string) (RaceSeat, error) {
	h.joined = code
	if h.err != nil {
		return nil, h.err
	}
	return h.seat, nil
}

// A fakeSeat is a seat whose updates the test sends.
type fakeSeat struct {
	code    string
	seed    uint64
	updates chan RaceState
	reports []RaceBoard
	left    bool
}

func newFakeSeat() *fakeSeat {
	return &fakeSeat{code: "K7MQ2X", seed: 7, updates: make(chan RaceState, 1)}
}

func (s *fakeSeat) Code() string              { return s.code }
func (s *fakeSeat) Seed() uint64              { return s.seed }
func (s *fakeSeat) Updates() <-chan RaceState { return s.updates }
func (s *fakeSeat) Report(b RaceBoard)        { s.reports = append(s.reports, b) }
func (s *fakeSeat) Leave() {
	if !s.left {
		close(s.updates)
	}
	s.left = true
}

// tell sends st to the seat and hands the game the message its command
// waiting for updates brings; it returns the next command.
func tell(t *testing.T, m *Model, listen tea.Cmd, s *fakeSeat, st RaceState) tea.Cmd {
	t.Helper()
	if listen == nil {
		t.Fatal("the game does not wait for the race's updates")
	}
	s.updates <- st
	_, cmd := m.Update(listen())
	return cmd
}

// racingModel returns a game at 80×24 in a race just started, its
// command waiting for the next update, and its seat.
// entered presses enter at the race's prompt and hands the game the seat
// the hub gives, as the command of the key brings it from the
// background; it returns the command that follows the race.
func entered(t *testing.T, m *Model) tea.Cmd {
	t.Helper()
	msg, ok := press(m, "enter")().(raceEnteredMsg)
	if !ok {
		t.Fatal("enter asked the hub for no race")
	}
	_, listen := m.Update(msg)
	return listen
}

func racingModel(t *testing.T) (*Model, tea.Cmd, *fakeSeat) {
	t.Helper()
	seat := newFakeSeat()
	m := newTestModel(t, Config{Races: &fakeHub{seat: seat}})
	press(m, "left") // a game in progress, which the race's takes the place of
	press(m, "v")
	listen := entered(t, m) // a race of one's own
	listen = tell(t, m, listen, seat, RaceState{Started: true, Opponent: RaceBoard{Board: engine.NewGame(seat.seed).Board()}})
	return m, listen, seat
}

// friendsBoard returns the board of the friend's game of seed after a
// few moves.
func friendsBoard(seed uint64) RaceBoard {
	g := engine.NewGame(seed)
	for _, d := range []engine.Direction{engine.Left, engine.Up, engine.Left, engine.Down, engine.Right, engine.Up} {
		g.Move(d)
	}
	return RaceBoard{Board: g.Board(), Score: g.Score(), Moves: g.MoveCount()}
}

func TestRaceJoin(t *testing.T) {
	seat := newFakeSeat()
	hub := &fakeHub{seat: seat}
	m := newTestModel(t, Config{Races: hub})
	press(m, "v")
	for _, k := range []string{"k", "7", "0", "m", "q", "backspace", "q", "2", "x", "z"} { // 0 is no code's: it is dropped
		press(m, k)
	}
	if got := string(m.race.entry); got != "K7MQ2X" {
		t.Fatalf("the code typed reads %q; want K7MQ2X", got)
	}
	listen := entered(t, m)
	if hub.joined != "K7MQ2X" || m.race.seat == nil {
		t.Fatalf("enter joined %q, seat %v", hub.joined, m.race.seat)
	}
	old := m.cur.ID
	tell(t, m, listen, seat, RaceState{Started: true})
	if m.cur.ID == old || m.cur.Race != "K7MQ2X" || m.cur.Game.Seed() != 7 || m.cur.Game.MoveCount() != 0 {
		t.Fatalf("the race's game: %+v", m.cur)
	}
	if len(seat.reports) != 1 || seat.reports[0].Board != engine.NewGame(7).Board() {
		t.Errorf("the start reported: %+v", seat.reports)
	}
	press(m, "left")
	press(m, "up")
	if n := len(seat.reports); n < 2 || seat.reports[n-1] != m.race.board(m) {
		t.Errorf("the race was told %+v; the game is at %+v", seat.reports, m.race.board(m))
	}
	if got := m.line().Race; got != "K7MQ2X" {
		t.Errorf("the history's line of the race's game has race %q", got)
	}
}

func TestRaceRefusesHelp(t *testing.T) {
	m, _, _ := racingModel(t)
	press(m, "left")
	moves := m.cur.Game.MoveCount()
	for _, k := range []string{"h", "a", "space", "u"} {
		press(m, k)
		if m.note != noHelpInRace || m.ai.waiting != 0 || m.ai.autoplay || m.cur.Game.MoveCount() != moves {
			t.Errorf("%s in a race: note %q, search %d, autoplay %v, %d moves", k, m.note, m.ai.waiting, m.ai.autoplay, m.cur.Game.MoveCount())
		}
	}
	id := m.cur.ID
	for _, k := range []string{"n", "c"} {
		press(m, k)
		if m.cur.ID != id || m.play.asking != noQuestion || !strings.Contains(m.note, "You are racing") {
			t.Errorf("%s in a race: asking %v, note %q", k, m.play.asking, m.note)
		}
	}
	for _, k := range []string{"hint", "autoplay", "play", "undo", "new", "daily"} {
		if m.play.acts(m, k) {
			t.Errorf("the footer shows %s in a race", k)
		}
	}
	if text := plain(m); strings.Contains(text, "to ask the AI") || !strings.Contains(text, "off while you race") {
		t.Errorf("the panel in a race offers a hint: %q", text)
	}
	press(m, "r")
	if m.screens.replay() == nil {
		t.Fatal("r in a race: no replay")
	}
	press(m, "enter")
	press(m, "enter")
	if m.cur.ID != id || m.cur.SetUp || !strings.Contains(m.screens.replay().note, "You are racing") {
		t.Errorf("taking over from the replay in a race: game %v (was %v), set up %v, note %q", m.cur.ID, id, m.cur.SetUp, m.screens.replay().note)
	}
}

func TestRaceLeave(t *testing.T) {
	m, _, seat := racingModel(t)
	press(m, "v")
	press(m, "n")
	if seat.left || m.race.seat == nil {
		t.Fatal("any key but y left the race")
	}
	press(m, "v")
	press(m, "y")
	if !seat.left || m.race.seat != nil || !strings.Contains(m.note, "lost it") {
		t.Errorf("y: seat left %v, note %q", seat.left, m.note)
	}
	m, _, seat = racingModel(t)
	m.shutdown()
	if !seat.left {
		t.Error("quitting the game kept the seat")
	}
}

func TestRaceProblems(t *testing.T) {
	hub := &fakeHub{err: &RaceError{Why: "No race waits with the code AAAAAA."}}
	m := newTestModel(t, Config{Races: hub})
	press(m, "v")
	for _, k := range "AAAAAA" {
		press(m, string(k))
	}
	if _, cmd := m.Update(press(m, "enter")()); cmd != nil || m.race.seat != nil || m.note != hub.err.Error() {
		t.Errorf("a wrong code: seat %v, note %q", m.race.seat, m.note)
	}
	seat := newFakeSeat()
	m = newTestModel(t, Config{Races: &fakeHub{seat: seat}})
	press(m, "v")
	listen := entered(t, m)
	tell(t, m, listen, seat, RaceState{Expired: true})
	if !seat.left || m.race.seat != nil || !strings.Contains(m.note, "Nobody joined") {
		t.Errorf("an expired code: seat left %v, note %q", seat.left, m.note)
	}
}

func TestRaceLocal(t *testing.T) {
	m := newTestModel(t, Config{})
	if cmd := press(m, "v"); cmd != nil || m.race.typing {
		t.Error("v in a local game opened a race")
	}
	for _, g := range (&helpPage{}).fullHelpKeys(m) {
		for _, b := range g {
			if b.Help().Key == "v" {
				t.Error("the help of a local game has the race's key")
			}
		}
	}
	if m.play.acts(m, "race") {
		t.Error("the footer of a local game has the race's key")
	}
}

// TestRaceView draws the friend's board beside the player's, under it,
// or their line alone, as the terminal allows, and the lines of a race
// at each of its steps.
func TestRaceView(t *testing.T) {
	for _, c := range []struct {
		name          string
		width, height int
		drawn         bool
	}{{"beside-120x30", 120, 30, true}, {"under-80x40", 80, 40, true}, {"line-80x24", 80, 24, false}, {"line-40x15", 40, 15, false}} {
		t.Run(c.name, func(t *testing.T) {
			m, listen, seat := racingModel(t)
			press(m, "left")
			tell(t, m, listen, seat, RaceState{Started: true, Opponent: friendsBoard(seat.seed)})
			m.Update(tea.WindowSizeMsg{Width: c.width, Height: c.height})
			screen := m.View().Content
			if drawn := !strings.Contains(ansi.Strip(screen), "Your friend:"); drawn != c.drawn {
				t.Errorf("the friend's board drawn: %v; want %v", drawn, c.drawn)
			}
			checkFits(t, m)
			golden.RequireEqual(t, screen)
		})
	}
	t.Run("typing", func(t *testing.T) {
		m := newTestModel(t, Config{Races: &fakeHub{seat: newFakeSeat()}})
		press(m, "v")
		press(m, "k")
		press(m, "7")
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("waiting", func(t *testing.T) {
		m := newTestModel(t, Config{Races: &fakeHub{seat: newFakeSeat()}})
		press(m, "v")
		entered(t, m)
		golden.RequireEqual(t, m.View().Content)
	})
	t.Run("won", func(t *testing.T) {
		m, listen, seat := racingModel(t)
		friend := friendsBoard(seat.seed)
		friend.Over = true
		tell(t, m, listen, seat, RaceState{Started: true, Opponent: friend, Gone: true, Result: RaceWon, By: ByForfeit})
		golden.RequireEqual(t, m.View().Content)
	})
}

// TestRaceQuit: q in a race under way asks first, as v does; any other
// key keeps the race, and y quits, the farewell saying the race is lost.
func TestRaceQuit(t *testing.T) {
	m, _, seat := racingModel(t)
	press(m, "left")
	if cmd := press(m, "q"); cmd != nil || seat.left || !strings.Contains(plain(m), "Quit, and leave the race? You lose it.") {
		t.Fatalf("q in a race: seat left %v, screen:\n%s", seat.left, plain(m))
	}
	press(m, "n")
	if seat.left || m.race.seat == nil || m.note != "The race goes on." {
		t.Fatalf("n: seat left %v, note %q", seat.left, m.note)
	}
	press(m, "q")
	cmd := press(m, "y")
	if cmd == nil || !seat.left {
		t.Fatalf("y: no command to quit (%v), seat left %v", cmd == nil, seat.left)
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Errorf("y quits with %T; want tea.QuitMsg", cmd())
	}
	m.shutdown() // as Run does once the program has ended
	if bye := m.farewell("run 2048"); !strings.Contains(bye, "you left the race under way, and lost it") {
		t.Errorf("the farewell of a race left by quitting: %q", bye)
	}
}

// TestRaceNames: the friend is named by the name their game reports, and
// the player's reports carry their own.
func TestRaceNames(t *testing.T) {
	m, listen, seat := racingModel(t)
	m.ranks.name = "Alice"
	press(m, "left")
	if n := len(seat.reports); n == 0 || seat.reports[n-1].Name != "Alice" {
		t.Errorf("the reports name %+v; want Alice", seat.reports)
	}
	friend := friendsBoard(seat.seed)
	friend.Name = "Bob"
	tell(t, m, listen, seat, RaceState{Started: true, Opponent: friend, Result: RaceLost, By: By2048})
	if text := plain(m); !strings.Contains(text, "Bob") || !strings.Contains(text, "Bob made 2048 first") {
		t.Errorf("the friend's name is not on the screen:\n%s", text)
	}
}

// TestRaceDecidedGoes: a race decided is left, its board gone, once
// another game begins.
func TestRaceDecidedGoes(t *testing.T) {
	m, listen, seat := racingModel(t)
	press(m, "left")
	tell(t, m, listen, seat, RaceState{Started: true, Opponent: friendsBoard(seat.seed), Result: RaceWon, By: ByForfeit})
	if m.race.seat == nil {
		t.Fatal("a race decided was left before a new game")
	}
	press(m, "n")
	press(m, "y")
	if m.race.seat != nil || !seat.left || strings.Contains(plain(m), "friend") {
		t.Errorf("a new game after a race decided: seat %v, left %v, screen:\n%s", m.race.seat != nil, seat.left, plain(m))
	}
}
