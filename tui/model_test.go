package tui

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/practice"
)

// testTime is the time of the tests' clock, which stands still.
var testTime = time.Date(2026, 11, 23, 14, 5, 0, 0, time.FixedZone("CET", 3600))

// newTestModel returns a model on an 80×24 terminal, with no colour, one
// thread for the AI, no store, no daily puzzle, a clock that stands still at testTime, and
// no waiting: flashes and autoplay delays take no time, so that commands
// can be run one after the other.
func newTestModel(t *testing.T, cfg Config) *Model {
	t.Helper()
	if cfg.Seed == 0 {
		cfg.Seed = 1
		cfg.NewGame = true
	}
	if cfg.Color == ColorAuto {
		cfg.Color = ColorNone
	}
	if cfg.Searcher == nil {
		cfg.Searcher = ai.NewSearcher(ai.Config{Threads: 1, TableMB: 4})
	}
	if cfg.DailyPuzzles == nil { // no daily puzzle: the AI's games it comes from take a second
		cfg.DailyPuzzles = practice.NewDailies(history.DailySeed, func(context.Context, uint64, practice.Acquire) (puzzle.Puzzle, error) {
			return puzzle.Puzzle{}, practice.ErrNoDaily
		})
	}
	m := New(t.Context(), cfg)
	m.now = func() time.Time { return testTime }
	m.lastActive = testTime
	m.motion.flashFor = 0
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	return m
}

// modelAt returns newTestModel(t, cfg) playing the game that starts from
// the board written start, spawns drawn from seed.
func modelAt(t *testing.T, cfg Config, start string, seed uint64) *Model {
	t.Helper()
	b, err := engine.Parse(start)
	if err != nil {
		t.Fatal(err)
	}
	m := newTestModel(t, cfg)
	m.cur = playerdata.SavedGame{Game: engine.NewGameFrom(b, seed)}
	return m
}

// press sends a key to m and returns its command.
func press(m *Model, k string) tea.Cmd {
	var msg tea.KeyPressMsg
	switch k {
	case "up":
		msg = tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		msg = tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		msg = tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		msg = tea.KeyPressMsg{Code: tea.KeyRight}
	case "space":
		msg = tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "ctrl+c":
		msg = tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	case "ctrl+z":
		msg = tea.KeyPressMsg{Code: 'z', Mod: tea.ModCtrl}
	case "esc":
		msg = tea.KeyPressMsg{Code: tea.KeyEscape}
	case "enter":
		msg = tea.KeyPressMsg{Code: tea.KeyEnter}
	case "backspace":
		msg = tea.KeyPressMsg{Code: tea.KeyBackspace}
	default:
		r := []rune(k)[0]
		msg = tea.KeyPressMsg{Code: r, Text: k}
	}
	_, cmd := m.Update(msg)
	return cmd
}

// drain runs cmd and the commands in its batches, handing every other
// message to f, which may return more commands, until none is left or f has
// seen limit messages.
func drain(cmd tea.Cmd, limit int, f func(tea.Msg) tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0 && n < limit; {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case nil:
		default:
			n++
			queue = append(queue, f(msg))
		}
	}
}

// settle runs cmd and the commands that follow from it, feeding their
// messages to m, for at most limit messages. Spinner ticks are dropped: they
// would go on for ever.
func settle(m *Model, cmd tea.Cmd, limit int) {
	drain(cmd, limit, func(msg tea.Msg) tea.Cmd {
		if _, ok := msg.(spinner.TickMsg); ok {
			return nil
		}
		_, next := m.Update(msg)
		return next
	})
}

// searchOf runs the search commands in cmd and returns their messages,
// without giving them to the model.
func searchOf(cmd tea.Cmd) []searchMsg {
	var out []searchMsg
	drain(cmd, 100, func(msg tea.Msg) tea.Cmd {
		if s, ok := msg.(searchMsg); ok {
			out = append(out, s)
		}
		return nil
	})
	return out
}

