// Package tui is the game in the terminal: a Bubble Tea model that draws the
// board, takes the player's keys, and asks the AI for hints and for moves in
// the background, so that the screen never freezes.
package tui

import (
	"context"
	"errors"
	"io/fs"
	"math/rand/v2"
	"slices"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/theme"
	"github.com/term2048/2048/tui/history"
)

// Config is what the command line decides about a session.
type Config struct {
	Seed     uint64        // the seed of a new game; 0 picks one at random
	NewGame  bool          // start a new game even if one is saved
	Depth    int           // the AI's search depth in plies; ai.Auto lets the position decide
	Theme    theme.Theme   // the zero Theme is theme.Default()
	Color    ColorMode     // ColorAuto follows the terminal
	Autoplay bool          // start with the AI playing
	Speed    time.Duration // the time between two moves of the AI, at least
	Store    *Store        // where the game and the history are kept; nil keeps nothing
	Prefs    *Prefs        // the keys, and where changes of settings go; nil: the defaults, kept nowhere
	Searcher *ai.Searcher  // nil makes one that uses every core
	EvalName string        // the name of Searcher's evaluator, for the panel; "" is the default heuristic
	ASCII    bool          // draw with ASCII only: the terminal's locale is not UTF-8 (see ASCIILocale)
	Animate  bool          // slide the tiles when they move (never without colour)
	Coach    bool          // mark each of the player's moves as the review will (see coach.go)
}

// Model is the state of the game on screen. It implements tea.Model.
type Model struct {
	ctx      context.Context
	keys     KeyMap
	help     help.Model
	spin     spinner.Model
	store    *Store
	prefs    *Prefs
	searcher *ai.Searcher
	evalName string // the name of the searcher's evaluator

	cur        SavedGame        // the game in progress and what the statistics need of it
	games      []history.Record // the finished games of the history, oldest first
	earlier    history.Earlier  // the games counted before the history began
	summary    history.Summary  // the statistics of games and earlier: all but the game on screen
	lastActive time.Time        // when a move was last played, or the session began: the time played runs from it

	ascii   bool // draw with ASCII only
	theme   theme.Theme
	profile colorprofile.Profile
	dark    bool
	pal     theme.Palette
	styles  frameStyles // pal's, for the frames of an animation
	width   int
	height  int

	depth    int           // 0 is automatic
	delay    time.Duration // between autoplay moves
	autoplay bool

	searches  uint64             // numbers the searches: each answer names its search
	waiting   uint64             // the number of the search in progress; 0 when none runs
	cancel    context.CancelFunc // stops the search in progress; nil when none runs
	thinking  purpose            // what the search in progress is for
	hint      *ai.Result         // the AI's answer for the board on screen
	last      *ai.Result         // the last answer, for the status line
	pending   *ai.Result         // an autoplay move waiting for its turn
	pendingID uint64             // the number of the search that answered pending
	played    *ai.Result         // the AI's last move, shown while it thinks of the next
	lastAuto  time.Time          // when the AI last played
	now       func() time.Time   // the clock: time.Now, but for tests

	flash      flash
	flashFor   time.Duration // how long the tiles of a move stay marked
	animate    bool          // the player wants moves animated
	anim       *animation    // the move being animated, if any
	animations int           // numbers the animations: each frame's tick names its own
	banner     *banner       // a moment of the game over the board, for a while
	asking     question
	showHelp   bool
	helpOffset int            // how far the help is scrolled
	stats      *statsView     // the statistics screen, when it is up
	replay     *replayView    // the replay, when it is up: over the game or the statistics
	replays    uint64         // numbers the replays: the messages of each one's review name it
	reviewPace time.Duration  // between two batches of a review's moves (see reviewPace)
	reviewAt   review.Setting // the setting of the replay's reviews (see reviewSetting)

	coach       *review.Coach      // rates the player's moves; nil when the coach is off
	ratings     uint64             // numbers the ratings: each answer names its own
	coachCancel context.CancelFunc // stops the rating in progress; nil when none runs
	mark        *coachMark         // the coach's verdict on a move
	note        string             // a line for the player, until the next key
	warnings    []warning          // what went wrong, until dismissed
	saveErr     error
	rec         recording // the writes of the history
}

// purpose says what a search is for.
type purpose int

const (
	idle purpose = iota
	forHint
	forPlay // the player pressed space with no hint on screen
	forAuto
)

// question is what the screen is waiting for the player to answer.
type question int

const (
	noQuestion question = iota
	confirmNew
	wonKeepGoing
)

// A warning tells the player that something went wrong. It stays until
// the player dismisses it (esc), or presses any key once it has been on
// the screen for warningTime: the first key of play must not take away a
// warning before it could be read.
type warning struct {
	text  string
	since time.Time
}

// warningTime is how long a warning stays whatever the keys.
const warningTime = 3 * time.Second

// warn puts a warning on the screen, unless it is there already.
func (m *Model) warn(text string) {
	for _, w := range m.warnings {
		if w.text == text {
			return
		}
	}
	m.warnings = append(m.warnings, warning{text, m.now()})
}

