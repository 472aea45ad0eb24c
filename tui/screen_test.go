package tui

import (
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/settings"
)

// checkFits fails the test if the screen of m is not exactly its terminal's
// size.
func checkFits(t *testing.T, m *Model) {
	t.Helper()
	w, h := m.look.size()
	lines := strings.Split(m.render(), "\n")
	if len(lines) != h {
		t.Errorf("%d×%d: %d lines", w, h, len(lines))
	}
	for i, line := range lines {
		if n := lipgloss.Width(line); n > w {
			t.Errorf("%d×%d: line %d is %d wide", w, h, i, n)
		}
	}
}

// plain returns the screen of m as text with one space between words, so
// that a message wrapped over several lines reads as one.
func plain(m *Model) string { return strings.Join(strings.Fields(ansi.Strip(m.render())), " ") }

// TestNotesWrap: a warning longer than the line wraps over several lines,
// whole; before, it was cut at the width of the layout, and the new name of
// a file moved aside was never seen.
func TestNotesWrap(t *testing.T) {
	long := "Saved game not resumed: /home/someone/.local/state/2048/game.json cannot be read " +
		"(unexpected end of JSON input); it was moved to /home/someone/.local/state/2048/game.json.unreadable-20261120-120000"
	for _, size := range [][2]int{{80, 24}, {72, 15}, {37, 26}, {200, 60}} {
		m := newTestModel(t, Config{})
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		m.warn(long)
		if shown := strings.ReplaceAll(plain(m), "/ ", "/"); !strings.Contains(shown, long) && !strings.Contains(shown, "…") {
			t.Errorf("%v: the warning is cut without a sign:\n%s", size, m.render())
		}
		checkFits(t, m)
	}
	m := newTestModel(t, Config{})
	m.Update(tea.WindowSizeMsg{Width: 72, Height: 15})
	m.warn(long)
	press(m, "?") // a warning cut on a small screen is whole in the help
	if shown := strings.ReplaceAll(plain(m), "/ ", "/"); !strings.Contains(shown, long) {
		t.Errorf("the help does not show the warning whole:\n%s", m.render())
	}
	m = newTestModel(t, Config{}) // 80×24 has room for it all
	m.warn(long)
	if !strings.Contains(strings.ReplaceAll(plain(m), "/ ", "/"), long) {
		t.Errorf("the warning is not whole on an 80×24 screen:\n%s", m.render())
	}
}

// TestWarningsStay: a warning stays through the first keys of play, goes
// with esc (which does nothing else), and with any key once it has been up
// for a while. Before, the first key took it away.
func TestWarningsStay(t *testing.T) {
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	m := newTestModel(t, Config{})
	m.now = func() time.Time { return now }
	m.warn("Statistics not loaded: something")
	press(m, "left")
	if len(m.warnings) != 1 || !strings.Contains(m.render(), "Statistics not loaded") {
		t.Fatal("the first key of play took the warning away")
	}
	if !strings.Contains(plain(m), "esc dismiss") {
		t.Error("the footer does not say how to dismiss the warning")
	}
	board, moves := m.cur.Game.Board(), m.cur.Game.MoveCount()
	press(m, "esc")
	if len(m.warnings) != 0 || m.cur.Game.Board() != board || m.cur.Game.MoveCount() != moves {
		t.Errorf("esc: warnings %v, %d moves; want the warning gone and nothing else", m.warnings, m.cur.Game.MoveCount())
	}
	m.warn("Not written: something else")
	now = now.Add(warningTime)
	press(m, "?")
	press(m, "x")
	if len(m.warnings) != 1 {
		t.Fatal("opening the help put the warning away")
	}
	press(m, "down")
	if len(m.warnings) != 0 {
		t.Error("a key after the warning's time did not take it away")
	}
}