func TestArrowsMove(t *testing.T) {
	m := newTestModel(t, Config{})
	g := engine.NewGame(1)
	for _, k := range []string{"left", "down", "right", "up", "down", "left"} {
		d, _ := engine.ParseDirection(k)
		want, moved := g.Move(d)
		press(m, k)
		if m.cur.Game.Board() != g.Board() || m.cur.Game.Score() != g.Score() {
			t.Fatalf("after %s: board %v, score %d; want %v, %d (moved %v)", k, m.cur.Game.Board(), m.cur.Game.Score(), g.Board(), g.Score(), moved)
		}
		if moved && m.motion.flash.spawned != 1<<want.Spawn.Cell {
			t.Errorf("after %s: the flash marks %016b; the new tile is in cell %d", k, m.motion.flash.spawned, want.Spawn.Cell)
		}
	}
}

func TestLettersDoNotMove(t *testing.T) {
	m := newTestModel(t, Config{})
	before := m.cur.Game.Board()
	for _, k := range []string{"w", "a", "s", "d", "j", "k", "l"} {
		if k == "a" {
			continue // autoplay
		}
		press(m, k)
	}
	if m.cur.Game.Board() != before {
		t.Error("a letter moved the board")
	}
}

func TestHintShowsTheAnswer(t *testing.T) {
	m := newTestModel(t, Config{Depth: 3})
	cmd := press(m, "h")
	if m.ai.thinking != forHint || cmd == nil {
		t.Fatalf("h: thinking %v, command %v; want a search", m.ai.thinking, cmd)
	}
	if !strings.Contains(m.render(), "thinking") {
		t.Error("no sign of thinking on screen")
	}
	settle(m, cmd, 10)
	want, _ := ai.NewSearcher(ai.Config{Threads: 1}).Search(context.Background(), m.cur.Game.Board(), ai.Limits{Depth: 3})
	if m.ai.hint == nil || m.ai.hint.Best != want.Best || m.ai.thinking != idle {
		t.Fatalf("after the answer: hint %+v, thinking %v; want %v", m.ai.hint, m.ai.thinking, want.Best)
	}
	if view := m.render(); !strings.Contains(view, arrowOf(want.Best)+" "+want.Best.String()) || !strings.Contains(view, "best") {
		t.Errorf("the hint is not on screen:\n%s", view)
	}
	// Space plays it.
	board := m.cur.Game.Board()
	next, _, _ := board.Move(want.Best)
	press(m, "space")
	if m.cur.Game.MoveCount() != 1 || m.cur.Game.Board().CountEmpty() != next.CountEmpty()-1 || m.ai.hint != nil {
		t.Errorf("space did not play the hinted move %v", want.Best)
	}
	if !m.cur.Hinted {
		t.Error("the game is not marked as hinted")
	}
}

func TestStaleAnswerIsDropped(t *testing.T) {
	m := newTestModel(t, Config{Depth: 3})
	cmd := press(m, "h")
	answers := searchOf(cmd) // the answer for the first board...
	press(m, "left")         // ...arrives after a move
	press(m, "down")
	moves, board := m.cur.Game.MoveCount(), m.cur.Game.Board()
	for _, a := range answers {
		m.Update(a)
	}
	if m.ai.hint != nil || m.cur.Game.MoveCount() != moves || m.cur.Game.Board() != board {
		t.Errorf("a stale answer was used: hint %v, %d moves", m.ai.hint, m.cur.Game.MoveCount())
	}
	// Asking to play the hint, then moving, must not play the stale answer.
	cmd = press(m, "space")
	answers = searchOf(cmd)
	press(m, "right")
	moves = m.cur.Game.MoveCount()
	for _, a := range answers {
		m.Update(a)
	}
	if m.cur.Game.MoveCount() != moves {
		t.Error("an answer for an old board was played")
	}
}

func TestAutoplayOffBeforeAMove(t *testing.T) {
	m := newTestModel(t, Config{Depth: 2})
	press(m, "a")
	press(m, "a")
	if m.ai.autoplay || m.cur.Autoplayed {
		t.Errorf("autoplay %v, autoplayed %v after a twice; want a game the AI never played in", m.ai.autoplay, m.cur.Autoplayed)
	}
}