// seen takes away the warnings a key press has had time to be read.
func (m *Model) seen() {
	now := m.now()
	m.warnings = slices.DeleteFunc(m.warnings, func(w warning) bool { return now.Sub(w.since) >= warningTime })
}

// flash marks the tiles of the last move for a moment.
type flash struct {
	id      int
	spawned uint16 // bit i: cell i holds the new tile
	merged  uint16 // bit i: cell i holds a tile made by a merge
}

// New returns the model for cfg: the saved game resumed, unless cfg asks for
// a new one or there is none.
func New(ctx context.Context, cfg Config) *Model {
	m := &Model{
		ctx: ctx, keys: DefaultKeyMap(), help: help.New(), store: cfg.Store, searcher: cfg.Searcher, evalName: cfg.EvalName,
		theme: cfg.Theme, dark: true,
		depth: cfg.Depth, delay: cfg.Speed, autoplay: cfg.Autoplay, animate: cfg.Animate,
		spin:     spinner.New(spinner.WithSpinner(spinner.MiniDot)),
		flashFor: flashTime, reviewPace: reviewPace, reviewAt: reviewSetting, now: time.Now,
	}
	if m.theme.Name == "" {
		m.theme = theme.Default()
	}
	if cfg.ASCII {
		m.ascii, m.spin.Spinner = true, spinner.Line
	}
	if cfg.Coach {
		m.coach = review.NewCoach(reviewSetting)
	}
	if cfg.Prefs != nil {
		m.prefs, m.keys = cfg.Prefs, cfg.Prefs.Keys
		for _, p := range cfg.Prefs.Problems {
			m.warn(p)
		}
	}
	m.profile, _ = cfg.Color.profile() // until the terminal says
	if m.searcher == nil {
		m.searcher = ai.NewSearcher(ai.Config{})
	}
	if m.evalName == "" {
		m.evalName = ai.Evaluators()[0].Name
	}
	m.repaint()
	m.lastActive = m.now()
	log := m.loadHistory()
	resumed := m.resume()
	m.migrate(log)
	m.useHistory(log)
	m.loadUnrecorded()
	if resumed && m.recorded(m.cur.ID) {
		// The game was left, and the program ended before the next game
		// was saved: the player asked for a new game already.
		resumed, m.note = false, ""
	}
	if resumed {
		if !cfg.NewGame || !m.leave() {
			return m
		}
		m.note = ""
	}
	seed := cfg.Seed
	if seed == 0 {
		seed = newSeed()
	}
	m.cur = SavedGame{ID: newGameID(), Game: engine.NewGame(seed)}
	m.save(true) // now: the game left must not be resumed and left again
	return m
}

// newSeed picks the seed of a new game: under a billion, so that a player
// can note it and replay the game with -seed.
func newSeed() uint64 { return 1 + rand.Uint64N(999_999_999) }

// resume loads the saved game and reports whether there was one.
func (m *Model) resume() bool {
	if m.store == nil {
		return false
	}
	s, err := m.store.LoadGame()
	if errors.Is(err, fs.ErrNotExist) {
		return false
	}
	if err != nil {
		m.warn("Saved game not resumed: " + err.Error())
		return false
	}
	m.cur = s
	if s.Game.MoveCount() > 0 {
		m.note = "Welcome back: your game is where you left it."
	}
	return true
}

// Init asks for the terminal's background and starts autoplay if asked to.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor}
	if m.autoplay {
		m.autoplay = false
		cmds = append(cmds, m.toggleAutoplay())
	}
	return tea.Batch(cmds...)
}

// Update handles a message and returns the next command.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.onKey(msg)
	case tea.WindowSizeMsg:
		wasHidden := m.hidden()
		m.width, m.height = msg.Width, msg.Height
		if wasHidden && !m.hidden() && m.pending != nil {
			return m, m.onAutoTick(autoTickMsg{m.pendingID}) // autoplay waited for the board
		}
	case tea.ColorProfileMsg:
		m.profile = msg.Profile
		m.repaint()
	case tea.BackgroundColorMsg:
		m.dark = msg.IsDark()
		m.repaint()
	case searchMsg:
		return m, m.onSearch(msg)
	case autoTickMsg:
		return m, m.onAutoTick(msg)
	case flashDoneMsg:
		if msg.id == m.flash.id {
			m.flash = flash{id: m.flash.id}
		}
	case bannerDoneMsg:
		m.onBannerDone(msg)
	case frameMsg:
		return m, m.onFrame(msg)
	case reviewStartedMsg:
		return m, m.onReviewStarted(msg)
	case reviewMovesMsg:
		return m, m.onReviewMoves(msg)
	case reviewPollMsg:
		return m, m.onReviewPoll(msg)
	case reviewEndedMsg:
		return m, m.onReviewEnded(msg)
	case reviewKeptMsg:
		m.onReviewKept(msg)
	case replayTickMsg:
		return m, m.onReplayTick(msg)
	case coachMsg:
		m.onCoach(msg)
	case spinner.TickMsg:
		if m.thinking != idle {
			var cmd tea.Cmd
			m.spin, cmd = m.spin.Update(msg)
			return m, cmd
		}
	}
	return m, nil
}

