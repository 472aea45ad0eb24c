package accessible

import (
	"context"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/settings"
)

// The game's model is told of a terminal this large, whatever the real one:
// it keeps a board out of sight from the keys, and here nothing is out of
// sight.
const (
	modelWidth  = 100
	modelHeight = 40
)

// A front says the game of a session in lines: it hands the keys to the
// game's model, answers those that open a screen there itself, and after
// each message says what changed since it last spoke.
type front struct {
	ctx     context.Context // ends the reviews; cancelled when the program ends
	s       *tui.Session
	game    tea.Model
	keys    settings.KeyMap
	store   playerdata.Store // where the reviews are kept; nil: nowhere
	out     *printer
	last    heard  // the game as the player last heard it
	ended   bool   // the input has ended: the game quits once the AI is idle
	reviews uint64 // numbers the reviews: each answer names its own
	review  uint64 // the number of the review under way; 0 when none runs
}

// heard is what the player has been told of the game.
type heard struct {
	id       string
	board    engine.Board
	score    int
	moves    int
	over     bool
	hint     *ai.Result
	thinking bool
	autoplay bool
	question tui.Question
	banner   string
	note     string
	warnings []string
	depth    int
	unsaved  string
	practice *practiceHeard // the practice's screen, while it is up
}

// practiceHeard is what the practice's screen says: the puzzle's board, or
// the AI's line's as it plays on, and the text beside it, a paragraph a
// line, moves named by their direction ("left").
type practiceHeard struct {
	board engine.Board
	lines []string
}

// heardOf returns what st tells the player.
func heardOf(st tui.State) heard {
	g := st.Game.Game
	h := heard{
		id: st.Game.ID, board: g.Board(), score: g.Score(), moves: g.MoveCount(), over: g.Over(),
		hint: st.Hint, thinking: st.Thinking, autoplay: st.Autoplay, question: st.Question,
		note: st.Note, warnings: st.Warnings, depth: st.Depth, unsaved: st.Unsaved,
	}
	if s := st.Practice; s != nil {
		h.practice = &practiceHeard{board: s.Board()}
		for _, l := range s.Text(engine.Direction.String) {
			h.practice.lines = append(h.practice.lines, l.Text)
		}
	}
	if len(st.Banner) > 0 {
		h.banner = st.Banner[0]
	}
	return h
}

// newFront returns the front of the session s, which says the game on out.
func newFront(ctx context.Context, s *tui.Session, store playerdata.Store, out *printer) *front {
	return &front{ctx: ctx, s: s, game: s.Model(), keys: s.Keys(), store: store, out: out}
}

// inputEndedMsg says that the input has come to its end.
type inputEndedMsg struct{}

// Init greets the player, says the game, and starts the game's model,
// then says what its start changed (autoplay from the start).
func (f *front) Init() tea.Cmd {
	st := f.s.State()
	f.last = heardOf(st)
	f.out.say("2048, played by ear. Press " + keyName(f.keys.Help) + " for the keys, " + f.boardKeyWords() +
		keyName(f.keys.Quit) + " to quit; the game is saved after every move.")
	f.out.say(troubleLines(f.last, heard{})...)
	if st.Note != "" {
		f.out.say(st.Note)
	}
	f.out.say(f.whole(st)...)
	if f.last.over {
		f.out.say(f.overLines(st)...)
	}
	cmd := f.game.Init()
	f.last.autoplay = false // the model's Init starts the autoplay its Config asks for
	f.narrate(false)
	return cmd
}

// boardKeyWords says the key that reads the board again, if it has one.
func (f *front) boardKeyWords() string {
	if f.boardKeyFree() {
		return boardKey + " to hear the board again, "
	}
	return ""
}

// Update takes the keys, hands the game's own messages to its model, and
// says what changed.
func (f *front) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return f, f.onKey(msg)
	case tea.WindowSizeMsg:
		return f, f.forward(tea.WindowSizeMsg{Width: modelWidth, Height: modelHeight}, false)
	case inputEndedMsg:
		f.ended = true
		if f.s.State().Autoplay {
			return f, f.forward(pressOf(f.keys.Autoplay), true) // as any key would
		}
		return f, f.quitIfIdle()
	case reviewMsg:
		return f, f.onReview(msg)
	}
	return f, f.forward(msg, false)
}

// View draws nothing: the lines are said as the game goes.
func (f *front) View() tea.View { return tea.NewView("") }

// forward hands msg to the game's model and says what changed; byKey says
// that msg is a key of the player's, after which the game's note is said
// even if it is the one said before.
func (f *front) forward(msg tea.Msg, byKey bool) tea.Cmd {
	_, cmd := f.game.Update(msg)
	f.keys = f.s.Keys() // the preferences file read again may bind others
	f.narrate(byKey)
	if f.ended {
		return tea.Batch(cmd, f.quitIfIdle())
	}
	return cmd
}

// quitIfIdle quits, as ctrl+c does, once the AI has nothing under way: the
// input has ended, and the answer of its last key has been said.
func (f *front) quitIfIdle() tea.Cmd {
	st := f.s.State()
	if st.Thinking || st.Autoplay || f.review != 0 {
		return nil
	}
	_, cmd := f.game.Update(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	return cmd
}

// whole says the board and the score.
func (f *front) whole(st tui.State) []string {
	return append(boardLines(st.Game.Game.Board()), scoreLine(st.Game.Game.Score(), 0, st.Best))
}

// newWarnings returns the warnings of now that were not up before.
func newWarnings(before, now []string) []string {
	var fresh []string
	for _, w := range now {
		if !slices.Contains(before, w) {
			fresh = append(fresh, "Warning: "+w)
		}
	}
	return fresh
}