func TestAutoplayChainsMoves(t *testing.T) {
	m := newTestModel(t, Config{Depth: 2})
	cmd := press(m, "a")
	if !m.ai.autoplay || cmd == nil {
		t.Fatal("a did not start autoplay")
	}
	// Each search answer plays a move and asks for the next.
	s := ai.NewSearcher(ai.Config{Threads: 1})
	g := engine.NewGame(1)
	settle(m, cmd, 60)
	if m.cur.Game.MoveCount() < 20 {
		t.Fatalf("autoplay played %d moves in 60 messages", m.cur.Game.MoveCount())
	}
	for _, d := range m.cur.Game.Moves() {
		r, _ := s.Search(context.Background(), g.Board(), ai.Limits{Depth: 2})
		if r.Best != d {
			t.Fatalf("move %d: autoplay played %v; the AI says %v", g.MoveCount()+1, d, r.Best)
		}
		g.Move(d)
	}
	if !m.cur.Autoplayed {
		t.Error("the game is not marked as autoplayed")
	}
	press(m, "a")
	if m.ai.autoplay || m.ai.thinking != idle {
		t.Error("a did not stop autoplay")
	}
}

func TestAutoplayStopsAtGameOver(t *testing.T) {
	// Every move here ends the game, whatever tile comes.
	m := modelAt(t, Config{Depth: 2}, "0 32 64 32 / 8 16 8 64 / 32 4 16 2 / 8 32 64 4", 3)
	settle(m, press(m, "a"), 50)
	if !m.cur.Game.Over() || m.ai.autoplay {
		t.Errorf("over %v, autoplay %v; want the game over and autoplay off", m.cur.Game.Over(), m.ai.autoplay)
	}
	if st := m.statsNow(); st.Games != 1 || st.Autoplayed != 1 {
		t.Errorf("stats %+v; want one game played, by the AI", st)
	}
	if view := m.render(); !strings.Contains(view, "Game over") {
		t.Errorf("no game over message:\n%s", view)
	}
}

func TestUndo(t *testing.T) {
	m := newTestModel(t, Config{})
	press(m, "left")
	before, score := m.cur.Game.Board(), m.cur.Game.Score()
	press(m, "down")
	press(m, "u")
	if m.cur.Game.Board() != before || m.cur.Game.Score() != score {
		t.Errorf("undo: %v, %d; want %v, %d", m.cur.Game.Board(), m.cur.Game.Score(), before, score)
	}
	press(m, "u")
	press(m, "u")
	if m.cur.Game.MoveCount() != 0 || !strings.Contains(m.note, "Nothing to undo") {
		t.Errorf("undo at the start: %d moves, note %q", m.cur.Game.MoveCount(), m.note)
	}
}

func TestQuitCancelsTheSearch(t *testing.T) {
	m := newTestModel(t, Config{Depth: 12, Searcher: ai.NewSearcher(ai.Config{Threads: 2})})
	cmd := press(m, "h")
	quit := press(m, "q")
	if msg := quit(); msg != tea.Quit() {
		t.Fatalf("q returned %v; want tea.Quit", msg)
	}
	for _, a := range searchOf(cmd) { // the search, run now, finds its context cancelled
		if !errors.Is(a.err, context.Canceled) {
			t.Errorf("the search after quit returned %v; want context.Canceled", a.err)
		}
	}
	if m.ai.thinking != idle || m.ai.cancel != nil {
		t.Error("the model still thinks after quit")
	}
}

func TestNewGameAsks(t *testing.T) {
	m := newTestModel(t, Config{})
	press(m, "n") // no move yet: no question
	if m.play.asking != noQuestion || m.cur.Game.MoveCount() != 0 {
		t.Fatal("n on an untouched game asked a question")
	}
	// The n above started a game of a random seed, which may not move left:
	// one of left, right and up moves any start.
	first := m.cur.Game.Seed()
	for _, k := range []string{"left", "right", "up"} {
		if m.cur.Game.MoveCount() == 0 {
			press(m, k)
		}
	}
	press(m, "n")
	if m.play.asking != confirmNew || !strings.Contains(m.render(), "Start a new game?") {
		t.Fatal("n in a game in progress did not ask")
	}
	press(m, "n") // no
	if m.cur.Game.MoveCount() != 1 || m.cur.Game.Seed() != first {
		t.Fatal("answering no started a new game")
	}
	press(m, "n")
	press(m, "y")
	if m.cur.Game.MoveCount() != 0 || m.past.summary.Games != 1 {
		t.Errorf("after yes: %d moves, %d games played; want a new game and one played", m.cur.Game.MoveCount(), m.past.summary.Games)
	}
}