// repaint resolves the theme for the terminal, the help's colours too.
func (m *Model) repaint() {
	m.pal = m.theme.Palette(m.profile, m.dark)
	m.styles = frameStylesOf(m.pal)
	keys := lipgloss.NewStyle().Foreground(m.pal.Text).Bold(true)
	desc := lipgloss.NewStyle().Foreground(m.pal.Muted)
	m.help.Styles = help.Styles{
		Ellipsis: desc, ShortKey: keys, ShortDesc: desc, ShortSeparator: desc,
		FullKey: keys, FullDesc: desc, FullSeparator: desc,
	}
}

// answer takes k as the answer to the question on screen, if there is one;
// done reports that the key was used up by it.
func (m *Model) answer(k tea.KeyPressMsg) (cmd tea.Cmd, done bool) {
	switch m.asking {
	case confirmNew:
		m.asking = noQuestion
		if key.Matches(k, m.keys.Yes) {
			return m.newGame(), true
		}
		m.note = "The game goes on."
		return nil, true
	case wonKeepGoing:
		switch {
		case key.Matches(k, m.keys.New):
			m.asking = noQuestion
			return m.newGame(), true
		case key.Matches(k, m.keys.KeepGoing):
			m.asking = noQuestion
			return nil, true
		case key.Matches(k, m.keys.Up, m.keys.Down, m.keys.Left, m.keys.Right):
			m.asking = noQuestion // moving on is keeping going: the key moves too
		}
	}
	return nil, false
}

// onKey dispatches a key press. A key puts away the note on screen, which
// has then been seen, and the warnings that have been up long enough; what
// the key does may leave a note of its own. Moves of the AI leave notes
// and warnings alone.
func (m *Model) onKey(k tea.KeyPressMsg) tea.Cmd {
	if key.Matches(k, m.keys.Quit) && k.String() == "ctrl+c" {
		return m.quit()
	}
	if m.replay != nil { // the game under it, its notes and its question, stay as they are
		if m.showHelp {
			m.onHelpKey(k)
			return nil
		}
		return m.onReplayKey(k)
	}
	if key.Matches(k, m.keys.Review) && m.stats == nil && !m.showHelp && !m.hidden() {
		return m.replayGameOnScreen() // over the game as it is: its note, banner and question stay
	}
	m.note, m.banner = "", nil // a banner goes with any key, which acts too
	m.anim = nil               // and so does an animation: the board is already where it leads
	// On the statistics, esc goes back: the warnings stay.
	if key.Matches(k, m.keys.Dismiss) && len(m.warnings) > 0 && m.stats == nil {
		m.warnings = nil
		return nil
	}
	if !m.showHelp && !key.Matches(k, m.keys.Help) {
		m.seen() // the help shows the warnings whole: opening it is not putting them away
	}
	if m.stats == nil { // the question waits under the statistics
		if cmd, done := m.answer(k); done {
			return cmd
		}
	}
	if m.showHelp && !key.Matches(k, m.keys.Quit) {
		m.onHelpKey(k)
		return nil
	}
	if m.stats != nil && !key.Matches(k, m.keys.Quit, m.keys.Help, m.keys.Suspend) {
		return m.onStatsKey(k)
	}
	if m.hidden() && !key.Matches(k, m.keys.Quit, m.keys.Help, m.keys.Suspend) {
		return nil // no key acts on a board out of sight
	}
	switch {
	case key.Matches(k, m.keys.Up):
		return m.move(engine.Up, review.ByPlayer)
	case key.Matches(k, m.keys.Down):
		return m.move(engine.Down, review.ByPlayer)
	case key.Matches(k, m.keys.Left):
		return m.move(engine.Left, review.ByPlayer)
	case key.Matches(k, m.keys.Right):
		return m.move(engine.Right, review.ByPlayer)
	case key.Matches(k, m.keys.Hint):
		return m.askHint()
	case key.Matches(k, m.keys.Play):
		return m.playHint()
	case key.Matches(k, m.keys.Autoplay):
		return m.toggleAutoplay()
	case key.Matches(k, m.keys.Deeper):
		m.setDepth(m.shownDepth() + 1)
	case key.Matches(k, m.keys.Shallower):
		m.setDepth(m.shownDepth() - 1)
	case key.Matches(k, m.keys.AutoDepth):
		m.setAutoDepth()
	case key.Matches(k, m.keys.Slower):
		m.setSpeed(+1)
	case key.Matches(k, m.keys.Faster):
		m.setSpeed(-1)
	case key.Matches(k, m.keys.Undo):
		return m.undo()
	case key.Matches(k, m.keys.New):
		return m.askNewGame()
	case key.Matches(k, m.keys.Theme):
		m.nextTheme()
	case key.Matches(k, m.keys.Stats):
		m.openStats()
	case key.Matches(k, m.keys.Help):
		m.showHelp = true
	case key.Matches(k, m.keys.Suspend):
		return m.suspend()
	case key.Matches(k, m.keys.Quit):
		return m.quit()
	}
	return nil
}