// TestTooSmallKeys: while the terminal is too small to show the board,
// only quit and help act; autoplay waits, and goes on when the board is
// back. Before, arrows moved and a started autoplay on a board no one saw.
func TestTooSmallKeys(t *testing.T) {
	m := newTestModel(t, Config{Depth: 2})
	auto := press(m, "a")
	m.Update(tea.WindowSizeMsg{Width: 24, Height: 10})
	settle(m, auto, 10) // the answer comes while the board is out of sight
	for _, k := range []string{"left", "up", "a", "h", "u", "n", "+", "t", "space"} {
		settle(m, press(m, k), 10)
	}
	if m.cur.Game.MoveCount() != 0 || !m.ai.autoplay || m.ai.depth != 2 {
		t.Fatalf("keys acted on a hidden board: %d moves, autoplay %v, depth %d", m.cur.Game.MoveCount(), m.ai.autoplay, m.ai.depth)
	}
	if !strings.Contains(m.render(), "Autoplay waits") {
		t.Errorf("the small screen does not say that autoplay waits:\n%s", m.render())
	}
	press(m, "?")
	if m.screens.help() == nil {
		t.Error("? did not open the help on the small screen")
	}
	press(m, "x")
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	settle(m, cmd, 6)
	if m.cur.Game.MoveCount() == 0 {
		t.Error("autoplay did not go on when the board came back")
	}
	m.Update(tea.WindowSizeMsg{Width: 24, Height: 10})
	if cmd := press(m, "q"); cmd == nil || cmd() != tea.Quit() {
		t.Error("q did not quit on the small screen")
	}
}

// TestQuestionWaitsForTheBoard: the question of a new game is not
// answered while the board is out of sight, and q quits there, as the
// screen says. Before, y started a new game on a board no one saw.
func TestQuestionWaitsForTheBoard(t *testing.T) {
	m := midGame(t, Config{})
	press(m, "n")
	seed := m.cur.Game.Seed()
	m.Update(tea.WindowSizeMsg{Width: 24, Height: 10})
	press(m, "y")
	if m.cur.Game.Seed() != seed || m.play.asking != confirmNew {
		t.Fatalf("y on a hidden board: seed %d (was %d), asking %v", m.cur.Game.Seed(), seed, m.play.asking)
	}
	m.Update(tea.WindowSizeMsg{Width: 30, Height: 12})
	press(m, "y")
	if m.cur.Game.Seed() == seed || m.play.asking != noQuestion {
		t.Errorf("y on the board at 30×12: seed %d (was %d), asking %v", m.cur.Game.Seed(), seed, m.play.asking)
	}
	press(m, "left")
	press(m, "n")
	m.Update(tea.WindowSizeMsg{Width: 24, Height: 10})
	if cmd := press(m, "q"); cmd == nil || cmd() != tea.Quit() {
		t.Error("q did not quit the hidden board with a question over it")
	}
}

// TestHelpAtEverySize: the help fits every size the game accepts, and
// scrolling through it shows every key. Before, at 37×26 the - key
// vanished, and at 72×15 the last lines were cut.
func TestHelpAtEverySize(t *testing.T) {
	for _, size := range [][2]int{{37, 26}, {72, 15}, {80, 24}, {40, 12}, {200, 60}} {
		m := newTestModel(t, Config{})
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		press(m, "?")
		seen := ""
		for range 40 {
			checkFits(t, m)
			seen += plain(m) + " "
			press(m, "down")
		}
		for _, g := range (&helpPage{}).fullHelpKeys(m) { // the keys of the game: no race here
			for _, b := range g {
				if !strings.Contains(seen, b.Help().Key+" "+b.Help().Desc) {
					t.Errorf("%v: the help never shows %q %q", size, b.Help().Key, b.Help().Desc)
				}
			}
		}
		if m.screens.help() == nil {
			t.Errorf("%v: scrolling closed the help", size)
		}
	}
}

// TestFooterUsesTheTerminal: the one-line help takes the terminal's width,
// not the layout's. Before, at 76 columns "q quit" became "…".
func TestFooterUsesTheTerminal(t *testing.T) {
	m := newTestModel(t, Config{})
	for w := 72; w <= 100; w++ {
		m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
		lines := strings.Split(strings.TrimSpace(ansi.Strip(m.render())), "\n")
		footer := strings.TrimSpace(lines[len(lines)-1])
		if want := ansi.Strip(m.look.helpLine(w, m.play.shortHelp(m))); footer != want {
			t.Errorf("%d columns: the footer is %q; want %q", w, footer, want)
		}
		if w >= 76 && !strings.Contains(footer, "q quit") {
			t.Errorf("%d columns: no q quit in %q", w, footer)
		}
	}
}