func TestWinAsksToKeepGoing(t *testing.T) {
	m := modelAt(t, Config{}, "1024 1024 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0", 5)
	press(m, "left")
	if m.play.asking != wonKeepGoing || !strings.Contains(m.render(), "You made 2048!") {
		t.Fatalf("no win message after making 2048:\n%s", m.render())
	}
	press(m, "k")
	if m.play.asking != noQuestion {
		t.Fatal("k did not keep going")
	}
	press(m, "right")
	if m.play.asking != noQuestion {
		t.Error("the win message came back")
	}
}

func TestDepthAndSpeedKeys(t *testing.T) {
	m := newTestModel(t, Config{Depth: 3})
	press(m, "+")
	if m.ai.depth != 4 {
		t.Errorf("+: depth %d; want 4", m.ai.depth)
	}
	for range 20 {
		press(m, "-")
	}
	if m.ai.depth != 1 {
		t.Errorf("- many times: depth %d; want 1", m.ai.depth)
	}
	for range 20 {
		press(m, "+")
	}
	if m.ai.depth != ai.MaxDepth {
		t.Errorf("+ many times: depth %d; want %d", m.ai.depth, ai.MaxDepth)
	}
	press(m, "0")
	if m.ai.depth != ai.Auto || !strings.Contains(m.render(), "(auto)") {
		t.Errorf("0: depth %d; want auto", m.ai.depth)
	}
	m.ai.delay = speeds[3]
	press(m, "]")
	if m.ai.delay != speeds[2] {
		t.Errorf("]: delay %v; want %v", m.ai.delay, speeds[2])
	}
	press(m, "[")
	press(m, "[")
	if m.ai.delay != speeds[4] {
		t.Errorf("[ twice: delay %v; want %v", m.ai.delay, speeds[4])
	}
	for range 20 {
		press(m, "]")
	}
	if m.ai.delay != 0 || !strings.Contains(m.render(), "full speed") {
		t.Errorf("] many times: delay %v; want 0", m.ai.delay)
	}
}

func TestThemeKeyCycles(t *testing.T) {
	m := newTestModel(t, Config{Color: ColorTrue})
	seen := map[string]bool{m.look.theme.Name: true}
	for range 10 {
		press(m, "t")
		seen[m.look.theme.Name] = true
	}
	if len(seen) < 4 {
		t.Errorf("t went through %d themes; want all 4 or more", len(seen))
	}
}

func TestHelpAndTooSmall(t *testing.T) {
	m := newTestModel(t, Config{})
	press(m, "?")
	if m.screens.help() == nil || !strings.Contains(m.render(), "move up") {
		t.Error("? did not show the help")
	}
	press(m, "left")
	if m.screens.help() != nil || m.cur.Game.MoveCount() != 0 {
		t.Error("a key did not just close the help")
	}
	m.Update(tea.WindowSizeMsg{Width: 30, Height: 10})
	if view := m.render(); !strings.Contains(view, "The terminal is 30×10") || !strings.Contains(view, "needs") {
		t.Errorf("too small a terminal:\n%s", view)
	}
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	if !strings.Contains(m.render(), "SCORE") {
		t.Error("the game did not come back when the terminal grew")
	}
}

func TestLayouts(t *testing.T) {
	for _, l := range layouts {
		w, h := l.size()
		m := newTestModel(t, Config{})
		m.Update(tea.WindowSizeMsg{Width: w, Height: h})
		if got, ok := fit(w, h); !ok || got != l {
			t.Errorf("fit(%d, %d) = %v, %v; want %v", w, h, got, ok, l)
		}
		lines := strings.Split(m.render(), "\n")
		if len(lines) != h {
			t.Errorf("layout %+v: %d lines on a %d-line terminal", l, len(lines), h)
		}
		for i, line := range lines {
			if n := lipgloss.Width(line); n > w {
				t.Errorf("layout %+v: line %d is %d wide on a %d-wide terminal", l, i, n, w)
			}
		}
	}
}