// TestUndoStopsAutoplay: u during autoplay stops the AI, undoes its move
// and says so. Before, the AI played the same move again at once.
func TestUndoStopsAutoplay(t *testing.T) {
	m := newTestModel(t, Config{Depth: 2})
	settle(m, press(m, "a"), 8)
	moves := m.cur.Game.MoveCount()
	if moves == 0 {
		t.Fatal("autoplay did not play")
	}
	settle(m, press(m, "u"), 8)
	if m.ai.autoplay || m.cur.Game.MoveCount() != moves-1 || !strings.Contains(m.note, "Autoplay off") {
		t.Errorf("u during autoplay: autoplay %v, %d moves (was %d), note %q", m.ai.autoplay, m.cur.Game.MoveCount(), moves, m.note)
	}
}

// TestDepthKeysStepFromTheScreen: + and - step from the depth on screen,
// automatic or not, never the wrong way, within the range of auto.
func TestDepthKeysStepFromTheScreen(t *testing.T) {
	if settings.MaxAutoDepth != ai.MaxDepth || settings.MinAutoDepth < 1 {
		t.Fatalf("auto goes from %d to %d plies; the keys from 1 to %d", settings.MinAutoDepth, settings.MaxAutoDepth, ai.MaxDepth)
	}
	// A board of 15 different tiles: auto searches 14 plies.
	deep := "2 4 8 16 / 256 128 64 32 / 512 1024 2048 4096 / 0 32768 16384 8192"
	m := modelAt(t, Config{}, deep, 1)
	if got := m.ai.shownDepth(m); got != settings.MaxAutoDepth {
		t.Fatalf("auto depth %d on a board of every tile; want %d", got, settings.MaxAutoDepth)
	}
	press(m, "+")
	if m.ai.depth < settings.MaxAutoDepth {
		t.Errorf("+ from auto at %d plies set %d", settings.MaxAutoDepth, m.ai.depth)
	}
	m = modelAt(t, Config{}, deep, 1)
	press(m, "-")
	if m.ai.depth != settings.MaxAutoDepth-1 {
		t.Errorf("- from auto at %d plies set %d", settings.MaxAutoDepth, m.ai.depth)
	}
}

// TestPanelSaysWhatIsInEffect: with no colour the panel does not name a
// theme that t cannot change; the help's line on the last search has no
// rate for a search that evaluated nothing.
func TestPanelSaysWhatIsInEffect(t *testing.T) {
	m := newTestModel(t, Config{Color: ColorNone})
	if !strings.Contains(plain(m), "AI heuristic") || !strings.Contains((&helpPage{}).engineText(m), "theme none (no colour)") {
		t.Errorf("with no colour the panel says:\n%s\nand the help %q", m.render(), (&helpPage{}).engineText(m))
	}
	press(m, "t")
	if m.look.theme.Name != "classic" || !strings.Contains(m.note, "No colour") {
		t.Errorf("t with no colour: theme %s, note %q", m.look.theme.Name, m.note)
	}
	m = newTestModel(t, Config{Color: ColorTrue})
	if !strings.Contains(plain(m), "AI heuristic") {
		t.Errorf("in colour the panel says:\n%s", m.render())
	}
	for _, tc := range []struct {
		r    ai.Result
		want string
	}{
		{ai.Result{Elapsed: 5 * time.Microsecond}, "the last search took 5 µs; theme classic."},
		{ai.Result{Elapsed: time.Millisecond, Counts: ai.Counts{MovesTried: 500}}, "took 1 ms, 500 k evaluations a second;"},
		{ai.Result{Elapsed: 2 * time.Second, Counts: ai.Counts{MovesTried: 1000}}, "took 2 s, 500 evaluations a second;"},
	} {
		m.ai.last = &tc.r
		if text := (&helpPage{}).engineText(m); !strings.Contains(text, tc.want) {
			t.Errorf("the help says %q; want %q", text, tc.want)
		}
	}
}

// TestNoWelcomeBackAfterNoMove: a saved game of no move resumes silently.
func TestNoWelcomeBackAfterNoMove(t *testing.T) {
	s := tempStore(t)
	s.SaveGame(playerdata.SavedGame{Game: engine.NewGame(3)}, false)
	if m := New(t.Context(), Config{Store: &s}); m.note != "" || m.cur.Game.Seed() != 3 {
		t.Errorf("a game of no move resumed with %q, seed %d", m.note, m.cur.Game.Seed())
	}
}

// TestSuspend: ctrl+z suspends the program, the game saved first.
func TestSuspend(t *testing.T) {
	s := tempStore(t)
	m := newTestModel(t, Config{Store: &s})
	press(m, "left")
	os.Remove(s.GamePath())
	cmd := press(m, "ctrl+z")
	if cmd == nil {
		t.Fatal("ctrl+z did nothing")
	}
	if _, ok := cmd().(tea.SuspendMsg); !ok {
		t.Error("ctrl+z did not suspend")
	}
	if _, err := s.LoadGame(); err != nil {
		t.Errorf("the game was not saved before suspending: %v", err)
	}
}

// TestBoardGrows: a larger terminal gets a larger board, never a smaller
// one, and the screen fits at every size; the layouts of the smaller
// terminals stay as they were.
func TestBoardGrows(t *testing.T) {
	m := midGame(t, Config{})
	for _, tc := range []struct {
		w, h int
		want boardSize
	}{
		{80, 24, largeBoard}, {92, 26, largeBoard}, {72, 16, smallBoard},
		{100, 34, grownBoard(5)}, {200, 60, grownBoard(11)},
	} {
		if l, _ := fit(tc.w, tc.h); l.board != tc.want || l.panel != panelBeside {
			t.Errorf("fit(%d, %d) = %+v; want %+v beside the panel", tc.w, tc.h, l, tc.want)
		}
	}
	for w := 60; w <= 230; w += 17 {
		last := 0
		for h := 14; h <= 75; h += 3 {
			m.Update(tea.WindowSizeMsg{Width: w, Height: h})
			checkFits(t, m)
			if l, ok := fit(w, h); ok {
				if l.board.height() < last {
					t.Errorf("%d×%d: the board is %d lines high, smaller than at a lower height", w, h, l.board.height())
				}
				last = l.board.height()
			}
		}
	}
}

// TestEngineInTheHelp: the panel leaves the engine's figures out (its
// evaluator, the time and speed of its last search) and the help says
// them, at every size; the panel says the depth in moves ahead.
func TestEngineInTheHelp(t *testing.T) {
	for _, c := range []struct {
		name          string
		width, height int
	}{{"ntuple", 80, 24}, {"", 80, 24}, {"ntuple", 72, 15}, {"ntuple", 37, 26}} {
		m := newTestModel(t, Config{EvalName: c.name, Depth: 3})
		m.Update(tea.WindowSizeMsg{Width: c.width, Height: c.height})
		m.ai.last = &ai.Result{Elapsed: time.Millisecond, Counts: ai.Counts{MovesTried: 500}}
		view := plain(m)
		if strings.Contains(view, "EVAL") || strings.Contains(view, "evals/s") || strings.Contains(view, "plies") {
			t.Errorf("evaluator %q on %d×%d: the panel shows the engine's figures: %q", c.name, c.width, c.height, view)
		}
		if !strings.Contains(view, "DEPTH 3 moves ahead") {
			t.Errorf("evaluator %q on %d×%d: the panel does not say the depth: %q", c.name, c.width, c.height, view)
		}
		name := c.name
		if name == "" {
			name = ai.Evaluators()[0].Name
		}
		text, _ := (&helpPage{}).helpText(m, min(c.width, helpWidth))
		if help := strings.Join(strings.Fields(ansi.Strip(text)), " "); !strings.Contains(help, "Now: the "+name+" evaluator; the last search took 1 ms") {
			t.Errorf("evaluator %q on %d×%d: the help does not say it: %q", c.name, c.width, c.height, help)
		}
		checkFits(t, m)
	}
}
